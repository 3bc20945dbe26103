// Facts a text denies or only asks about, and coded JSON exports (issue 33): "claim-free for
// seven years" and "hasn't made a single claim in four years" are no claims, never seven or four;
// an unanswered question states nothing; a cue denied in a later clause gives the outcome; Y/N
// flags under abbreviated keys are read; a denial only "yet" reads nothing, and a synonym denied
// loses to an amount stated for the input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const motor = inputsOf({
  "driver age": { type: "number [16..100]", desc: "How old is the main driver, in years?" },
  "prior claims": { type: "number >= 0", desc: "How many insurance claims has the driver made in the last five years?" },
  "vehicle value": { type: "number >= 0", desc: "What is the vehicle worth, in dollars?" },
});
const property = inputsOf({
  "police report": { type: "boolean", desc: "Was a police report filed for the loss?" },
  "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" },
});
const loan = inputsOf({
  "requested amount": { type: "number > 0", desc: "How many dollars does the applicant ask to borrow?" },
  "prior default": { type: "boolean", desc: "Has the applicant ever defaulted on a loan?" },
  employment: {
    type: "employed|freelance|unemployed|retired",
    desc: "What is the applicant's employment status?",
    options: {
      employed: "works for an employer for a wage or salary",
      freelance: "self-employed, runs their own business",
      unemployed: "has no job",
      retired: "has stopped working and lives on a pension",
    },
  },
});

const WORDS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const DENIALS = [
  (years: string) => `has been claim-free for the last ${years} years`,
  (years: string) => `hasn't made a single claim in the past ${years} years`,
  (years: string) => `has not had any claims in ${years} years`,
  (years: string) => `has never claimed in ${years} years`,
  (years: string) => `has had no claims in ${years} years`,
];

describe("counts a text denies", () => {
  it("reads no claims as 0, never the years or the driver's age, whatever the wording", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: WORDS.length - 1 }),
        fc.boolean(),
        fc.integer({ min: 0, max: DENIALS.length - 1 }),
        fc.integer({ min: 18, max: 90 }),
        fc.constantFrom("The driver is", "The driver, aged", "Driver age"),
        (y, inWords, d, age, opening) => {
          const years = inWords ? WORDS[y]! : String(y + 2);
          const text = `${opening} ${age}, and ${DENIALS[d]!(years)}. The car is worth $14,000.`;
          const got = readText(motor, text);
          expect(got["prior claims"]?.value, text).toBe(0);
          expect(got["driver age"]?.value ?? age, text).toBe(age);
          expect(got["vehicle value"]?.value, text).toBe(14000);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("does not take a denial of knowing for a denial of the claims", () => {
    expect(readText(motor, "She doesn't know how many claims she made.")["prior claims"]).toBeUndefined();
    expect(readText(motor, "He did not say how many claims were made.")["prior claims"]).toBeUndefined();
  });
});

