// Counts in other languages: a number word alone in a text that writes its language ("due sinistri",
// "δύο απαιτήσεις"), the length of the span the count is taken over never the count ("negli ultimi 5
// anni", "au cours des 5 dernières années"), and a form's dash or "n/a" for an answer: none of a
// count of events, no of a yes/no question, nothing of an amount.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const motor = modelOf("motor-quote").ir.inputs;
const kyc = modelOf("kyc-risk").ir.inputs;

/** Each language's words for two to nine, as its texts count claims (the gender of its word for them), and a note around the count. */
const LANGUAGES: { words: Record<number, string>; notes: ((count: string, span: string, age: number) => string)[] }[] = [
  {
    // Italian "sei" is also "you are": never read alone
    words: { 2: "due", 3: "tre", 4: "quattro", 5: "cinque", 7: "sette", 8: "otto", 9: "nove" },
    notes: [
      (c, s, age) =>
        `Note agente - preventivo auto\nConducente principale: Marco Conti, ${age} anni.\nSinistri: ${c} sinistri negli ultimi ${s} anni.\n`,
      (c, s, age) =>
        `Buongiorno, sono il conducente principale e ho ${age} anni. Ho avuto ${c} sinistri negli ultimi ${s} anni, nessuno grave.\n`,
    ],
  },
  {
    // French "sept" is also September, "neuf" new
    words: { 2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 8: "huit" },
    notes: [
      (c, s, age) =>
        `Bonjour, je suis le conducteur principal, j'ai ${age} ans. J'ai eu ${c} sinistres au cours des ${s} dernières années.\n`,
      (c, s, age) =>
        `Demande de devis\nConducteur principal : Paul Roy, ${age} ans\nIl a déclaré ${c} sinistres au cours des ${s} dernières années.\n`,
    ],
  },
  {
    words: { 2: "zwei", 3: "drei", 4: "vier", 5: "fünf", 6: "sechs", 7: "sieben", 8: "acht", 9: "neun" },
    notes: [
      (c, s, age) => `Guten Tag, ich bin der Hauptfahrer und bin ${age} Jahre alt. Ich hatte ${c} Vorschäden in den letzten ${s} Jahren.\n`,
    ],
  },
  {
    words: { 2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis", 7: "siete", 8: "ocho", 9: "nueve" },
    notes: [
      (c, s, age) =>
        `Hola, soy el conductor principal y tengo ${age} años. Tuve ${c} siniestros en los últimos ${s} años, pero ya está todo pagado.\n`,
    ],
  },
  {
    words: { 2: "dois", 3: "três", 4: "quatro", 5: "cinco", 6: "seis", 7: "sete", 8: "oito", 9: "nove" },
    notes: [
      (c, s, age) =>
        `Olá, sou o condutor principal e tenho ${age} anos. Tive ${c} sinistros nos últimos ${s} anos, todos já pagos pela seguradora.\n`,
    ],
  },
  {
    words: { 2: "δύο", 3: "τρεις", 4: "τέσσερις", 5: "πέντε", 6: "έξι", 7: "επτά", 8: "οκτώ", 9: "εννέα" },
    notes: [
      (c, s, age) =>
        `Καλησπέρα, ο γιος μου είναι ο κύριος οδηγός και είναι ${age} ετών. Έχει κάνει ${c} απαιτήσεις τα τελευταία ${s} χρόνια.\n`,
    ],
  },
];

describe("a count in another language's words", () => {
  it("is read as its number, and the span it is counted over never is", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: LANGUAGES.length - 1 })
          .chain((l) =>
            fc.tuple(
              fc.constant(LANGUAGES[l]!),
              fc.constantFrom(...Object.keys(LANGUAGES[l]!.words).map(Number)),
              fc.constantFrom(...LANGUAGES[l]!.notes),
            ),
          ),
        fc.constantFrom(3, 5, 10),
        fc.boolean(),
        fc.integer({ min: 30, max: 70 }),
        ([language, n, note], span, inWords, age) => {
          const spanSaid = inWords && language.words[span] ? language.words[span]! : String(span);
          const text = note(language.words[n]!, spanSaid, age);
          expect(readText(motor, text)["prior claims"]?.value).toBe(n);
        },
      ),
      { numRuns: 120 },
    );
  });
});

/** Labels of a count over a span, the span's number as `N`, each with its language's word for none. */
const WINDOW_LABELS: [string, string][] = [
  ["Sinistres au cours des N dernières années", "aucun"],
  ["Sinistres au cours des N dernières années", "néant"],
  ["Sinistri negli ultimi N anni", "nessuno"],
  ["Vorschäden in den letzten N Jahren", "keine"],
  ["Siniestros en los últimos N años", "ninguno"],
  ["Claims in the last N years", "none"],
];

describe("a count over a span answered none", () => {
  it("is none beside other figures, never the span's number", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WINDOW_LABELS),
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 30, max: 70 }),
        fc.integer({ min: 4, max: 30 }),
        ([label, none], n, age, thousands) => {
          const text = `Conducteur principal : Anne Morel, ${age}\n${label.replace("N", String(n))} : ${none}\nKilométrage annuel : ${thousands} 000 miles\nValeur : ${thousands + 3} 000 $\n`;
          expect(readText(motor, text)["prior claims"]?.value).toBe(0);
        },
      ),
      { numRuns: 80 },
    );
  });
});

const DASHES = ["—", "–", "-", "– none –", "— none —", "- keine -", "n/a", "N/A", "n.a."];

describe("a dash or n/a for an answer", () => {
  it("says none of a count of events, nothing of an amount or a measure", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("Claims", "Prior claims", "Claims in the last 5 years", "Vorschäden", "Sinistri", "Sinistres"),
        fc.constantFrom(...DASHES),
        fc.constantFrom(...DASHES),
        fc.integer({ min: 18, max: 80 }),
        (label, dash, other, age) => {
          const got = readText(
            motor,
            `Quote request\nDriver age: ${age}\n${label}: ${dash}\nVehicle value: ${other}\nAnnual mileage: ${other}\n`,
          );
          expect(got["prior claims"]?.value).toBe(0);
          expect(got["vehicle value"]).toBeUndefined();
          expect(got["annual mileage"]).toBeUndefined();
        },
      ),
      { numRuns: 80 },
    );
  });
  it("says no of a yes/no question, less surely than a written no", () => {
    fc.assert(
      fc.property(fc.constantFrom("PEP", "Politically exposed person", "PEP status"), fc.constantFrom(...DASHES), (label, dash) => {
        const got = readText(kyc, `Onboarding checklist\nCustomer type: individual\n${label}: ${dash}\nExpected monthly volume: ${dash}\n`);
        expect(got.pep?.value).toBe(false);
        expect(got.pep!.confidence).toBeLessThan(0.9);
        expect(got["monthly volume"]).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
