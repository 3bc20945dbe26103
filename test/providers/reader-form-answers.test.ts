// Answers a form or a chat gives in its own words (issue 33): someone looking for work has no job,
// whatever their last job was; "Employment: none (made redundant …)" says unemployed, the bracket
// explaining the none rather than denying the reason; a form's longer question answered "No" is
// answered; the wage of a job that ended is not the income now.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const loan = inputsOf({
  "requested amount": { type: "number > 0", desc: "How many dollars does the applicant ask to borrow?" },
  "annual income": { type: "number >= 0", desc: "What is the applicant's yearly income in dollars?" },
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

const SEEKING = [
  "until I find work",
  "while I'm looking for work",
  "until I find a job again",
  "as I'm looking for a job",
  "while job hunting",
];
const REASONS = ["made redundant in August", "laid off in spring", "the factory closed", "contract ended, looking for work"];

describe("employment said by what the person is doing", () => {
  it("reads someone looking for work as unemployed", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEEKING), fc.integer({ min: 1, max: 9 }), (seeking, thousands) => {
        const out = readText(loan, `I need to borrow $${thousands},000 to cover the rent ${seeking}.`);
        expect(out.employment?.value).toBe("unemployed");
      }),
    );
  });

  it("reads 'none' on the employment line as unemployed, whatever the bracket after it says", () => {
    fc.assert(
      fc.property(fc.constantFrom(...REASONS), (reason) => {
        const out = readText(loan, `Amount requested: $4,000\nCurrent employment: none (${reason})`);
        expect(out.employment?.value).not.toBe("employed");
        if (/redundant|laid off|looking for work/.test(reason)) expect(out.employment?.value).toBe("unemployed");
      }),
    );
  });
});

const FILLERS = ["on a loan", "on a loan or credit agreement", "on any loan, card or credit agreement", "on a loan in the last six years"];

describe("a form's question answered after it", () => {
  it("takes the answer however many words the question has after its cue", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FILLERS), fc.boolean(), fc.boolean(), (filler, yes, ever) => {
        const question = `${ever ? "Have you ever" : "Ever"} defaulted ${filler}?`;
        const out = readText(loan, `Amount requested: $4,000\n${question} ${yes ? "Yes" : "No"}`);
        expect(out["prior default"]?.value).toBe(yes);
      }),
    );
  });
});

describe("the pay of a job that ended", () => {
  it("is not the income now", () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 90 }), fc.constantFrom("Last wage", "Last salary", "Last pay"), (k, label) => {
        const out = readText(loan, `Loan wanted: $2,000\n${label}: $${k},500 a year\nIncome now: $0`);
        expect(out["annual income"]?.value).not.toBe(k * 1000 + 500);
      }),
    );
  });
});

const lending = inputsOf({
  "monthly debt": { type: "number >= 0", desc: "How many dollars does the applicant pay each month on existing debts?" },
  "loan amount": { type: "number > 0", desc: "How many dollars does the applicant ask to borrow?" },
});
const REPAYMENTS = [
  (m: number) => `my only other commitment is a car loan at $${m} a month`,
  (m: number) => `I still pay a student loan, $${m}/month`,
  (m: number) => `there is a personal loan of $${m} per month on my file`,
];
const REQUESTS = [(r: number) => `What I'm after now is $${r} for the roof.`, (r: number) => `I need $${r} to buy a van.`];

describe("an amount per month beside the word loan", () => {
  it("is a repayment, not the sum asked", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: REPAYMENTS.length - 1 }),
        fc.integer({ min: 0, max: REQUESTS.length - 1 }),
        fc.integer({ min: 60, max: 900 }),
        fc.integer({ min: 2, max: 40 }),
        (p, q, m, k) => {
          const out = readText(lending, `Hello, ${REPAYMENTS[p]!(m)}. ${REQUESTS[q]!(k * 1000)}`);
          expect(out["loan amount"]?.value).not.toBe(m);
          if (out["monthly debt"]) expect(out["monthly debt"].value).toBe(m);
        },
      ),
    );
  });
});

const motor = inputsOf({
  "annual mileage": { type: "number >= 0", desc: "How many miles is the vehicle driven each year?" },
  "vehicle use": {
    type: "personal|commuting|business",
    desc: "What is the vehicle used for?",
    options: {
      personal: "social, domestic and pleasure use only",
      commuting: "driving to and from a regular place of work",
      business: "driving for work, visiting clients or carrying goods",
    },
  },
});
const JOURNEYS = [
  "I drive it to the office",
  "I use it to get to the hospital where I work",
  "she drives to college",
  "it gets me to my job at the port",
];
const WORK_DRIVING = ["I drive for work, visiting clients", "we use it to deliver parts to job sites", "it carries goods for the business"];

describe("the use of a car told as a journey", () => {
  it("reads a journey to a place of work or study as commuting, never above 0.9", () => {
    fc.assert(
      fc.property(fc.constantFrom(...JOURNEYS), fc.integer({ min: 3, max: 20 }), (journey, k) => {
        const use = readText(motor, `${journey} every weekday, roughly ${k},000 miles a year.`)["vehicle use"];
        expect(use?.value).toBe("commuting");
        expect(use!.confidence).toBeLessThanOrEqual(0.9);
      }),
    );
  });

  it("does not read driving for work as commuting", () => {
    for (const told of WORK_DRIVING)
      expect(readText(motor, `${told}, about 20,000 miles a year.`)["vehicle use"]?.value).not.toBe("commuting");
  });
});

const claimsWindow = inputsOf({
  "prior claims": { type: "number >= 0", desc: "How many insurance claims has the driver made in the last five years?" },
});