describe("booleans a text asks about or denies later", () => {
  it("states nothing in a question left unanswered, and reads one that is answered", () => {
    const questions = ["Do I need to contact the police for this?", "Should we file a police report?", "Was a police report filed?"];
    for (const q of questions) {
      expect(readText(property, `The bike was stolen from the shed. ${q} It cost $800.`)["police report"], q).toBeUndefined();
    }
    for (const q of questions.slice(1))
      expect(readText(property, `${q}\nCustomer: No, we did not.`)["police report"]?.value, q).toBe(false);
    expect(readText(property, "Police report? Yes, filed on Monday.")["police report"]?.value).toBe(true);
  });

  it("states nothing in a bare question of a chat or a form's label left blank, whoever answers it in other words", () => {
    const asked = ["police report?", "Police report??", "police?", "Police report filed?"];
    const speakers = ["", "[09:04] Aisha (KYC): ", "analyst2: ", "Q: "];
    const after = ["don't think so, but it hasn't come back yet", "will check w/ the customer ??", "Amount claimed: USD 800", "ok thanks"];
    fc.assert(
      fc.property(fc.constantFrom(...asked), fc.constantFrom(...speakers), fc.constantFrom(...after), (q, who, next) => {
        const got = readText(property, `${who}${q}\n${who.replace(/\w+/, "Sam")}${next}`);
        expect(got["police report"]).toBeUndefined();
      }),
    );
    // a label answered on its line is read
    expect(readText(property, "Police report? Yes")["police report"]?.value).toBe(true);
    expect(readText(property, "Police report? No")["police report"]?.value).toBe(false);
  });

  it("states nothing when the fact is only promised, planned, attempted or required", () => {
    const said = [
      "We will file a police report tomorrow.",
      "We'll report it to the police.",
      "The police report is still to be filed.",
      "I intend to report it to the police.",
      "I was told to get a police report.",
      "A police report is required for theft claims.",
      "Police report: to follow",
      "We tried to report it to the police but the station was closed.",
    ];
    for (const text of said) expect(readText(property, `The bike was stolen. ${text}`)["police report"], text).toBeUndefined();
    // denied in the future is still denied; done is done
    expect(readText(property, "The police said they will not file a report.")["police report"]?.value).toBe(false);
    expect(readText(property, "We reported it to the police on Monday and will send the reference.")["police report"]?.value).toBe(true);
  });

  it("reads a fact that expired or a hit dismissed as false, and one only claimed or requested as missing", () => {
    const pricing = inputsOf({ "tax exempt": { type: "boolean", desc: "Does the customer hold a sales tax exemption certificate?" } });
    const media = inputsOf({ "adverse media": { type: "boolean", desc: "Did the adverse media screening return a relevant hit?" } });
    for (const text of ["Tax exempt status: expired last year.", "Their tax exemption lapsed in May.", "Tax exemption revoked."])
      expect(readText(pricing, text)["tax exempt"]?.value, text).toBe(false);
    for (const text of [
      "They claim to be tax exempt.",
      "Exemption certificate requested from the client.",
      "The client says it is tax exempt.",
    ])
      expect(readText(pricing, text)["tax exempt"], text).toBeUndefined();
    expect(readText(pricing, "The customer holds a valid tax exemption certificate.")["tax exempt"]?.value).toBe(true);
    expect(readText(media, "One adverse media article came up about a namesake, dismissed as unrelated.")["adverse media"]?.value).toBe(
      false,
    );
    expect(readText(media, "Adverse media screening returned two relevant articles about fraud charges.")["adverse media"]?.value).toBe(
      true,
    );
  });

  it("gives a date of what is only planned a low confidence", () => {
    const dated = inputsOf({ "report date": { type: "date", desc: "On what date was the loss reported to the police?" } });
    const got = readText(dated, "Today is 6 October 2026. I will file a police report tomorrow.")["report date"];
    expect(got === undefined || got.confidence < 0.6).toBe(true);
    expect(readText(dated, "Today is 6 October 2026. I filed a police report yesterday.")["report date"]?.value).toBe("2026-10-05");
  });

  it("takes the outcome from a cue denied in a later clause", () => {
    const got = readText(property, "A neighbour called the police but no report was filed in the end.")["police report"];
    expect(got?.value).toBe(false);
    expect(got!.confidence).toBeLessThanOrEqual(0.9);
    expect(readText(property, "The police were called and a report was filed.")["police report"]?.value).toBe(true);
  });

  it("reads another person's amount ('my brother's claim', 'our neighbour's claim') as not the subject's", () => {
    for (const who of ["My brother's", "Our neighbour's", "Her husband's"]) {
      const got = readText(property, `${who} claim came to $12,000.`)["claim amount"];
      expect(got === undefined || got.confidence < 0.6, who).toBe(true);
    }
    expect(readText(property, "Our claim came to $12,000.")["claim amount"]?.confidence).toBeGreaterThan(0.9);
  });

  it("reads a request as the value asked for, a modal statement as a hedge", () => {
    expect(readText(loan, "Could we make the loan $7,000 instead?")["requested amount"]?.value).toBe(7000);
    expect(readText(loan, "I could borrow $7,000 from my brother.")["requested amount"]).toBeUndefined();
  });
});

describe("choices said by a unit of time", () => {
  const tier = inputsOf({
    "customer tier": {
      type: "bronze|silver|gold",
      desc: "Which loyalty tier is the customer in?",
      options: { bronze: "new customer", silver: "customer for two years or more", gold: "strategic account" },
    },
  });

  it("takes no tier from a price per year, and one from a count of years as a customer", () => {
    for (const text of [
      "40 seats at $30 per seat per year.",
      "List price: forty-five dollars per seat per year.",
      "Billed yearly; last year they had 25 seats.",
    ])
      expect(readText(tier, text)["customer tier"], text).toBeUndefined();
    expect(readText(tier, "They have been a customer for four years.")["customer tier"]?.value).toBe("silver");
  });
});

