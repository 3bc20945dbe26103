// Which value is current, and which is not settled: a reply that names its quoted history's
// figure as replaced ("14,500 rather than the 20k") or tells the reader to disregard it; a
// sentence that says the figures just given are not settled ("do not use either figure yet"); a
// value said to be since replaced ("not current"), which no input takes for want of another; a
// figure in a parenthesis after an earlier thing ("Prior glass claim in 2024 ($290)"); and the
// role of driver given to another person in the passive ("driven mostly by my son"); a certificate
// only applied for.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { readEnglish } from "../../src/providers/readers/text/english.js";
import { qualifiersOf, retracted, takenBack } from "../../src/providers/readers/text/qualifiers.js";
import { tokenize } from "../../src/providers/readers/text/tokens.js";

const lending = modelOf("lending").ir.inputs;
const claims = modelOf("claims-triage").ir.inputs;
const motor = modelOf("motor-quote").ir.inputs;
const money = (n: number) => n.toLocaleString("en-US");
const THOUSANDS = fc.integer({ min: 3, max: 90 });

describe("a reply that names its history's figure as replaced", () => {
  const REPLACING = [
    (now: string, old: string) => `we can make do with ${now} instead of ${old}`,
    (now: string, old: string) => `${now} rather than the ${old} is enough now`,
    (now: string, old: string) => `we have decided on ${now}, not ${old}`,
  ];

  it("reads the reply's new figure for what the history's answered, never the old one", () => {
    fc.assert(
      fc.property(fc.constantFrom(...REPLACING), THOUSANDS, THOUSANDS, fc.boolean(), (say, old, now, short) => {
        fc.pre(old !== now);
        const oldSaid = short ? `${old}k` : `$${money(old * 1000)}`;
        const text =
          `Hi Sam,\n\nA small change: ${say(money(now * 1000), oldSaid)}. Everything else stays the same.\n\nJo\n\n` +
          `On 2 Oct 2026, Jo wrote:\n> I would like a personal loan of $${money(old * 1000)}. My salary is $61,000 a year.`;
        const got = readText(lending, text, "2026-10-09");
        expect(got["loan amount"]?.value).toBe(now * 1000);
        expect(got["loan amount"]!.confidence).toBeLessThanOrEqual(0.85);
        expect(Object.values(got).map((v) => v.value)).not.toContain(old * 1000);
      }),
      { numRuns: 30, seed: 60 },
    );
  });

  it("takes back a figure the writer tells the reader to disregard, for the new total before it", () => {
    fc.assert(
      fc.property(fc.constantFrom("ignore", "disregard", "forget"), THOUSANDS, THOUSANDS, (verb, old, now) => {
        fc.pre(old !== now);
        const text = `The bills now come to $${money(now * 100 + 50)} in total. Please ${verb} the $${money(old * 100)} I mentioned before.`;
        const tokens = tokenize(text, readEnglish(text).counts);
        const amounts = tokens.flatMap((t, i) => (t.kind === "amount" ? [i] : []));
        const [newer, dismissed] = amounts as [number, number];
        expect(takenBack(tokens, dismissed)).toBe(true);
        expect(takenBack(tokens, newer)).toBe(false);
        expect(retracted(tokens, amounts).get(dismissed)).toBe(newer);
      }),
      { numRuns: 25, seed: 61 },
    );
  });

  it("reads nothing for a figure the reply dismisses with no new one", () => {
    const text =
      "Hello,\n\nPlease disregard the $3,400 from my first note; the garage has not finished its inspection.\n\nAna\n\n" +
      "-----Original Message-----\nFrom: Ana\nSent: 3 March 2026 10:00\n\nSomeone hit my car on 1 March 2026. The claim amount is $3,400.";
    expect(readText(claims, text, "2026-03-20")["claim amount"]).toBeUndefined();
  });
});

describe("a sentence that says the figures just given are not settled", () => {
  const UNSETTLED = [
    "Pending clarification - do not use either figure yet.",
    "Neither figure is confirmed yet.",
    "Both amounts are provisional until HR replies.",
    "We have not settled on either number yet.",
  ];

  it("leaves the figures of the sentence before unread", () => {
    fc.assert(
      fc.property(fc.constantFrom(...UNSETTLED), THOUSANDS, THOUSANDS, (note, a, b) => {
        fc.pre(a !== b);
        const text = `Income: the form says $${money(a * 1000)}; the payslips annualise to $${money(b * 1000)}. ${note}\nRequested: $9,000. Score 690.`;
        const got = readText(lending, text, "2026-05-01");
        expect(got["annual income"]).toBeUndefined();
        expect(got["loan amount"]?.value).toBe(9000);
      }),
      { numRuns: 25, seed: 62 },
    );
  });

  it("leaves them read when the next sentence holds its own amount or names no figure", () => {
    for (const note of ["Credit check pending.", "A second amount of $2,000 is pending."]) {
      const got = readText(lending, `Annual income: $52,000 a year. ${note} Requested: $9,000.`, "2026-05-01");
      expect(got["annual income"]?.value, note).toBe(52_000);
    }
  });
});

