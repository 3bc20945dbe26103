// Who said a figure, and whether it stood: a value put as a question and turned down in the reply
// ("coupon 20%?" / "no — 20 is too much. I approved 12%") is not the value, the one the reply agrees
// in its place is; and a chat writer who says they are the subject's relative ("his wife here")
// gives their own figures, not the subject's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const pricing = modelOf("pricing").ir.inputs;
const lending = modelOf("lending").ir.inputs;
const money = (n: number) => n.toLocaleString("en-US");

/** Chat lines as three kinds of export write them: a team chat's name and time, a phone's stamp, a transcript's name. */
const SPEAKERS = fc.constantFrom(
  (name: string, minute: number) => `${name} (AE) 10:${String(minute).padStart(2, "0")}  `,
  (name: string, minute: number) => `[09/04/2026, 10:${String(minute).padStart(2, "0")}] ${name}: `,
  (name: string) => `${name}: `,
);
const REFUSALS = fc.constantFrom("no —", "No,", "nope -", "no.", "Non,", "Nein,", "Nee,", "Não,");

describe("a value asked and turned down in the reply", () => {
  it("is not read; the value the reply agrees in its place is", () => {
    fc.assert(
      fc.property(SPEAKERS, REFUSALS, fc.integer({ min: 5, max: 40 }), fc.integer({ min: 1, max: 30 }), (line, no, asked, agreed) => {
        fc.pre(asked !== agreed);
        const text =
          `${line("Maya", 14)}they want 300 seats, 1-year contract\n${line("Maya", 16)}coupon ${asked}%?\n` +
          `${line("Raj", 21)}${no} ${asked} is too much. I approved ${agreed}%, use ${agreed}\n${line("Maya", 22)}ok`;
        const got = readText(pricing, text)["coupon percent"];
        expect(got?.value).toBe(agreed);
        // read through the exchange, never sure
        expect(got!.confidence).toBeLessThanOrEqual(0.9);
      }),
      { numRuns: 60, seed: 3301 },
    );
  });

  it("turns a sum of money down the same way", () => {
    fc.assert(
      fc.property(SPEAKERS, REFUSALS, fc.integer({ min: 5, max: 60 }), fc.integer({ min: 5, max: 60 }), (line, no, asked, agreed) => {
        fc.pre(asked !== agreed);
        const text = `${line("Priya", 2)}so the loan amount is $${money(asked * 1000)}?\n${line("Tom", 5)}${no} I need $${money(agreed * 1000)} only`;
        const got = readText(lending, text)["loan amount"];
        expect(got?.value).toBe(agreed * 1000);
      }),
      { numRuns: 40, seed: 3302 },
    );
  });

  it("reads a 'no' set off by a dash as a whole answer, no denial of what follows", () => {
    fc.assert(
      fc.property(fc.constantFrom("no —", "No –", "nope -", "Nee —"), fc.integer({ min: 2, max: 60 }), (no, k) => {
        const got = readText(lending, `Client: ${no} I need $${money(k * 1000)} for the loan`);
        expect(got["loan amount"]?.value).toBe(k * 1000);
        expect(got["monthly debt"]).toBeUndefined();
      }),
      { numRuns: 20, seed: 3304 },
    );
  });

  it("leaves a value asked alone when the reply does not turn it down", () => {
    for (const reply of ["no idea, ask Raj", "yes, 20 is fine", "ok"]) {
      const text = `Maya (AE) 10:16  coupon 20%?\nRaj (Sales Mgr) 10:21  ${reply}`;
      expect(readText(pricing, text)["coupon percent"]?.value).toBe(20);
    }
  });
});

describe("a chat writer who says they are the subject's relative", () => {
  const INTRODUCTIONS = fc.constantFrom("his wife here", "her husband here 👋", "I'm his partner", "this is her mum", "Tom's wife here");
  it("gives their own figures, never read as the subject's above a guess", () => {
    fc.assert(
      fc.property(
        SPEAKERS,
        INTRODUCTIONS,
        fc.integer({ min: 20, max: 150 }),
        fc.integer({ min: 20, max: 150 }),
        (line, intro, own, theirs) => {
          fc.pre(own !== theirs);
          const text =
            `${line("Priya", 2)}Hi Tom, to finish your loan file I need a few numbers\n` +
            `${line("Tom", 5)}my income is $${money(own * 1000)} a year\n` +
            `${line("Lucy", 7)}${intro}, I earn ${money(theirs * 1000)} a year if that helps\n` +
            `${line("Lucy", 9)}and I pay 210 a month on my car\n` +
            `${line("Tom", 12)}just the van, $380/month`;
          const got = readText(lending, text);
          expect(got["annual income"]?.value).toBe(own * 1000);
          expect(got["monthly debt"]?.value).toBe(380);
          expect(got["monthly debt"]?.alternatives ?? []).not.toContainEqual(expect.objectContaining({ value: 210 }));
        },
      ),
      { numRuns: 60, seed: 3303 },
    );
  });

  it("keeps a writer's own figures when they introduce no one", () => {
    const text = "[09/04/2026, 10:05] Tom: my wife and I want a loan\n[09/04/2026, 10:07] Tom: I earn 61,000 a year";
    expect(readText(lending, text)["annual income"]?.value).toBe(61_000);
  });
});
