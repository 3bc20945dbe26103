// What the text reader makes of evidence as people write it: numbers in words, clock times, prices
// per seat per month, day-first dotted dates, European grouping, digits in names, values of another
// time or party, corrections, hedges, listed amounts, relative dates without a date of writing,
// negation that spans a parenthesis, stated answers, ticked boxes, questions answered on the next
// line; and the three failures reported on evidence written outside the project.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calibrationError, loadFixtures, modelOf, withReference } from "../../scripts/eval-reader.js";
import { findDates } from "../../src/providers/readers/dates.js";
import { parseAmount } from "../../src/providers/readers/numbers.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { CONFIDENCE_FLOOR } from "../../src/providers/readers/text/confidence.js";
import { tokenize } from "../../src/providers/readers/text/tokens.js";
import type { ReadValue } from "../../src/providers/types.js";

const lending = modelOf("lending").ir.inputs;
const kyc = modelOf("kyc-risk").ir.inputs;
const pricing = modelOf("pricing").ir.inputs;
const claims = modelOf("claims-triage").ir.inputs;
const property = modelOf("property-claims").ir.inputs;
const values = (r: Record<string, ReadValue>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.value]));

/** An English number in words, the way people write them: "four hundred and twelve thousand, ..." without commas. */
function inWords(n: number, and: boolean, comma = false): string {
  const small = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
  ];
  const tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
  const below100 = (x: number) => (x < 20 ? small[x]! : tens[Math.floor(x / 10)]! + (x % 10 ? `-${small[x % 10]}` : ""));
  const below1000 = (x: number) => {
    const h = Math.floor(x / 100);
    const r = x % 100;
    if (h === 0) return below100(r);
    return `${small[h]} hundred${r ? `${and ? " and" : ""} ${below100(r)}` : ""}`;
  };
  const parts: string[] = [];
  for (const [scale, word] of [
    [1e9, "billion"],
    [1e6, "million"],
    [1e3, "thousand"],
  ] as const) {
    if (n >= scale) {
      parts.push(`${below1000(Math.floor(n / scale))} ${word}`);
      n %= scale;
    }
  }
  if (n > 0 || parts.length === 0) parts.push(below1000(n));
  return parts.join(comma ? ", " : " ");
}

const amountsOf = (text: string) =>
  tokenize(text)
    .filter((t) => t.kind === "amount")
    .map((t) => t.amount!);

