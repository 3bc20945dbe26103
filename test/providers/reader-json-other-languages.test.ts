// A JSON export written in another language: a German or Dutch key that joins two known words
// into one compound ("Jahreseinkommen", "Kredit-s-betrag") is read as its two words; a whole value
// written as a number word of one to twelve ("tre", "drei", "drie") is that number; a form's yes
// or no in its own language ("ja", "nee", "sì", "não") is the answer. A compound with a part no
// word of the table is stays unread.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FOREIGN_NUMBERS } from "../../src/providers/readers/foreign-words.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { inputsOf, readJsonThrough, sample } from "./helpers.js";

const lending = sample("lending");

/** Compounds of two table words by the input they name, and the letters that may join them. */
const COMPOUNDS: { input: string; parts: [string, string] }[] = [
  { input: "annual income", parts: ["Jahres", "einkommen"] },
  { input: "loan amount", parts: ["Kredit", "betrag"] },
  { input: "loan amount", parts: ["Darlehen", "summe"] },
  { input: "monthly debt", parts: ["Monatlich", "schulden"] },
];

const european = (n: number): string => `${n.toLocaleString("de-DE")},00`;

describe("a compound key of two known words", () => {
  it("names the input its two words name, with a linking letter or none", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...COMPOUNDS),
        fc.constantFrom("", "s"),
        fc.integer({ min: 1000, max: 900_000 }),
        async ({ input, parts: [a, b] }, link, n) => {
          const read = await readJsonThrough(lending, { Antrag: { Antragsnummer: "A-1", [`${a}${link}${b}`]: european(n) } });
          expect(read[input]?.value).toBe(n);
          expect(read[input]!.confidence).toBeLessThanOrEqual(0.9);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("is not split where one part is no word of the table", async () => {
    const read = await readJsonThrough(lending, { Antrag: { Kreditkartennummer: "4417", Kundennummer: "88120" } });
    expect(read["loan amount"]).toBeUndefined();
    expect(read["annual income"]).toBeUndefined();
  });
});

const counted = inputsOf({ seats: { type: "number [1..10000]", desc: "How many seats are ordered?" } });
const flagged = inputsOf({ "tax exempt": { type: "boolean", desc: "Does the customer hold a tax exemption?" } });

describe("a whole value in another language", () => {
  const words = Object.entries(FOREIGN_NUMBERS).flatMap(([lang, list]) => list.flatMap((w, i) => (w ? [{ lang, w, n: i + 1 }] : [])));
  it("reads a number word of one to twelve as its number", () => {
    fc.assert(
      fc.property(fc.constantFrom(...words), fc.boolean(), ({ w, n }, upper) => {
        const read = readJson(counted, { order: { seats: upper ? w.toUpperCase() : w } }, "2026-04-01");
        expect(read.seats?.value).toBe(n);
      }),
      { numRuns: 80 },
    );
  });

  it("reads a form's yes and no as the answer", () => {
    const answers: [string, boolean][] = [
      ["ja", true],
      ["oui", true],
      ["sì", true],
      ["sim", true],
      ["nein", false],
      ["nee", false],
      ["non", false],
      ["não", false],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...answers), ([word, yes]) => {
        expect(readJson(flagged, { customer: { "tax exempt": word } }, "2026-04-01")["tax exempt"]?.value).toBe(yes);
      }),
    );
  });

  it("leaves a word no number names unread", () => {
    for (const w of ["due", "once", "null", "tbd"]) expect(readJson(counted, { order: { seats: w } }, "2026-04-01").seats).toBeUndefined();
  });
});
