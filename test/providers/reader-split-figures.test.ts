// A figure a scan or a narrow column cut apart is read whole: a date broken at the end of a line
// inside its day or month ("11/0\n5/2025"), a date spaced around its slashes ("12 / 03 / 2026"),
// a thousands group split by a stray space ("$ 2,3 40.00"), an amount broken after a thousands comma
// at a line's end ("$ 18,\n400.00"). The repair keeps the text's length;
// a line that ends on a whole part ("05/11/\n2025" is no cut inside a part) and figures that are
// whole are left as written.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { joinedFigures } from "../../src/providers/readers/text/split-figures.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "incident date": { type: "date", desc: "On what date did the incident happen?" },
  "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" },
});
const two = (n: number): string => String(n).padStart(2, "0");
const date = fc.record({ y: fc.integer({ min: 2015, max: 2027 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) });
const iso = ({ y, m, d }: { y: number; m: number; d: number }): string => `${y}-${two(m)}-${two(d)}`;

describe("a figure cut apart", () => {
  it("a date broken inside its day at a line's end is the whole date, the text's length kept", () => {
    fc.assert(
      fc.property(date, fc.constantFrom("\n", "\r\n", "\n   "), (when, gap) => {
        const mm = two(when.m);
        const text = `Claim form\nDate of loss: ${mm}/${two(when.d)[0]}${gap}${two(when.d)[1]}/${when.y}    Time: 14:00\nAmount claimed: $500`;
        const joined = joinedFigures(text);
        expect(joined.length).toBe(text.length);
        expect(joined).toContain(`${mm}/${two(when.d)}/${when.y}`);
        expect(readText(inputs, text, "2027-12-31")["incident date"]?.value).toBe(iso(when));
      }),
      { numRuns: 60 },
    );
  });

  it("a date spaced around its slashes is the date", () => {
    fc.assert(
      fc.property(date, fc.constantFrom(" ", "  ", "\t"), (when, sp) => {
        const text = `Date of loss: ${two(when.m)}${sp}/${sp}${two(when.d)}${sp}/${sp}${when.y}\nAmount claimed: $500`;
        expect(joinedFigures(text).length).toBe(text.length);
        expect(readText(inputs, text, "2027-12-31")["incident date"]?.value).toBe(iso(when));
      }),
      { numRuns: 60 },
    );
  });

  it("a thousands group split by a space before the cents is the whole amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 1, max: 2 }),
        (head, group, cut) => {
          const g = String(group).padStart(3, "0");
          const text = `Date of loss: 01/15/2026\nAmount claimed (USD): $ ${head},${g.slice(0, cut)} ${g.slice(cut)}.00\nSignature: ____`;
          expect(joinedFigures(text).length).toBe(text.length);
          expect(readText(inputs, text, "2026-02-01")["claim amount"]?.value).toBe(head * 1000 + group);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("leaves whole figures and lines that end on a whole part as written", () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 99 }), (when, n) => {
        const text = `Eff. date: ${two(when.m)}/${two(when.d)}/${when.y}\n${n}/${when.y} plan\nSeats: ${n}, 2 ${two(n)}.00 and 1,2 34\nRef 12/\n05/2025`;
        expect(joinedFigures(text)).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it("an amount broken after a thousands comma at a line's end is the whole amount; counts without a currency or cents stay apart", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom("$ ", "$", "USD ", ""),
        fc.constantFrom("\n", "\r\n", "\n      "),
        (head, group, currency, gap) => {
          const rest = String(group).padStart(3, "0");
          const cents = currency === "" ? ".50" : ".00";
          const text = `Claim form\nAmount claimed: ${currency}${head},${gap}${rest}${cents} after valuation.`;
          const joined = joinedFigures(text);
          expect(joined.length).toBe(text.length);
          expect(readText(inputs, text)["claim amount"]?.value).toBe(Number(`${head}${rest}${cents}`));
          // a list of counts broken after a comma is not an amount cut apart
          const counts = `Parts on hand: ${head},${gap}${rest} more on order.`;
          expect(joinedFigures(counts)).toBe(counts);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("an amount a scan spaced out after its currency is read whole; a list of amounts stays apart", () => {
    const loan = inputsOf({ "loan amount": { type: "number >= 0", desc: "How many dollars does the applicant ask to borrow?" } });
    const spaced = (figure: string, every: boolean) => (every ? [...figure].join(" ") : figure.replace(",", " , ").replace(".", " . "));
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 999_999 }), fc.boolean(), fc.boolean(), (n, cents, every) => {
        const figure = n.toLocaleString("en-US") + (cents ? ".00" : "");
        const text = `LOAN  APPLICATION\nAmount  requested :   $ ${spaced(figure, every)}  / total\nPurpose : a van`;
        const joined = joinedFigures(text);
        expect(joined.length).toBe(text.length);
        expect(joined).toContain(`$ ${figure}`);
        const read = readText(loan, text)["loan amount"];
        expect(read?.value).toBe(n);
        // a repair: never sure
        expect(read!.confidence).toBeLessThanOrEqual(0.85);
      }),
      { numRuns: 60 },
    );
    for (const list of ["$20, 300, 400", "$ 250 3 times", "$ 3 200"]) expect(joinedFigures(list)).toBe(list);
  });

  it("a figure a form writes one digit to a box is read whole: dates, amounts, long counts, a short answer alone after its label", () => {
    const boxed = (figure: string): string => [...figure].join(" ");
    const motor = inputsOf({
      "annual mileage": { type: "number >= 0", desc: "How many miles is the vehicle driven each year?" },
      "driver age": { type: "number [16..100]", desc: "How old is the main driver, in years?" },
    });
    // a day past the 12th: which part is the day is not in question
    const dayFirst = fc.record({
      y: fc.integer({ min: 2015, max: 2027 }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 13, max: 28 }),
    });
    fc.assert(
      fc.property(
        dayFirst,
        dayFirst,
        fc.integer({ min: 100, max: 99_999 }),
        // past the figures a year may be (a mileage of "1900" is not read as written either)
        fc.integer({ min: 2200, max: 60_000 }),
        fc.integer({ min: 17, max: 99 }),
        fc.constantFrom("/", "."),
        fc.constantFrom("  ", "   ", "\t"),
        (loss, start, dollars, miles, age, sep, gap) => {
          const dmy = (w: typeof loss) => boxed(`${two(w.d)}${sep}${two(w.m)}${sep}${w.y}`);
          const amount = dollars >= 1000 && dollars % 2 === 0 ? dollars.toLocaleString("en-US") : `${dollars}.00`;
          const claim = `CLAIM  FORM  (one digit per box)\nDate of incident (DD${sep}MM${sep}YYYY):${gap}${dmy(loss)}\nAmount claimed (USD):${gap}${boxed(amount)}\n`;
          const joined = joinedFigures(claim);
          expect(joined.length).toBe(claim.length);
          const read = readText(inputs, claim, "2027-12-31");
          expect(read["incident date"]?.value).toBe(iso(loss));
          expect(read["claim amount"]?.value).toBe(dollars);
          // a repair: never sure
          expect(read["claim amount"]!.confidence).toBeLessThanOrEqual(0.85);
          const form = `Motor proposal\nMiles driven per year:${gap}${boxed(String(miles))}\nMain driver age (years): ${boxed(String(age))}\nPolicy from ${dmy(start)}\n`;
          const proposal = readText(motor, form, "2027-12-31");
          expect(proposal["annual mileage"]?.value).toBe(miles);
          expect(proposal["driver age"]?.value).toBe(age);
        },
      ),
      { numRuns: 60 },
    );
    // single digits of a list, or a short number that is not its label's whole answer, stay apart
    for (const list of ["Rooms 1 2 3 are let.", "Children aged 3 5 and 7.", "Scores: 7 8 9 out of ten", "Box 4 7 of the form"])
      expect(joinedFigures(list)).toBe(list);
  });

  it("a date of birth in boxes, under a label a scan spaced out, gives the age", () => {
    const driver = inputsOf({ "driver age": { type: "number [16..100]", desc: "How old is the main driver, in years?" } });
    fc.assert(
      fc.property(
        fc.integer({ min: 1940, max: 2005 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 13, max: 28 }),
        fc.constantFrom(" ", "  "),
        (y, m, d, sp) => {
          const dob = [...`${two(d)}/${two(m)}/${y}`].join(" ");
          const text = `MOTOR${sp}PROPOSAL\nMAIN${sp}DRIVER :  Ana${sp}Ruiz     Date${sp}of${sp}birth :  ${dob}\nVehicle${sp}value :  $ 9,000\n`;
          expect(readText(driver, text, "2027-12-31")["driver age"]?.value).toBe(2027 - y);
        },
      ),
      { numRuns: 40 },
    );
  });
});
