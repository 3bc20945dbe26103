// What the reader takes from an e-mail's structure and from the English model: the current
// message answers before its quoted history, which never answers above 0.85; a fact the text
// denies or hedges is missing, never read ("no claims in five years" is not 5 claims); a police
// report never mentioned is missing; a question answered on the next line is answered; an age
// said without the word ("I'm 67"); a "one" that counts; abbreviated JSON keys.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { messageParts } from "../../src/providers/readers/text/message-parts.js";
import { readEnglish } from "../../src/providers/readers/text/english.js";
import { abbreviates } from "../../src/providers/readers/words.js";

const loan = modelOf("loan-application").ir.inputs;
const motor = modelOf("motor-quote").ir.inputs;
const property = modelOf("property-claims").ir.inputs;
const TODAY = "Today is 2026-11-01. ";

const amount = fc.integer({ min: 2, max: 900 }).map((n) => n * 100);
const line = fc.stringMatching(/^[A-Za-z ,.]{0,40}$/);

describe("e-mail structure", () => {
  it("splits quoted lines and history headers from the current message, keeping every offset", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), fc.array(line, { minLength: 1, maxLength: 4 }), (now, old) => {
        const text = [...now, "", "On 3 Oct 2026, Ana wrote:", ...old.map((l) => `> ${l}`)].join("\n");
        const { current, history } = messageParts(text);
        expect(current.length).toBe(text.length);
        expect(history.length).toBe(text.length);
        // the current message is where it was; the header is in neither part
        expect(current.slice(0, now.join("\n").length)).toBe(now.join("\n"));
        expect(current).not.toContain(">");
        expect(current).not.toContain("wrote");
        expect(history).not.toContain("wrote");
        expect(history.trim()).toBe(
          old
            .map((l) => `  ${l}`)
            .join("\n")
            .trim(),
        );
      }),
    );
  });

  it("takes a reply header wrapped before 'wrote:' for a header, and dates the history by it", () => {
    const text =
      "The amount is now $7,000.\n\nOn Tue, Sep 15, 2026 at 10:04 AM Leo Smith <leo@example.com>\nwrote:\n> I want to borrow $5,000.";
    const parts = messageParts(text);
    expect(parts.current).not.toContain("Leo");
    expect(parts.history).not.toContain("wrote");
    expect(parts.history).toContain("I want to borrow $5,000.");
    expect(parts.historyHeader).toContain("Sep 15, 2026");
    expect(messageParts("On second thought, I want $7,000.\nThanks").history).toBe("");
  });

  it("leaves a text with no history whole", () => {
    const text = "Loan of $5,000.\nIncome $40,000 a year.\nDate: 3 May 2026\nTo: claims";
    expect(messageParts(text)).toEqual({ current: text, history: "" });
  });

  it("reads the current value over a quoted one, and a value only the history gives at 0.85 at most", () => {
    fc.assert(
      fc.property(amount, amount, fc.integer({ min: 620, max: 800 }), (now, before, score) => {
        fc.pre(now !== before);
        const text =
          `${TODAY}Change of plan: I'd now like to borrow $${now.toLocaleString("en-US")}.\n\nThanks,\nMara\n\n` +
          `On 12 Sep 2026, Leo wrote:\n> I have noted a loan of $${before.toLocaleString("en-US")} and a credit score of ${score}.`;
        const got = readText(loan, text);
        expect(got["requested amount"]?.value).toBe(now);
        expect(got["credit score"]?.value).toBe(score);
        expect(got["credit score"]!.confidence).toBeLessThanOrEqual(0.85);
      }),
      { numRuns: 30 },
    );
  });

  it("takes an 'Original Message' block for history", () => {
    const text = `${TODAY}Her score was re-pulled today: 731.\n\n-----Original Message-----\nFrom: Priya\nSent: 3 November 2026\n\nMy credit score is 690 and I would like to borrow $9,800.`;
    const got = readText(loan, text);
    expect(got["credit score"]?.value).toBe(731);
    expect(got["requested amount"]?.value).toBe(9800);
    expect(got["requested amount"]!.confidence).toBeLessThanOrEqual(0.85);
  });
});

describe("the history's own date, and a signature's numbers", () => {
  it("resolves the history's relative dates against the day its header dates it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 28 }), (day) => {
        const text =
          `Today is 2026-11-30. The final invoice came to $1,345, which is our claim.\n\n` +
          `On ${day} Oct 2026 Anna Berg wrote:\n> Our flat was burgled yesterday. I am reporting it to you today.`;
        const got = readText(property, text);
        const iso = (d: number) => `2026-10-${String(d).padStart(2, "0")}`;
        expect(got["report date"]?.value).toBe(iso(day));
        expect(got["loss date"]?.value).toBe(iso(day - 1));
        expect(got.peril?.value).toBe("theft");
        expect(got["claim amount"]?.value).toBe(1345);
      }),
      { numRuns: 20 },
    );
  });

  it("reads no licence, reference or phone number as an amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 999_999 }), fc.integer({ min: 1000, max: 9999 }), amount, (licence, phone, asked) => {
        const text =
          `Please price this one: the client asks to borrow $${asked.toLocaleString("en-US")}.\n` +
          `Jo Baptiste | Senior Loan Officer | NMLS ${licence}\nTel. 020 7946 ${phone} | loan ref #${licence + 7}`;
        const got = readText(loan, text);
        expect(got["requested amount"]?.value).toBe(asked);
        // The asked amount may equal the phone's last group (both can be 1000): every other value is checked.
        const others = Object.entries(got).filter(([name]) => name !== "requested amount");
        for (const [, v] of others) expect([licence, licence + 7, phone, 20, 7946]).not.toContain(v.value);
      }),
      { numRuns: 30 },
    );
  });
});