describe("the forms of a value", () => {
  it("reads any number written in words as one amount, with its currency word", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 999_999_999 }), fc.boolean(), fc.boolean(), (n, and, comma) => {
        const words = inWords(n, and, comma);
        expect(amountsOf(`She asks for ${words} dollars today.`)).toEqual([
          { value: n, percent: false, scaled: n >= 1000, words: true, currency: "USD" },
        ]);
      }),
      { seed: 11 },
    );
    expect(amountsOf("a million dollars")[0]).toMatchObject({ value: 1e6, currency: "USD" });
    expect(amountsOf("ten percent")[0]).toMatchObject({ value: 10, percent: true });
  });

  it("reads halves, quarters and grands of a scale", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 99 }), (n) => {
        expect(amountsOf(`${inWords(n, false)} and a half thousand dollars`)[0]).toMatchObject({ value: n * 1000 + 500 });
        expect(amountsOf(`${inWords(n, false)} grand`)[0]).toMatchObject({ value: n * 1000 });
        expect(amountsOf(`${n} grand`)[0]).toMatchObject({ value: n * 1000 });
      }),
      { numRuns: 40 },
    );
    expect(amountsOf("half a million dollars")[0]).toMatchObject({ value: 500_000, currency: "USD" });
    expect(amountsOf("a quarter of a million").map((a) => a.value)).toEqual([250_000]);
    expect(amountsOf("the grand total").map((a) => a.value)).toEqual([]);
    expect(amountsOf("twelve, fifteen and twenty").map((a) => a.value)).toEqual([12, 15, 20]);
  });

  it("does not join number words that are not one number ('seven, sixty' is two; 'seven sixty' is a figure said in pairs)", () => {
    expect(amountsOf("my scores were seven, sixty").map((a) => a.value)).toEqual([7, 60]);
    expect(amountsOf("one of the owners").map((a) => a.value)).toEqual([]);
  });

  it("takes clock times for no amount, and a line break before an amount still ends the sentence", () => {
    const tokens = tokenize("[09:15] Advisor: How much?\n14,000\n2:30 pm: done");
    expect(tokens.filter((t) => t.kind === "amount").map((t) => t.amount!.value)).toEqual([14000]);
    expect(tokens.find((t) => t.text === "14,000")!.sentence).toBe(1);
    expect(tokens.find((t) => t.text === "done")!.sentence).toBe(2);
  });

  it("reads a period after the thing counted, never from the next line", () => {
    expect(parseAmount("$25 per seat per month")).toMatchObject({ value: 25, period: "month" });
    expect(parseAmount("$18/seat/yr")).toMatchObject({ value: 18, period: "year" });
    expect(amountsOf("Gross annual income: $74,500\nMonthly debt payments: $1,240")[0]!.period).toBeUndefined();
    expect(values(readText(pricing, "List price: $25 per seat per month. 90 seats."))["list price"]).toBe(300);
  });

  it("reads European grouping ('1.234,56', '1.234.567') as US grouping, and leaves a lone '1.234' a decimal", () => {
    const european = (cents: number) => {
      const [whole, frac] = (cents / 100).toFixed(2).split(".") as [string, string];
      return `${whole.replace(/\B(?=(\d{3})+$)/g, ".")},${frac}`;
    };
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 99_999_999_999 }), (cents) => {
        expect(parseAmount(`USD ${european(cents)}`)).toMatchObject({ value: cents / 100, currency: "USD" });
        expect(parseAmount(`$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`)!.value).toBe(cents / 100);
      }),
      { seed: 5 },
    );
    expect(parseAmount("1.234.567")!.value).toBe(1234567);
    expect(parseAmount("1.234")!.value).toBe(1.234);
    expect(values(readText(lending, "Gross annual income: USD 52.800,00"))["annual income"]).toBe(52800);
  });

  it("takes digits glued to a word for part of a name, not an amount", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{2,8}$/), fc.integer({ min: 0, max: 99 }), (word, n) => {
        expect(amountsOf(`${word}${n}: volume?`)).toEqual([]);
      }),
      { seed: 7 },
    );
    expect(amountsOf("analyst2: $12,000 a month").map((a) => a.value)).toEqual([12000]);
  });

  it("reads dotted dates day first, as the JSON reader does", () => {
    expect(findDates("Policy start 01.04.2023, reported 05.02.2026.", "2026-03-01").map((d) => d.iso)).toEqual([
      "2023-04-01",
      "2026-02-05",
    ]);
  });
});