describe("a window of years written short", () => {
  it("is no count of claims ('Claims last 5 yrs: 2')", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom("yrs", "yr", "Yrs"),
        (years, count, unit) => {
          const got = readText(claimsWindow, `Claims last ${years} ${unit}: ${count}.`)["prior claims"]?.value;
          if (years !== count) expect(got).not.toBe(years);
        },
      ),
    );
  });
});

const pricing = inputsOf({
  "contract years": { type: "number [1..10]", desc: "How many years does the contract run?" },
  "customer tier": {
    type: "bronze|silver|gold",
    desc: "Which loyalty tier is the customer in?",
    options: { bronze: "new customer", silver: "customer for two years or more", gold: "strategic account" },
  },
});

describe("a tier told by the customer's history", () => {
  it("reads a first-time customer as the tier of new customers, whatever the term's years", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.constantFrom("a first-time customer", "first time customer"), (years, told) => {
        const out = readText(pricing, `Call with Dunmore Vets, ${told}. ${years}-year agreement.`);
        expect(out["customer tier"]?.value).toBe("bronze");
      }),
    );
  });
});

describe("counts and facts answered 'none' or 'never', ages from a date of birth", () => {
  const motor = inputsOf({
    "driver age": { type: "number [16..100]", desc: "How old is the main driver, in years?" },
    "prior claims": { type: "number >= 0", desc: "How many insurance claims has the driver made in the last five years?" },
    "annual mileage": { type: "number >= 0", desc: "How many miles is the vehicle driven each year?" },
  });
  it("reads 0 from a label or a question answered none, nothing from 'no idea'", () => {
    fc.assert(
      fc.property(fc.constantFrom("none", "None, never claimed", "nil", "zero", "No", "Never"), (answer) => {
        expect(readText(motor, `Claims in the last 5 years: ${answer}`)["prior claims"]?.value).toBe(0);
        expect(readText(motor, `Agent: Any claims?\nCustomer: ${answer}`)["prior claims"]?.value).toBe(0);
      }),
    );
    expect(readText(motor, "Agent: How many miles a year?\nCustomer: no idea, sorry")["annual mileage"]).toBeUndefined();
  });
  it("reads 'never' as the answer to a yes/no question", () => {
    expect(readText(loan, "Agent: Have you ever defaulted on a loan?\nCustomer: never")["prior default"]?.value).toBe(false);
  });
  it("counts whole years from a date of birth to the day of writing", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1930-01-01"), max: new Date("2005-12-31"), noInvalidDate: true }), (birth) => {
        const iso = birth.toISOString().slice(0, 10);
        const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
        const age = 2026 - y - (11 < m || (11 === m && 10 < d) ? 1 : 0);
        const got = readText(motor, `Today is 2026-11-10. Main driver date of birth: ${iso}.`)["driver age"];
        expect(got?.value).toBe(age);
        expect(got!.confidence).toBeLessThan(0.9);
      }),
      { numRuns: 60 },
    );
  });
});

describe("a name said by its initials", () => {
  const lending = inputsOf({
    "credit score": { type: "number [300..850]", desc: "What is the applicant's credit score on the 300 to 850 scale?" },
    "loan amount": { type: "number > 0", desc: "How many dollars does the applicant ask to borrow?" },
  });
  it("reads 'CS 812' as the credit score, and never a lower-case 'cs'", () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 850 }), (score) => {
        expect(readText(lending, `Note: appl. retd, CS ${score}. Wants $8k.`)["credit score"]?.value).toBe(score);
        expect(readText(lending, `Note: appl. retd, cs ${score}. Wants $8k.`)["credit score"]?.value).not.toBe(score);
      }),
      { numRuns: 30 },
    );
  });
});

describe("a note's shortened words and European money", () => {
  const pricing = inputsOf({
    "coupon percent": { type: "number [0..100]", desc: "What coupon discount, in percent, does the sales rep apply?" },
    "annual uplift": { type: "number [0..100]", desc: "By what percentage does the price rise at each yearly renewal?" },
  });
  const kyc = inputsOf({
    "monthly volume": { type: "number >= 0", desc: "How many dollars does the customer expect to move through the account each month?" },
  });
  it("reads 'cpn 7.5%' as the coupon beside another percentage", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 9 }), (coupon, uplift) => {
        fc.pre(coupon !== uplift);
        const r = readText(pricing, `Q-2291: 300 seats, cpn ${coupon}%, uplift ${uplift}%`);
        expect(r["coupon percent"]?.value).toBe(coupon);
        expect(r["annual uplift"]?.value).toBe(uplift);
      }),
      { numRuns: 30 },
    );
  });
  it("reads a sum of money with a dot before three digits as thousands", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), (thousands, rest) => {
        const written = `${thousands}.${String(rest).padStart(3, "0")}`;
        expect(readText(kyc, `Expected volume: USD ${written}/month.`)["monthly volume"]?.value).toBe(thousands * 1000 + rest);
      }),
      { numRuns: 30 },
    );
  });
});

describe("thousands grouped with a space, and a form's page number", () => {
  it("reads '54 300' as one amount, and no page number as the sum asked", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 1, max: 9 }),
        (thousands, rest, page) => {
          const income = thousands * 1000 + rest;
          const text = `LOAN APPLICATION - page ${page} of ${page + 1}\nGross annual income (USD): ${thousands} ${String(rest).padStart(3, "0")}`;
          const r = readText(loan, text);
          expect(r["annual income"]?.value).toBe(income);
          expect(r["requested amount"]?.value).not.toBe(page);
          expect(r["requested amount"]?.value).not.toBe(page + 1);
        },
      ),
      { numRuns: 30 },
    );
  });
});