describe("coded JSON exports", () => {
  const flags: [string, boolean][] = [
    ["Y", true],
    ["N", false],
    ["yes", true],
    ["no", false],
  ];
  const keys = ["prior_default_flag", "prev_dflt_ind", "dflt_hist_flag", "default_hist_yn", "PRIOR_DEFAULT_FLAG"];

  it("reads Y/N default flags under abbreviated keys, beside other coded fields", () => {
    for (const key of keys)
      for (const [flag, value] of flags) {
        const got = readJson(loan, { ref: "L-1", amt_req: "$19,000", [key]: flag, emp_stat_cd: "part-time employed" });
        expect(got["prior default"]?.value, `${key}: ${flag}`).toBe(value);
        expect(got["requested amount"]?.value).toBe(19000);
        expect(got.employment?.value).toBe("employed");
      }
  });

  it("keeps an option's name among another option's words for that option ('self-employed' is freelance)", () => {
    expect(readJson(loan, { ref: "L-2", emp_stat_cd: "self-employed" }).employment?.value).toBe("freelance");
  });

  it("takes the current value over one a key marks as previous or original, in any key order", () => {
    const pairs: [string, string][] = [
      ["fico_prev", "fico_current"],
      ["old_fico", "fico"],
      ["fico_original", "fico_latest"],
    ];
    const score = inputsOf({ "credit score": { type: "number [300..850]", desc: "What is the applicant's FICO credit score?" } });
    for (const [old, now] of pairs) {
      expect(readJson(score, { [old]: 640, [now]: 701 })["credit score"]?.value, `${old} ${now}`).toBe(701);
      expect(readJson(score, { [now]: 701, [old]: 640 })["credit score"]?.value, `${now} ${old}`).toBe(701);
    }
  });

  it("reads 'none' in a count field as 0", () => {
    expect(readJson(motor, { drv_age: 40, claims_last_5yrs: "none", veh_val: 9000 })["prior claims"]?.value).toBe(0);
    expect(readJson(motor, { drv_age: 40, clm_cnt_5y: "2", veh_val: 9000 })["prior claims"]?.value).toBe(2);
  });
});

describe("words that only look like a cue", () => {
  it("never reads a policy, or a policy number, as a police report", () => {
    const labels = ["Policy no.:", "Policy number", "Policy", "Your policy", "Policies held:"];
    fc.assert(
      fc.property(fc.constantFrom(...labels), fc.stringMatching(/^[A-Z]{2}-\d{3,6}(-\d{2,4})?$/), (label, number) => {
        const got = readText(property, `HOME CLAIM FORM\n${label} ${number}\nAmount claimed: USD 3,115.40`);
        expect(got["police report"]).toBeUndefined();
        expect(got["claim amount"]?.value).toBe(3115.4);
      }),
      { numRuns: 60 },
    );
    // a reference whose letters spell a word of the cue ("PD": police department) is a reference
    expect(readText(property, "HOME CLAIM FORM\nPolicy no.: PD-000\nAmount claimed: USD 3,115.40")["police report"]).toBeUndefined();
    // the police themselves are still read, beside a policy
    expect(readText(property, "Policy no.: HP-7719-204. The police came and a report was filed.")["police report"]?.value).toBe(true);
  });
});

const kyc = inputsOf({ "adverse media": { type: "boolean", desc: "Did screening find adverse media about the customer?" } });

describe("a check not made yet", () => {
  it("establishes nothing, where a fact denied with 'yet' is still denied", () => {
    for (const text of [
      "Adverse media: search not run yet, queued for tomorrow.",
      "Adverse media: not checked yet.",
      "Adverse media screening pending.",
      "Adverse media search is queued.",
    ])
      expect(readText(kyc, text)["adverse media"], text).toBeUndefined();
    expect(readText(kyc, "Adverse media: none found yet.")["adverse media"]?.value).toBe(false);
    expect(readText(property, "I haven't filed a police report yet.")["police report"]?.value).toBe(false);
    expect(readText(property, "Police report: not filed yet.")["police report"]?.value).toBe(false);
  });
});

