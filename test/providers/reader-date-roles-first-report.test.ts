// Dates by their role: a message in which the writer asks to make the report ("I'd like to report
// that my car was rear-ended", "I would like to open a claim", "we want to lodge a claim") is the
// first report, so its own date (its "Date:" line, or the quoted header above it in a reply) is
// the report date; not the day a garage looked at the car, nor the day of the reply above it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { CLAIM_AMOUNT, CLAIM_DATES, inputsOf } from "./helpers.js";

const inputs = inputsOf({ ...CLAIM_DATES, ...CLAIM_AMOUNT });

const DAY_MS = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const short = (ms: number): string => {
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]!.slice(0, 3)}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};
const inWords = (ms: number): string => {
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};
const day = fc.integer({ min: Date.UTC(2024, 0, 10) / DAY_MS, max: Date.UTC(2027, 10, 1) / DAY_MS }).map((d) => d * DAY_MS);

const NAMES = ["Karen Whitfield", "Priya Raman", "Sione Tuilagi", "Chris Tan", "Marta Lind", "Omar Haddad"];
const WISHES = [
  (loss: string) => `I'd like to report that ${loss}`,
  (loss: string) => `I would like to open a claim: ${loss}`,
  (loss: string) => `We want to lodge a claim, ${loss}`,
  (loss: string) => `I’d like to make a claim on my motor policy. ${loss[0]!.toUpperCase()}${loss.slice(1)}`,
];
const LOSSES = ["my car was rear-ended at a red light", "hail dented the roof and bonnet of my car", "a van reversed into my parked car"];
const GARAGES = ["Apex Panel & Paint", "Range Panel Beaters", "Elm Street Motors"];

describe("a message that asks to make the report", () => {
  it("is the first report: its own date is the report date, and no other date is, surely", () => {
    fc.assert(
      fc.property(
        fc.record({
          loss: day,
          toReport: fc.integer({ min: 1, max: 6 }),
          toGarage: fc.integer({ min: 0, max: 6 }),
          toReply: fc.integer({ min: 1, max: 6 }),
          quoted: fc.boolean(),
          name: fc.constantFrom(...NAMES),
          wish: fc.constantFrom(...WISHES),
          what: fc.constantFrom(...LOSSES),
          garage: fc.constantFrom(...GARAGES),
          amount: fc.integer({ min: 300, max: 9000 }),
        }),
        (c) => {
          const reported = c.loss + c.toReport * DAY_MS;
          const garage = c.loss + Math.min(c.toGarage, c.toReport - 1) * DAY_MS;
          // the garage's visit is another day than the report's
          fc.pre(iso(garage) !== iso(reported));
          const body = [
            `Hello, ${c.wish(`${c.what} on ${inWords(c.loss)}`)}.`,
            `I took it to ${c.garage} on ${inWords(garage)} and their written estimate is $${c.amount}.`,
            `Thanks, ${c.name}`,
          ];
          const replied = reported + c.toReply * DAY_MS;
          const text = c.quoted
            ? [
                `From: ${c.name}`,
                `Date: ${short(replied)} 09:12`,
                "Subject: Re: my claim",
                "",
                "Hi again, one more photo attached. Everything else is as I wrote.",
                "",
                `> On ${short(reported)}, ${c.name} wrote:`,
                ...body.map((l) => `> ${l}`),
              ].join("\n")
            : [`From: ${c.name}`, `Date: ${short(reported)} 07:41`, "Subject: New claim", "", ...body].join("\n");
          const reading = iso(c.quoted ? replied : reported);
          const out = readText(inputs, `Today is ${reading}. ${text}`, reading);
          const report = out["report date"];
          expect(report?.value).toBe(iso(reported));
          // no wrong date above 0.9: the incident's is the loss's day, and the text gives no policy start
          const incident = out["incident date"];
          if (incident && incident.value !== iso(c.loss)) expect(incident.confidence).toBeLessThanOrEqual(0.9);
          if (out["policy start"]) expect(out["policy start"].confidence).toBeLessThanOrEqual(0.9);
        },
      ),
      { numRuns: 80 },
    );
  });
});
