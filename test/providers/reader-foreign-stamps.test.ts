// A call's or a note's own day, stamped under its title in the language it is written in ("Fecha de
// la llamada: 2025-06-18 (miércoles)", "Date de l'appel : 23/01/2025, 14h05", "Datum des Anrufs:
// …", "Date of call: …"): the day the call was made, from which its "ayer" or "avant-hier" counts, and the day
// the loss it tells of was reported, not the day the transcript is read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { CLAIM_AMOUNT, CLAIM_DATES, inputsOf } from "./helpers.js";

const inputs = inputsOf({ ...CLAIM_DATES, ...CLAIM_AMOUNT });

const DAY_MS = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const day = fc.integer({ min: Date.UTC(2024, 0, 10) / DAY_MS, max: Date.UTC(2027, 10, 1) / DAY_MS }).map((d) => d * DAY_MS);

interface Language {
  titles: string[];
  stamps: ((d: string) => string)[];
  weekdays: string[];
  /** the caller's line telling the loss happened some days before the call ("ayer", "avant-hier"), and how many */
  losses: [string, number][];
}
const LANGUAGES: Language[] = [
  {
    titles: ["Transcripción de llamada — Centro de Siniestros", "Nota de la llamada"],
    stamps: [(d) => `Fecha de la llamada: ${d}`, (d) => `Fecha de llamada: ${d}`],
    weekdays: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
    losses: [
      ["Cliente: Llamo porque ayer una piedra me rompió el parabrisas.", 1],
      ["Cliente: Ayer por la tarde me golpearon el coche.", 1],
    ],
  },
  {
    titles: ["Transcription d'appel", "Note d'appel – service sinistres"],
    stamps: [(d) => `Date de l'appel : ${d}`, (d) => `Date d'appel: ${d}`],
    weekdays: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
    losses: [
      ["Assurée : Avant-hier soir, une pierre a fissuré le pare-brise.", 2],
      ["Assuré : J'ai eu un accrochage avant-hier.", 2],
    ],
  },
  {
    titles: ["Trascrizione della telefonata", "Nota della chiamata"],
    stamps: [(d) => `Data della chiamata: ${d}`, (d) => `Data della telefonata: ${d}`],
    weekdays: ["domenica", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"],
    losses: [
      ["Cliente: Ieri un sasso ha rotto il parabrezza.", 1],
      ["Cliente: Ieri sera mi hanno tamponato.", 1],
    ],
  },
  {
    titles: ["Protokoll des Anrufs", "Telefonnotiz – Schadenhotline"],
    stamps: [(d) => `Datum des Anrufs: ${d}`, (d) => `Datum des Gesprächs: ${d}`],
    weekdays: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
    losses: [
      ["Kunde: Gestern hat ein Stein die Windschutzscheibe beschädigt.", 1],
      ["Kundin: Gestern Abend hatte ich einen Unfall.", 1],
    ],
  },
  {
    titles: ["Transcrição da chamada", "Nota da ligação"],
    stamps: [(d) => `Data da chamada: ${d}`, (d) => `Data da ligação: ${d}`],
    weekdays: ["domingo", "segunda", "terça", "quarta", "quinta", "sexta", "sábado"],
    losses: [
      ["Cliente: Ontem uma pedra partiu o para-brisas.", 1],
      ["Cliente: Ontem à noite bateram no meu carro.", 1],
    ],
  },
  {
    titles: ["Call transcript - claims line", "FNOL call note"],
    stamps: [(d) => `Date of call: ${d}`, (d) => `Date of the call: ${d}`],
    weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    losses: [
      ["Caller: Yesterday a stone cracked the windscreen.", 1],
      ["Caller: Someone hit my parked car yesterday evening.", 1],
    ],
  },
];
const TIMES = ["", ", 09:12", ", 14h05", " 16:40"];

describe("a call's own day stamped under its title, in the language it is written in", () => {
  it("is the day its yesterday counts from, and the report's day", () => {
    fc.assert(
      fc.property(
        fc.record({
          called: day,
          toReading: fc.integer({ min: 1, max: 40 }),
          language: fc.constantFrom(...LANGUAGES),
          pick: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
          weekday: fc.boolean(),
          time: fc.constantFrom(...TIMES),
          amount: fc.integer({ min: 200, max: 9000 }),
        }),
        (c) => {
          const { titles, stamps, weekdays, losses } = c.language;
          const [a, b, l] = c.pick as [number, number, number];
          const stamp = `${iso(c.called)}${c.weekday ? ` (${weekdays[new Date(c.called).getUTCDay()]})` : ""}${c.time}`;
          const [loss, back] = losses[l % losses.length]!;
          const text = [titles[a % titles.length]!, stamps[b % stamps.length]!(stamp), "", loss, `$${c.amount}`].join("\n");
          const reading = iso(c.called + c.toReading * DAY_MS);
          const out = readText(inputs, text, reading);
          expect(out["incident date"]?.value).toBe(iso(c.called - back * DAY_MS));
          expect(out["report date"]?.value).toBe(iso(c.called));
          if (out["policy start"]) expect(out["policy start"].confidence).toBeLessThanOrEqual(0.9);
        },
      ),
      { numRuns: 120 },
    );
  });
});
