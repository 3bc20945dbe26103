// Figures read as a clerk reads a scanned form: an amount a narrow column cut inside its thousands
// group, the new line's zeros scanned as the letter O ("$ 12,0\nOO"), is the whole amount; a 5
// scanned as "S" inside a figure ("$S2,4OO") is the 5; a figure with a digit no one could make out
// ("$3?0", "$1,2_5") is no figure; the number of a form's question or a list's item opening its
// line ("2. Amount requested … 5,000", "3) Monthly rent: ____") is no amount. A scan's values stay
// at or below 0.85. A reference is no amount either: a house's number beside its street ("12 Elm
// Street", "27 Rue Lepic", "Kerkstraat 112"), a flat's ("flat 7C"), a ZIP code, a reference cut by
// slashes ("CLM/26/5520", "crime reference 3391/26"), a policy or account number.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { repairedFigures } from "../../src/providers/readers/text/ocr-figures.js";
import { joinedFigures } from "../../src/providers/readers/text/split-figures.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "loan amount": { type: "number >= 0", desc: "How many dollars does the applicant want to borrow?" },
  "monthly rent": { type: "number >= 0", desc: "How much rent is paid each month, in dollars?" },
  "annual income": { type: "number >= 0", desc: "Gross yearly income in dollars" },
});
const scan = (s: string): string => s.replace(/0/g, "O");

describe("a clerk's figures", () => {
  it("an amount cut inside its thousands group at a line's end, the zeros after the break scanned as O, is the whole amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 99 }),
        fc.integer({ min: 1, max: 2 }),
        fc.constantFrom("$ ", "$", "USD "),
        (thousands, cut, cur) => {
          const text = `PERSONAL L0AN FORM (scanned)\nAmount requested: ${cur}${thousands},${"000".slice(0, cut)}\n${scan("000".slice(cut))}     Term: 6O months`;
          const joined = joinedFigures(repairedFigures(text));
          expect(joined.length).toBe(text.length);
          const read = readText(inputs, text)["loan amount"];
          expect(read?.value).toBe(thousands * 1000);
          expect(read!.confidence).toBeLessThanOrEqual(0.85);
        },
      ),
      { numRuns: 40 },
    );
    // a word on the new line is no group's rest
    expect(joinedFigures("Amount: $ 12,0\nOther costs")).toBe("Amount: $ 12,0\nOther costs");
  });

  it("a 5 scanned as S inside a figure is the 5; a code with an S stays as written", () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 99 }), (n) => {
        const text = `Income (gross, yearly): $${n}S,${n}0 per year`;
        const read = readText(inputs, `${text}\nSigned 2O26-O1-05`)["annual income"];
        expect(read?.value).toBe(Number(`${n}5${n}0`));
        expect(read!.confidence).toBeLessThanOrEqual(0.85);
      }),
      { numRuns: 30 },
    );
    expect(repairedFigures("Model S-300, size S/2, plan S")).toBe("Model S-300, size S/2, plan S");
  });

  it("a figure with a digit no one could make out is no figure", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 2 }), fc.constantFrom("?", "_"), (n, at, mark) => {
        const digits = String(n);
        const figure = `${digits.slice(0, at)}${mark}${digits.slice(at + 1)}`;
        const text = `Housing costs\nMonthly rent: $${figure} /mo [smudged]\nUtilities: separate`;
        expect(repairedFigures(text).length).toBe(text.length);
        expect(readText(inputs, text)["monthly rent"]).toBeUndefined();
      }),
      { numRuns: 40 },
    );
    // a question mark after a figure is no mark inside it
    expect(repairedFigures("Is the rent 1200? 1300 was quoted")).toBe("Is the rent 1200? 1300 was quoted");
  });

  it("the number of a form's question or a list's item opening its line is no amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.constantFrom(". ", ") ", ".\t"), (n, mark) => {
        const text = `Application\n${n}${mark}Monthly rent: ____________ (lease not signed yet)\n${n + 1}${mark}Annual income: $41,000`;
        const read = readText(inputs, text);
        expect(read["monthly rent"]).toBeUndefined();
        expect(read["annual income"]?.value).toBe(41000);
      }),
      { numRuns: 30 },
    );
    // a number that is the line's value is read
    expect(readText(inputs, "Monthly rent:\n950 dollars, paid on the 1st")["monthly rent"]?.value).toBe(950);
  });

  it("a reference is no amount: a house's or flat's number, a ZIP code, a reference cut by slashes", () => {
    const claim = inputsOf({ "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" } });
    const street = fc.constantFrom("Elm Street", "Alder Close", "Oak Lane", "Mill Road", "King George Avenue");
    const reference = fc.constantFrom(
      (n: number) => `at ${n} Rue Lepic`,
      (n: number) => `at Kerkstraat ${n}, Utrecht`,
      (n: number) => `in flat ${n}`,
      (n: number) => `claim reference CLM/26/${n}`,
      (n: number) => `crime reference ${n}/26`,
      (n: number) => `policy number ${n}00`,
    );
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 400 }), street, reference, (n, name, other) => {
        const text = `Claim notes — burglary at ${n} ${name}, Springfield, IL 62704\nBreak-in ${other(n)} on 5 June 2026, reported 6 June 2026.\nThe list of stolen items follows.`;
        expect(readText(claim, text, "2026-12-01")["claim amount"]).toBeUndefined();
        // the claimed sum beside them is read
        expect(readText(claim, `${text}\nThe insured claims $${n * 10 + 5} for them.`, "2026-12-01")["claim amount"]?.value).toBe(
          n * 10 + 5,
        );
      }),
      { numRuns: 40 },
    );
  });
});