describe("what words around a value do to it", () => {
  it("the three failures reported on outside evidence", () => {
    const water = readText(property, "Water damage from a burst pipe under the kitchen sink was reported on March 7, 2026.");
    expect(water).not.toHaveProperty("police report");
    const loan = readText(lending, "She paid off her previous loan of $9,000 last spring. She asks for $18,000 this time.");
    expect(loan["loan amount"]).toMatchObject({ value: 18000 });
    expect(values(readText(lending, "Bureau pulled: score 801. Wants 25k."))).toMatchObject({ "credit score": 801 });
  });

  it("a value of another time or party gives way to the one asked for, in either order", () => {
    const qualifier = fc.constantFrom("previous", "prior", "former", "earlier", "original");
    fc.assert(
      fc.property(
        qualifier,
        fc.integer({ min: 1000, max: 90_000 }),
        fc.integer({ min: 1000, max: 90_000 }),
        fc.boolean(),
        (q, old, asked, first) => {
          fc.pre(old !== asked);
          const before = `Her ${q} loan of $${old.toLocaleString("en-US")} was repaid.`;
          const now = `She asks to borrow $${asked.toLocaleString("en-US")}.`;
          const got = readText(lending, first ? `${before} ${now}` : `${now} ${before}`)["loan amount"];
          expect(got?.value).toBe(asked);
        },
      ),
      { numRuns: 60, seed: 3 },
    );
  });

  it("a correction takes back the amount before it, and the new one answers in its place", () => {
    const corrections = fc.constantFrom("sorry, I meant", "correction: revised to", "no wait, corrected to", "- I meant");
    fc.assert(
      fc.property(
        corrections,
        fc.integer({ min: 1000, max: 90_000 }),
        fc.integer({ min: 1000, max: 90_000 }),
        fc.boolean(),
        (c, old, meant, newLine) => {
          fc.pre(old !== meant);
          const text = `I'd like to borrow $${old.toLocaleString("en-US")}.${newLine ? "\n" : " "}${c} $${meant.toLocaleString("en-US")}.`;
          const got = readText(lending, text);
          expect(got["loan amount"]?.value).toBe(meant);
          expect(Object.values(got).map((v) => v.value)).not.toContain(old);
        },
      ),
      { numRuns: 60, seed: 9 },
    );
  });

  it("an amount listed beside others of its form is less sure: the input may be their sum", () => {
    const alone = readText(lending, "Debts: mortgage $2,150/month.")["monthly debt"]!;
    const listed = readText(lending, "Debts: mortgage $2,150/month, car $390/month.")["monthly debt"]!;
    expect(alone.confidence).toBeGreaterThan(0.9);
    expect(listed.confidence).toBeLessThanOrEqual(0.75);
  });

  it("a relative date in a text that states no date of writing is a weak guess, and yields to a written date", () => {
    const clock = readText(claims, "The car was hit yesterday; the claim came in today.");
    for (const v of Object.values(clock)) expect(v.confidence).toBeLessThan(0.7);
    const stated = readText(claims, "Today is 2026-03-10. The car was hit yesterday; the claim came in today.");
    expect(values(stated)).toMatchObject({ "incident date": "2026-03-09", "report date": "2026-03-10" });
    for (const input of Object.keys(clock)) expect(stated[input]!.confidence).toBeGreaterThan(clock[input]!.confidence);
    expect(values(readText(claims, "I am reporting this today, January 16, 2026."))["report date"]).toBe("2026-01-16");
  });

  it("a hedged or ranged value is at most a weak guess, below any threshold of 0.5", () => {
    const weak = (r: Record<string, ReadValue>, input: string) => r[input] === undefined || r[input]!.confidence < 0.5;
    expect(weak(readText(pricing, "The rep may offer a coupon of up to 20% if they sign this quarter."), "coupon percent")).toBe(true);
    expect(weak(readText(claims, "The caller estimates somewhere between $1,000 and $1,500 for the window."), "claim amount")).toBe(true);
    expect(weak(readText(lending, "She thinks her credit score is in the 700s."), "credit score")).toBe(true);
    expect(readText(pricing, "The rep offers a coupon of 20%.")["coupon percent"]!.confidence).toBeGreaterThan(0.9);
    const approximate = readText(lending, "Her car payments come to about $650 a month.")["monthly debt"]!;
    const exact = readText(lending, "Her car payments come to $650 a month.")["monthly debt"]!;
    expect(approximate.value).toBe(650);
    expect(approximate.confidence).toBeLessThan(exact.confidence);
  });

  it("an input's own word denied says 0", () => {
    expect(values(readText(pricing, "Gold tier, 30 seats, no coupon, 4% annual uplift."))).toMatchObject({
      "coupon percent": 0,
      "annual uplift": 4,
    });
    expect(values(readText(modelOf("eligibility").ir.inputs, "The applicant owns her home and pays no rent."))).toEqual({
      "monthly rent": 0,
    });
    expect(values(readText(modelOf("eligibility").ir.inputs, "Rent: none (they own the flat)\nUtilities: $210"))).toEqual({
      "monthly rent": 0,
    });
    expect(values(readText(lending, "Existing repayments: nil"))).toMatchObject({ "monthly debt": 0 });
  });

  it("negation: one negator or two deny alike, a parenthesis does not end the statement, 'but' does", () => {
    expect(values(readText(kyc, "She is not, and has never been, a politically exposed person."))).toMatchObject({ pep: false });
    expect(
      values(readText(kyc, "The directors are not on any sanctions list, but one of them is a politically exposed person.")),
    ).toMatchObject({ pep: true });
    expect(values(readText(kyc, "Adverse media screening returned no relevant hits."))).toMatchObject({ "adverse media": false });
    expect(values(readText(kyc, "The customer is a PEP who has no adverse media."))).toMatchObject({ pep: true });
    // a verdict after a semicolon the clause rules do not attribute: the hit is doubted, or read as
    // none (an article about a namesake is no relevant hit)
    const verdict = readText(kyc, "The adverse media check found an article about a namesake; not relevant.")["adverse media"];
    expect(verdict === undefined || verdict.value === false || verdict.confidence < 0.8).toBe(true);
    const other = readText(kyc, "The adverse media check found an article about a fraud case; not relevant.")["adverse media"];
    expect(other === undefined || other.confidence < 0.8).toBe(true);
  });

  it("an answer written after the cue words decides", () => {
    const cases: [string, Record<string, boolean>][] = [
      ["PEP check: negative", { pep: false }],
      ["Adverse media: nothing found", { "adverse media": false }],
      ["Adverse media hit: Yes (relevant)", { "adverse media": true }],
      ["PEP N", { pep: false }],
    ];
    for (const [text, want] of cases) expect(values(readText(kyc, text))).toMatchObject(want);
    expect(values(readText(pricing, "Tax exempt? No - their certificate lapsed."))).toMatchObject({ "tax exempt": false });
    expect(values(readText(property, "Police report: yes (ref. 77812)"))).toMatchObject({ "police report": true });
  });

  it("a weaker word alone does not speak of a boolean, and a hedge leaves it a guess", () => {
    expect(readText(property, "The adjuster's report was filed on 2026-02-02.")).not.toHaveProperty("police report");
    const hedged = readText(kyc, "There may be a press article linking the owner to a former minister.").pep;
    expect(hedged === undefined || hedged.confidence < 0.5).toBe(true);
  });

  it("a ticked box chooses, an empty one does not", () => {
    expect(values(readText(claims, "Kind of loss: [ ] Collision [x] Theft [ ] Glass"))["claim type"]).toBe("theft");
    expect(values(readText(claims, "Kind of loss: [x] Glass [ ] Theft"))["claim type"]).toBe("glass");
  });

  it("a question's answer on the next line belongs to it", () => {
    const text =
      "Advisor: What amount are you looking to borrow?\nClient: 14,000\nAdvisor: What do you pay each month on debts?\nClient: about 450";
    expect(values(readText(lending, text))).toMatchObject({ "loan amount": 14000, "monthly debt": 450 });
  });
});

describe("confidence", () => {
  it("no value is answered below the floor, on any labelled text", () => {
    for (const fx of loadFixtures().filter((f) => typeof f.state === "string")) {
      const got = readText(modelOf(fx.sample).ir.inputs, withReference(fx.state as string, fx.reference_date));
      for (const v of Object.values(got)) expect(v.confidence).toBeGreaterThanOrEqual(CONFIDENCE_FLOOR);
    }
  });

  it("calibration error: 0 when confidence is the share right, |gap| when every value is off by it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 50 }), (tenths, n) => {
        const c = tenths / 10 + 0.05;
        // n values at confidence c of which round(c × 10k) of 10k are right: calibrated
        const right = Math.round(c * 10 * n);
        const points = Array.from({ length: 10 * n }, (_, i) => ({ confidence: c, right: i < right }));
        expect(calibrationError(points)).toBeCloseTo(Math.abs(right / (10 * n) - c), 9);
        expect(calibrationError(points.map((p) => ({ ...p, right: true })))).toBeCloseTo(1 - c, 9);
      }),
    );
    expect(calibrationError([])).toBe(0);
  });
});
