// How often a sum is paid when that is neither a week, a month nor a year: every two weeks (26 times a
// year) and twice a month (24 times), written after the amount ("$2,150 biweekly", "2.000 Dollar alle
// zwei Wochen"), before it in its sentence ("CALLER: I get paid every two weeks, it's $4,800 gross
// each paycheck"), or beside it in a JSON record (`"frequency": "BIWEEKLY"`). And a figure the text
// says is net is not the gross pay asked for when the text states a gross one too.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { FREQUENCY_PHRASES } from "../../src/providers/readers/pay-frequencies.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const lending = sample("lending");

const PER_YEAR = { fortnight: 26, semimonth: 24 } as const;
/** every phrase of every language, with how many times a year it pays */
const PHRASES = Object.values(FREQUENCY_PHRASES).flatMap((byFrequency) =>
  Object.entries(byFrequency).flatMap(([f, phrases]) => phrases.map((p) => [p, PER_YEAR[f as keyof typeof PER_YEAR]] as const)),
);
const ENGLISH = PHRASES.filter(([p]) => Object.values(FREQUENCY_PHRASES.en!).flat().includes(p));

/** a currency named after the figure, and the label of income, in languages the reader knows */
const PAY_AFTER: [string, string, string][] = [
  ["Einkommen", "Dollar", "alle zwei Wochen"],
  ["Ingresos", "dólares", "cada dos semanas"],
  ["Revenus", "dollars", "toutes les deux semaines"],
  ["Reddito", "dollari", "ogni due settimane"],
  ["Inkomen", "dollar", "om de twee weken"],
];

describe("a sum paid every two weeks or twice a month", () => {
  it("counts 26 or 24 times to the year, written after the amount", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ENGLISH), fc.integer({ min: 12, max: 60 }), ([phrase, times], hundreds) => {
        const pay = hundreds * 100;
        const read = readText(lending.ir.inputs, `I earn $${pay.toLocaleString("en-US")} ${phrase} before any deductions.`)[
          "annual income"
        ];
        expect(read?.value).toBe(pay * times);
      }),
      { numRuns: 60 },
    );
  });

  it("counts to the year past another language's currency word", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAY_AFTER), fc.integer({ min: 12, max: 60 }), ([label, currency, phrase], hundreds) => {
        const pay = hundreds * 100;
        expect(readText(lending.ir.inputs, `${label}: ${pay} ${currency} ${phrase}.`)["annual income"]?.value).toBe(pay * 26);
      }),
      { numRuns: 30 },
    );
  });

  it("is the period of an amount said after it in the sentence, a speaker's label before", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ENGLISH.filter(([p]) => !p.startsWith("a ") && !p.startsWith("per "))),
        fc.constantFrom("CALLER", "Applicant", "Client"),
        fc.integer({ min: 12, max: 60 }),
        ([phrase, times], speaker, hundreds) => {
          const pay = hundreds * 100;
          const text = `${speaker}: My wages come in ${phrase}, it's $${pay.toLocaleString("en-US")} each paycheck.`;
          expect(readText(lending.ir.inputs, text)["annual income"]?.value).toBe(pay * times);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("converts to a month for an input asked per month", () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 90 }), (tens) => {
        const payment = tens * 10;
        const text = `I make repayments every two weeks, $${payment} each time.`;
        expect(readText(lending.ir.inputs, text)["monthly debt"]?.value).toBeCloseTo((payment * 26) / 12, 6);
      }),
      { numRuns: 20 },
    );
  });

  it("reaches back no further than the amount before it", () => {
    const text = "Every two weeks I put $200 aside for the car, and my salary is $60,000 a year.";
    expect(readText(lending.ir.inputs, text)["annual income"]?.value).toBe(60_000);
  });

  it("is read from a JSON record's frequency beside its amount", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("BIWEEKLY", "bi-weekly", "every 2 weeks", "Fortnightly"),
        fc.integer({ min: 12, max: 60 }),
        (frequency, hundreds) => {
          const pay = hundreds * 100;
          expect(readJson(lending.ir.inputs, { income: { amount: pay, frequency } })["annual income"]?.value).toBe(pay * 26);
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe("a payday named by its weekday", () => {
  const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
  it("every other (or every second) weekday is every two weeks, after the amount or before it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DAYS),
        fc.constantFrom("every other", "every second", "Every other"),
        fc.integer({ min: 12, max: 60 }),
        fc.boolean(),
        (day, every, hundreds, before) => {
          const pay = `$${(hundreds * 100).toLocaleString("en-US")}`;
          const text = before
            ? `I get paid ${every} ${day}, ${pay} gross each time.`
            : `I earn ${pay} ${every} ${day} before any deductions.`;
          const read = readText(lending.ir.inputs, text)["annual income"];
          expect(read?.value).toBe(hundreds * 100 * 26);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a weekday on its own names no frequency", () => {
    expect(readText(lending.ir.inputs, "I earn $2,100 every Friday before any deductions.")["annual income"]?.value).not.toBe(2100 * 26);
  });
});

describe("a net figure beside a gross one", () => {
  it("leaves the gross pay the reading of a gross input", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 25, max: 90 }),
        fc.constantFrom("Take-home is", "My take-home is", "Take home comes to"),
        (hundreds, netWords) => {
          const gross = hundreds * 100;
          const net = Math.round(gross * 0.75);
          const text = `My salary is $${gross.toLocaleString("en-US")} a month, gross. ${netWords} $${net.toLocaleString("en-US")}.`;
          expect(readText(lending.ir.inputs, text)["annual income"]?.value).toBe(gross * 12);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("stays the reading when no gross figure is stated", () => {
    expect(readText(lending.ir.inputs, "Take-home pay is $3,100 a month.")["annual income"]?.value).toBe(37_200);
  });
});