describe("a screening hit set aside", () => {
  it("is never read as a hit above 0.9 when the note discounts it", () => {
    for (const text of [
      "Adverse media: two articles found, both about a different company with a similar name, so discounted.",
      "Adverse media: one article, discounted as it concerns a namesake.",
      "Adverse media hit discounted after review.",
      "Adverse media: one local news article came up; the analyst reviewed it and it is not relevant.",
    ]) {
      const got = readText(kyc, text)["adverse media"];
      expect(got === undefined || got.value === false || got.confidence <= 0.9, text).toBe(true);
    }
  });
});

describe("denials of what is not known yet, and of one kind of a thing", () => {
  const pricing = inputsOf({
    "coupon percent": { type: "number [0..100]", desc: "What coupon discount, in percent, does the sales rep apply?" },
  });
  const lending = inputsOf({
    "annual income": { type: "number >= 0", desc: "What is the applicant's gross annual income in dollars?" },
  });
  it("reads nothing from a denial that is only 'yet', 0 from a plain one", () => {
    fc.assert(
      fc.property(fc.constantFrom("discussed", "agreed", "decided", "offered"), fc.constantFrom("yet", "at this stage"), (verb, when) => {
        expect(readText(pricing, `No coupon ${verb} ${when}.`)["coupon percent"]).toBeUndefined();
        expect(readText(pricing, `No coupon ${verb}.`)["coupon percent"]?.value).toBe(0);
      }),
    );
  });
  it("lets an amount stated for the input win over a synonym denied", () => {
    fc.assert(
      fc.property(fc.integer({ min: 5000, max: 90000 }), (income) => {
        const text = `Retired, no salary; pension $${income.toLocaleString("en-US")} a year.`;
        expect(readText(lending, text)["annual income"]?.value).toBe(income);
      }),
      { numRuns: 30 },
    );
  });
});

describe("a value set against the one it replaces", () => {
  const pricing = inputsOf({
    quantity: { type: "number >= 1", desc: "How many seats are ordered?" },
    "list price": { type: "number >= 0", desc: "What is the catalogue price of one seat per year, in dollars?" },
  });
  it("takes the replaced value back: it answers no input", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 900 }),
        fc.integer({ min: 2, max: 900 }),
        fc.constantFrom("instead of", "rather than", "in place of the"),
        (now, before, joint) => {
          fc.pre(now !== before);
          const r = readText(pricing, `Please redo the quote: make it ${now} seats ${joint} ${before}. Same terms otherwise.`);
          expect(r.quantity?.value).toBe(now);
          expect(r["list price"]?.value).not.toBe(before);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("a verdict that denies the word the question asks", () => {
  const kyc = inputsOf({
    "adverse media": { type: "boolean", desc: "Did the adverse media screening return a relevant hit?" },
  });
  it("answers no when the finding is judged not relevant in the next fragment", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("one article came up", "a hit was returned", "two articles were found"),
        fc.constantFrom("the analyst reviewed it and it is not relevant", "not relevant", "compliance judged it not relevant"),
        (finding, verdict) => {
          const got = readText(kyc, `Adverse media screening: ${finding}; ${verdict}.`)["adverse media"];
          expect(got?.value).toBe(false);
          expect(got!.confidence).toBeLessThan(0.9);
        },
      ),
    );
  });
  it("keeps a hit judged relevant", () => {
    expect(readText(kyc, "Adverse media screening: one article came up; it is relevant.")["adverse media"]?.value).toBe(true);
  });
});

describe("a denial carried on to a stronger statement", () => {
  it("denies what follows 'let alone' or 'much less' after a negator, and only then", () => {
    const lesser = fc.constantFrom("missed a payment", "been late on a bill", "paid a card late");
    const joiner = fc.constantFrom("let alone", "much less", "still less");
    const stronger = fc.constantFrom("defaulted on a loan", "a default", "a loan default");
    fc.assert(
      fc.property(lesser, joiner, stronger, (l, j, s) => {
        expect(readText(loan, `I have never ${l}, ${j} ${s}.`)["prior default"]?.value).toBe(false);
        // without a denial before it, the words deny nothing
        expect(readText(loan, `I once ${l}, and in 2019 I defaulted on a loan.`)["prior default"]?.value).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});