describe("denied, hedged and unmentioned facts are missing", () => {
  const words = ["two", "three", "four", "five", "six", "seven", "ten"];
  it("'no claims in N years' is 0 claims or none, never N, whatever the N", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10 }), fc.boolean(), (n, inWords) => {
        const years = inWords ? (words[n - 2] ?? String(n)) : String(n);
        const got = readText(motor, `${TODAY}I'm 45, I've had no claims in ${years} years and the car is worth $9,000.`);
        const claims = got["prior claims"]?.value;
        expect(claims === undefined || claims === 0).toBe(true);
        expect(got["annual mileage"]?.value).not.toBe(n);
      }),
      { numRuns: 20 },
    );
  });

  it("a police report the text never mentions is missing; one it denies is false; a question answered 'No' is false", () => {
    const never = readText(property, `${TODAY}A pipe burst on 14 October 2026 and flooded the kitchen. The repair is $4,260.`);
    expect(never["police report"]).toBeUndefined();
    const none = readText(property, `${TODAY}Storm on 18 Sep 2026 took tiles off the roof. No police report. Roofer quotes $7,900.`);
    expect(none["police report"]?.value).toBe(false);
    const asked = readText(property, `${TODAY}Agent: Did you contact the police?\nCustomer: No, didn't see the need.`);
    expect(asked["police report"]?.value).toBe(false);
  });

  it("a hedged value is no value", () => {
    const got = readText(loan, `${TODAY}I think my credit score is somewhere around 740 but I have not checked.`);
    expect(got["credit score"]).toBeUndefined();
  });

  it("a word two options' meanings share says neither: 'damage' is in 'smoke damage' and 'storm damage' alike", () => {
    expect(readText(property, "More damage was found behind the wall.")["peril"]).toBeUndefined();
    expect(readText(property, "Smoke damage in the kitchen.")["peril"]?.value).toBe("fire");
  });

  it("'now' is no date", () => {
    const got = readText(property, "The electrician found more damage, so the claim is now $3,150.");
    expect(got["loss date"]).toBeUndefined();
  });
});

describe("the English model's readings", () => {
  it("finds negation scopes and durations as character spans of the text", () => {
    const text = "No claims in five years. She is 80.";
    const r = readEnglish(text);
    expect(r.negated.map((s) => text.slice(s.start, s.end))).toContain("claims in five years");
    expect(r.durations.map((s) => text.slice(s.start, s.end))).toContain("five years");
    expect([...r.ages].map((at) => text.slice(at, at + 2))).toEqual(["is"]);
  });

  it("reads an age said without the word, and a 'one' that counts", () => {
    expect(readText(motor, `${TODAY}I'm 67 and I drive about 6,000 miles a year.`)["driver age"]?.value).toBe(67);
    expect(readText(motor, `${TODAY}The driver is 51 and had one claim in the last five years.`)["prior claims"]?.value).toBe(1);
    expect(readEnglish("He is one of the owners.").counts.size).toBe(0);
  });
});

describe("abbreviated JSON keys", () => {
  it("an abbreviation keeps the word's first letter, its letters in order, and two consonants", () => {
    for (const [short, word] of [
      ["amt", "amount"],
      ["dflt", "default"],
      ["clm", "claim"],
      ["yr", "year"],
      ["veh", "vehicl"],
    ])
      expect(abbreviates(short!, word!)).toBe(true);
    for (const [short, word] of [
      ["ia", "income"],
      ["mta", "amount"],
      ["amount", "amount"],
      ["oa", "oak"],
    ])
      expect(abbreviates(short!, word!)).toBe(false);
  });

  it("reads an export with abbreviated keys and Y/N flags", () => {
    const got = readJson(loan, {
      app_id: "A-77120",
      amt_req: "$19,000",
      inc_annual_gross: "61,500",
      q_fico_band_score: 688,
      emp_stat_cd: "SELF EMPLOYED",
      prior_default_flag: "N",
    });
    expect(Object.fromEntries(Object.entries(got).map(([k, v]) => [k, v.value]))).toEqual({
      "requested amount": 19000,
      "annual income": 61500,
      "credit score": 688,
      employment: "freelance",
      "prior default": false,
    });
  });
});
