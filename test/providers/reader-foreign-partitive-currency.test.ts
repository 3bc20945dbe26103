// A figure whose currency is named after it past the language's "de" (issue 33): Romanian writes
// "12.000 de dolari", "5.500 de dolari pe lună". The currency word makes the figure money, so its
// dot groups thousands even in a text whose English lines hide its language, and the period after
// the currency is the figure's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const lending = modelOf("lending").ir.inputs;

const LOANS = ["Aș vrea un împrumut de # pentru mașină.", "Client: vreau să împrumut # pentru casă."];
const PAY = ["Salariul meu este # pe lună.", "Câștig # pe lună brut."];
const DOLLARS = ["dolari", "de dolari"];
/** English lines of the advisor beside the client's, so the text's function words are mostly English. */
const ENGLISH = ["Advisor: Hello, happy to help. What do you do for a living?", "Advisor: Thanks, and what is your income?"];

const dotted = (n: number): string => n.toLocaleString("de-DE");

describe("a currency named past the language's partitive", () => {
  it("makes a dotted figure money in whole thousands, with its period", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOANS),
        fc.constantFrom(...PAY),
        fc.constantFrom(...DOLLARS),
        fc.integer({ min: 3, max: 60 }).map((k) => k * 1000),
        fc.integer({ min: 21, max: 95 }).map((k) => k * 100),
        fc.boolean(),
        (loanLine, payLine, dollars, loan, pay, english) => {
          const lines = [loanLine.replace("#", `${dotted(loan)} ${dollars}`), payLine.replace("#", `${dotted(pay)} ${dollars}`)];
          const text = (english ? [ENGLISH[0]!, lines[0]!, ENGLISH[1]!, lines[1]!] : lines).join("\n");
          const read = readText(lending, text);
          expect(read["loan amount"]?.value, text).toBe(loan);
          expect(read["annual income"]?.value, text).toBe(pay * 12);
        },
      ),
      { numRuns: 120 },
    );
  });
});
