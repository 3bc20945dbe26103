// A run with no space longer than a word is read as blank, so that the patterns that scan a word
// (the tokenizer's link and address patterns, "a word ending a sentence") cost at most a word's
// square or cube each: 16,000 characters of "http://" took the text reader 83 s of a core.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { blankOverlongRuns, LONGEST_WORD } from "../../src/providers/readers/text/long-runs.js";
import { inputsOf } from "./helpers.js";

const cpuMs = (work: () => void): number => {
  const start = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

describe("runs longer than a word", () => {
  it("are blanked whole, every offset kept, and every shorter run left as it is", () => {
    const piece = fc.oneof(
      fc.constantFrom(" ", "\n", "\t"),
      fc.string({ minLength: 1, maxLength: 40 }),
      fc.integer({ min: 1, max: 3 * LONGEST_WORD }).map((n) => "x/".repeat(n)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join("");
        const out = blankOverlongRuns(text);
        expect(out.length).toBe(text.length);
        for (const m of text.matchAll(/\S+/g)) {
          const at = out.slice(m.index, m.index + m[0].length);
          expect(at).toBe(m[0].length > LONGEST_WORD ? " ".repeat(m[0].length) : m[0]);
        }
      }),
    );
  });

  it("cost the text reader a bounded time: words of 16,000 characters read in about what their spaced text does", () => {
    const inputs = inputsOf({ "loan amount": { type: "number", desc: "the amount of the loan in dollars" } });
    readText(inputs, "Warm up: the loan is $5, see http://a.example/x on 1/2/2026.", "2026-11-30");
    for (const unit of ["http://", "-", "Aa", "a@b."]) {
      const word = unit.repeat(Math.ceil(16_000 / unit.length)).slice(0, 16_000);
      let read: ReturnType<typeof readText> = {};
      const ms = cpuMs(() => (read = readText(inputs, `${word}\nThe loan amount is $5,000.`, "2026-11-30")));
      expect(ms, unit).toBeLessThan(2_000);
      expect(read["loan amount"]?.value, unit).toBe(5_000);
    }
  });
});
