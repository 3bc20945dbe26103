// A credit score named in another language (issue 33): the words each language's forms and letters
// name it with ("Πιστωτικό σκορ", "puntuación crediticia", "Kreditscore", "pontuação de crédito",
// "punteggio di credito", "scoring kredytowy", "úvěrové skóre"), read as the score beside the
// loan's and the income's figures, never one of theirs; and a text that names the score but gives
// no figure for it gives none.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const lending = modelOf("lending").ir.inputs;

/** A language's sentences of a loan application: the score's names, and the loan and the income around them. */
const LANGUAGES: { language: string; group: (n: number) => string; scores: string[]; loan: string; income: string; unknown: string }[] = [
  {
    language: "Greek",
    group: (n) => n.toLocaleString("de-DE"),
    scores: ["Πιστωτικό σκορ: #.", "Το πιστωτικό σκορ του είναι #.", "Πιστοληπτική βαθμολογία #."],
    loan: "Ζητά δάνειο # USD.",
    income: "Ετήσιο εισόδημα: # USD.",
    unknown: "Το πιστωτικό σκορ δεν το γνωρίζει ακόμη.",
  },
  {
    language: "Spanish",
    group: (n) => n.toLocaleString("de-DE"),
    scores: ["Puntuación crediticia: #.", "Su puntaje crediticio es de #.", "Score de crédito #."],
    loan: "Solicita un préstamo de # USD.",
    income: "Ingresos anuales: # USD.",
    unknown: "No sabe su puntuación crediticia.",
  },
  {
    language: "Portuguese",
    group: (n) => n.toLocaleString("de-DE"),
    scores: ["Pontuação de crédito: #.", "A pontuação de crédito dela é #."],
    loan: "Pede um empréstimo de # USD.",
    income: "Rendimento anual: # USD.",
    unknown: "Não sabe a pontuação de crédito.",
  },
  {
    language: "Italian",
    group: (n) => n.toLocaleString("de-DE"),
    scores: ["Punteggio di credito: #.", "Il suo punteggio creditizio è #."],
    loan: "Chiede un prestito di # USD.",
    income: "Reddito annuo: # USD.",
    unknown: "Il punteggio di credito non lo conosce.",
  },
  {
    language: "German",
    group: (n) => n.toLocaleString("de-DE"),
    scores: ["Kreditscore: #.", "Ihr Bonitätsscore liegt bei #."],
    loan: "Sie möchte einen Kredit über # USD.",
    income: "Jahreseinkommen: # USD.",
    unknown: "Den Kreditscore kennt sie nicht.",
  },
  {
    language: "Polish",
    group: (n) => n.toLocaleString("pl-PL").replace(/\s/g, " "),
    scores: ["Scoring kredytowy: #.", "Punktacja kredytowa wynosi #."],
    loan: "Prosi o pożyczkę # USD.",
    income: "Roczny dochód: # USD.",
    unknown: "Nie zna swojej oceny kredytowej.",
  },
  {
    language: "Czech",
    group: (n) => n.toLocaleString("cs-CZ").replace(/\s/g, " "),
    scores: ["Úvěrové skóre: #.", "Jeho úvěrové skóre je #."],
    loan: "Žádá o úvěr # USD.",
    income: "Roční příjem: # USD.",
    unknown: "Úvěrové skóre nezná.",
  },
];

const fill = (sentence: string, figure: string): string => sentence.replace("#", figure);

describe("a credit score named in another language", () => {
  it("is read as the score, and the loan's and the income's figures stay theirs", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: LANGUAGES.length - 1 })
          .chain((l) => fc.tuple(fc.constant(LANGUAGES[l]!), fc.constantFrom(...LANGUAGES[l]!.scores))),
        fc.integer({ min: 320, max: 849 }),
        fc.integer({ min: 3, max: 40 }).map((k) => k * 1000),
        fc.integer({ min: 24, max: 150 }).map((k) => k * 1000),
        fc.integer({ min: 0, max: 2 }),
        ([l, said], score, loan, income, at) => {
          const sentences = [fill(l.loan, l.group(loan)), fill(l.income, l.group(income))];
          sentences.splice(at, 0, fill(said, String(score)));
          const text = sentences.join(" ");
          const read = readText(lending, text);
          expect(read["credit score"]?.value, `${l.language}: ${text}`).toBe(score);
          expect(read["loan amount"]?.value, text).toBe(loan);
          expect(read["annual income"]?.value, text).toBe(income);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("named without a figure gives none, nor takes the loan's or the income's", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGES),
        fc.integer({ min: 3, max: 40 }).map((k) => k * 1000),
        fc.integer({ min: 24, max: 150 }).map((k) => k * 1000),
        (l, loan, income) => {
          const text = [fill(l.loan, l.group(loan)), fill(l.income, l.group(income)), l.unknown].join(" ");
          expect(readText(lending, text)["credit score"]?.value, text).toBeUndefined();
        },
      ),
      { numRuns: 60 },
    );
  });
});