describe("a certificate applied for", () => {
  it("is not yet held: no tax exemption is read", () => {
    const pricing = modelOf("pricing").ir.inputs;
    fc.assert(
      fc.property(fc.constantFrom("which we expect next month", "but it has not been issued yet", "and are waiting to hear"), (rest) => {
        const text = `Deal notes: 300 seats at $40 per seat per year. They have applied for a sales tax exemption certificate, ${rest}.`;
        expect(readText(pricing, text, "2026-05-01")["tax exempt"]?.value).not.toBe(true);
      }),
      { numRuns: 3 },
    );
  });
});

describe("a value said to be replaced since", () => {
  it("is taken by no input for want of another", () => {
    fc.assert(
      fc.property(
        THOUSANDS,
        THOUSANDS,
        fc.constantFrom("in my earlier e-mail", "on the previous form", "that is no longer current"),
        (now, old, said) => {
          fc.pre(old !== now);
          const text = `Following up: my income this year is $${money(now * 1000)} (the $${money(old * 1000)} ${said} was last year's). My only debt is a car loan at $410 a month.`;
          const got = readText(lending, text, "2026-05-01");
          expect(got["annual income"]?.value).toBe(now * 1000);
          expect(Object.values(got).map((v) => v.value)).not.toContain(old * 1000);
        },
      ),
      { numRuns: 25, seed: 63 },
    );
  });

  it("still gives a figure only dated ('last year') to the input left", () => {
    const text = "I am a self-employed joiner and would like to borrow twelve thousand dollars. Last year my business brought in $58,000.";
    expect(readText(lending, text, "2026-05-01")["annual income"]?.value).toBe(58_000);
  });

  it("reads a figure in a parenthesis after an earlier thing as of that thing", () => {
    const text = "Windscreen replaced for $410. Prior glass claim in 2024 ($290).";
    const tokens = tokenize(text, readEnglish(text).counts);
    const at = tokens.findIndex((t) => t.amount?.value === 290);
    expect(qualifiersOf(tokens, at).has("other")).toBe(true);
    const first = tokens.findIndex((t) => t.amount?.value === 410);
    expect(qualifiersOf(tokens, first).has("other")).toBe(false);
  });
});

describe("the driver named in the passive", () => {
  it("never reads the writer's own age as the driver's but as a guess", () => {
    fc.assert(
      fc.property(fc.integer({ min: 40, max: 75 }), fc.constantFrom("son", "daughter", "wife", "husband"), (age, who) => {
        const text = `Hello, I'm ${age} and I pay for the insurance, but the car is driven mostly by my ${who}. The car is valued at $11,200.`;
        const got = readText(motor, text, "2026-05-01")["driver age"];
        if (got?.value === age) expect(got.confidence).toBeLessThan(0.5);
      }),
      { numRuns: 15, seed: 64 },
    );
  });

  it("keeps the writer's age when the writer drives it", () => {
    const text = "Hello, I'm 58 and the car is driven mostly by me. The car is valued at $11,200.";
    expect(readText(motor, text, "2026-05-01")["driver age"]?.value).toBe(58);
  });
});

describe("a figure wanted instead of an earlier one named without its amount", () => {
  it("is the current figure, and the earlier one of the quoted message is not read", () => {
    const SAY = [
      (now: string, word: string) => `Update: the final figure is ${now} — please go with that instead of the ${word} one.`,
      (now: string, word: string) => `The body shop says ${now} now; use it rather than the ${word} number.`,
      (now: string, word: string) => `It is ${now} after all, so take that in place of my ${word} figure.`,
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...SAY),
        fc.constantFrom("earlier", "previous", "original", "old", "prior"),
        THOUSANDS,
        THOUSANDS,
        (say, word, old, now) => {
          fc.pre(old !== now);
          const text =
            `Hello,\n\n${say(`$${money(now * 100)}`, word)}\n\nThanks, Ana\n\n` +
            `> On 3 Mar 2026 Ana wrote:\n> A tree branch fell on my parked car in the storm last night. The first estimate is $${money(old * 100)}.`;
          const got = readText(claims, text, "2026-03-06");
          expect(got["claim amount"]?.value).toBe(now * 100);
        },
      ),
      { numRuns: 60 },
    );
  });
});
