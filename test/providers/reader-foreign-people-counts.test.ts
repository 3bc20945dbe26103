// A household's size said as a count of persons in another language ("4 osoby", "5 personer", "3
// personas"): the word after the count says people, as English's "people" does. Read through a
// translation: never above 0.9.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { compile } from "./helpers.js";

const household = compile(
  JSON.parse(readFileSync(new URL("../fixtures/evidence/models/household-totals.json", import.meta.url), "utf8")) as Record<
    string,
    unknown
  >,
).ir.inputs;

const SENTENCES: ((n: number) => string)[] = [
  (n) => `In ons huishouden wonen ${n} personen.`,
  (n) => `W naszym domu mieszkają ${n} ${n < 5 ? "osoby" : "osób"}.`,
  (n) => `I hushållet bor ${n} personer.`,
  (n) => `En casa vivimos ${n} personas.`,
  (n) => `Im Haushalt leben ${n} Personen.`,
  (n) => `In casa viviamo in ${n} persone.`,
  (n) => `Em casa moram ${n} pessoas.`,
  (n) => `V domácnosti žijí ${n} ${n < 5 ? "osoby" : "osob"}.`,
  (n) => `A háztartásban ${n} személy él.`,
];

describe("a count of persons in another language", () => {
  it("reads as the household's size", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 0, max: SENTENCES.length - 1 }), (n, which) => {
        const text = SENTENCES[which]!(n);
        const read = readText(household, text)["household size"];
        expect(read?.value, text).toBe(n);
        expect(read!.confidence).toBeLessThan(0.9);
      }),
      { numRuns: 120 },
    );
  });
});
