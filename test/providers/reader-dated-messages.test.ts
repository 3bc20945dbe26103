// A thread of dated messages: each message's relative dates count from the day it was sent, not
// from the day the text is read; dates in words of Spanish, French and German; a text written in
// part in another language is never read above 0.85.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findDates } from "../../src/providers/readers/dates.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "incident date": { type: "date", desc: "On what date did the incident happen?" },
  "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" },
});

const DAY_MS = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const day = fc.integer({ min: Date.UTC(2024, 0, 1) / DAY_MS, max: Date.UTC(2027, 11, 1) / DAY_MS }).map((d) => d * DAY_MS);

describe("a thread of dated messages", () => {
  it("reads 'yesterday' from the day of the message it is in", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 20 }), fc.boolean(), (sent, later, brackets) => {
        const stamp = (ms: number) => (brackets ? `[${iso(ms)} 09:12]` : `${iso(ms)} 09:12 -`);
        const text = [
          "Claims line - message log",
          `${stamp(sent)} Customer: a van hit my parked car yesterday, rear door dented`,
          `${stamp(sent + later * DAY_MS)} Customer: the garage says 1,450 for the repair`,
        ].join("\n");
        expect(readText(inputs, text)["incident date"]?.value).toBe(iso(sent - DAY_MS));
      }),
      { numRuns: 30 },
    );
  });

  it("takes a call transcript's 'Call date:' as the day its 'yesterday' counts from", () => {
    fc.assert(
      fc.property(day, (called) => {
        const text = `Transcript - inbound call\nCall date: ${iso(called)}, 10:04\nCaller: my windscreen cracked yesterday on the motorway.`;
        expect(readText(inputs, text)["incident date"]?.value).toBe(iso(called - DAY_MS));
      }),
      { numRuns: 20 },
    );
  });
});

const MONTHS: Record<string, string[]> = {
  fr: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
  de: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
  es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
};
const written = (language: string, d: number, m: number, y: number): string =>
  language === "fr"
    ? `${d === 1 ? "1er" : d} ${MONTHS.fr![m - 1]} ${y}`
    : language === "de"
      ? `${d}. ${MONTHS.de![m - 1]} ${y}`
      : `${d} de ${MONTHS.es![m - 1]} de ${y}`;

describe("dates in words of other languages", () => {
  it("are read with their day, month and year", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("fr", "de", "es"),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2000, max: 2030 }),
        (language, d, m, y) => {
          const found = findDates(`Le contrat: ${written(language, d, m, y)}.`, "2026-06-01");
          expect(found.map((f) => f.iso)).toEqual([`${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("leave an English day and month alone ('12 September' is chrono's)", () => {
    expect(findDates("on 12 September 2026", "2026-06-01").map((f) => f.iso)).toEqual(["2026-09-12"]);
  });
});

describe("a text in another language", () => {
  it("is never read above 0.85", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 9000 }), (amount) => {
        const text = `Bonjour, le pare-brise de ma voiture est fissuré et je voudrais déclarer le sinistre. Claim amount: $${amount}. Merci pour votre aide, je suis disponible.`;
        const v = readText(inputs, text)["claim amount"];
        expect(v?.value).toBe(amount);
        expect(v!.confidence).toBeLessThanOrEqual(0.85);
      }),
      { numRuns: 20 },
    );
  });
});
