// Evidence in a language the readers do not know (issue 33): a yes/no fact is never read from a
// sentence whose denial they cannot see, and nothing read from such a text is sure; and a period
// said by an adjective beside the amount's noun ("my monthly salary is 6,500"), in English or in
// the languages of the readers' table, counts the amount in that period.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { readability } from "../../src/providers/readers/text/languages.js";
import { PERIOD_ADJECTIVES } from "../../src/providers/readers/text/period-before.js";
import { inputsOf, sample } from "./helpers.js";

const lending = sample("lending").ir.inputs;
const loan = inputsOf({
  "requested amount": { type: "number > 0", desc: "How many dollars does the applicant ask to borrow?" },
  "annual income": { type: "number >= 0", desc: "What is the applicant's gross annual income in dollars?" },
  "prior default": { type: "boolean", desc: "Has the applicant ever defaulted on a loan?" },
});

const PER_YEAR = { month: 12, week: 52, year: 1 } as const;
const grouped = (n: number) => n.toLocaleString("en-US");

describe("a period adjective beside the amount's noun", () => {
  it("counts an English sentence's amount in the period its adjective says", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.entries(PERIOD_ADJECTIVES.en!) as [keyof typeof PER_YEAR, string[]][])),
        fc.integer({ min: 150, max: 900 }).map((n) => n * 10),
        fc.constantFrom("salary", "income", "wage"),
        fc.constantFrom("is", "comes to", "is about"),
        ([period, words], amount, noun, verb) => {
          const text = `I work at a print shop. My ${words[0]} ${noun} ${verb} ${grouped(amount)} dollars before tax.`;
          const income = readText(lending, text, "2026-03-01")["annual income"];
          // "about" hedges; otherwise the value is the amount counted to the year
          if (verb === "is about") return;
          expect(income?.value).toBeCloseTo(amount * PER_YEAR[period], 0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("reads the adjective before the noun or after it, in the languages of the table", () => {
    const said: [string, number][] = [
      ["Mon salaire mensuel est de 2 400 dollars.", 28800],
      ["Mein monatliches Gehalt beträgt 3.100 Dollar brutto.", 37200],
      ["Mi salario mensual es de 2.900 dólares.", 34800],
      ["O meu salário mensal é de 3.200 dólares.", 38400],
      ["Il mio stipendio mensile è di 2.700 dollari.", 32400],
    ];
    for (const [text, yearly] of said) expect(readText(lending, text, "2026-03-01")["annual income"]?.value).toBe(yearly);
  });

  it("leaves a labelled line's amount to its label, and a noun with another amount between as it was", () => {
    // the adjective beside "price" of "Annual price increase: 2,5 %" says nothing of the number after the colon
    const label = readText(lending, "Annual salary review: 3\nSalary: $4,000 a month", "2026-03-01")["annual income"];
    expect(label?.value).toBe(48000);
    // "monthly" is the rent's: the salary after another amount is not counted by it
    const between = readText(lending, "My monthly rent is $1,200 and my salary is $61,000.", "2026-03-01")["annual income"];
    expect(between?.value).toBe(61000);
  });
});

/** Words of no language the readers know (no English small word, no function word of the table). */
const nonsense = fc
  .array(fc.constantFrom(..."kab mta wek sij ung rodi hapo zul nyi tepa kwo ube lusi gano".split(" ")), { minLength: 8, maxLength: 14 })
  .map((ws) => ws.join(" "));

describe("a text in a language the readers do not know", () => {
  it("reads no yes/no fact from a sentence whose denial it cannot see, and caps every value", () => {
    fc.assert(
      fc.property(
        nonsense,
        nonsense,
        fc.integer({ min: 2, max: 90 }).map((n) => n * 1000),
        (a, b, amount) => {
          const text = `${a}. ${b} loan ${grouped(amount)} dollars. ${a} default ${b}.`;
          expect(readability(text).partlyUnknown).toBe(true);
          const read = readText(loan, text, "2026-03-01");
          expect(read["prior default"]).toBeUndefined();
          for (const v of Object.values(read)) expect(v.confidence).toBeLessThanOrEqual(0.8);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("is no unknown language for English prose, a terse English note or a text in a language of the table", () => {
    const known = [
      "I have never defaulted on a loan and my salary is $52,000 a year, paid by the county.",
      "Police attended same night - crime ref 4471/26. Insd reports break-in at home on 11/14 while family away.",
      "Je n'ai jamais eu de défaut de paiement sur un prêt et mon salaire est de 2 400 euros par mois pour le moment.",
      "Ich habe noch nie einen Kredit nicht bezahlt und mein Gehalt ist mit der Zeit gestiegen, es ist gut für mich.",
    ];
    for (const text of known) expect(readability(text).partlyUnknown).toBe(false);
    // a denial the readers can see still answers: "never defaulted" is no
    expect(readText(loan, known[0]!, "2026-03-01")["prior default"]?.value).toBe(false);
  });
});
