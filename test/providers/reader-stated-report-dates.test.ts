// Report dates the text states: a form's "Date reported: …", a note's "FNOL received via portal …",
// prose's "she notified us on …", "phoned our claims line on … to report the loss". That day is the
// report date, not the day the text is written or read (a form filled in later, a letter "Dated …",
// a note headed with its day, a message that speaks as the first report), and a report to someone
// else (the police, the landlord, the other driver's insurer) is no report to the insurer, nor is
// a loss told after a report word ("I reported that on 3 March a van …") the report's day.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { CLAIM_AMOUNT, CLAIM_DATES, inputsOf } from "./helpers.js";

const motor = inputsOf({ ...CLAIM_DATES, ...CLAIM_AMOUNT });
const home = inputsOf({
  "police report": { type: "boolean", desc: "Was the loss reported to the police?" },
  "loss date": { type: "date", desc: "On what date did the loss happen?" },
  "report date": { type: "date", desc: "On what date was the loss reported to the insurer?" },
  "claim amount": { type: "number >= 0", desc: "How many dollars are claimed?" },
});

const DAY_MS = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WRITINGS: ((ms: number) => string)[] = [
  (ms) => iso(ms),
  (ms) => `${new Date(ms).getUTCDate()} ${MONTHS[new Date(ms).getUTCMonth()]} ${new Date(ms).getUTCFullYear()}`,
  (ms) => `${MONTHS[new Date(ms).getUTCMonth()]} ${new Date(ms).getUTCDate()}, ${new Date(ms).getUTCFullYear()}`,
];
const day = fc.integer({ min: Date.UTC(2024, 0, 10) / DAY_MS, max: Date.UTC(2027, 10, 1) / DAY_MS }).map((d) => d * DAY_MS);

/** The report's day in a form's label or a sentence of prose (a line or a sentence of its own). */
const REPORTS: ((d: string) => string)[] = [
  (d) => `Date reported: ${d}`,
  (d) => `Date notified to insurer: ${d}`,
  (d) => `Report date: ${d}`,
  (d) => `She notified us on ${d}.`,
  (d) => `Our own notification came on ${d}.`,
  (d) => `First reported to us by phone on ${d}.`,
  (d) => `He telephoned our claims line on ${d} to report the loss.`,
  (d) => `The policyholder phoned us on ${d} to report it.`,
  (d) => `FNOL received via portal ${d}.`,
  (d) => `The loss was reported to the insurer on ${d}.`,
];
/** A report of the same loss to someone else, on another day. */
const OTHERS: ((d: string) => string)[] = [
  (d) => `She filed police report #55120 on ${d}.`,
  (d) => `The other driver's insurer was notified on ${d}.`,
  (d) => `The landlord was notified on ${d}.`,
  (d) => `He reported it to the police on ${d}.`,
  (d) => `The van driver's insurer was notified on ${d}.`,
];
/** Lines that date the text itself: a title, a form's stamp, a note's heading. */
const HEADS: ((d: string) => string)[] = [
  () => "FIRST NOTICE OF LOSS",
  (d) => `Form completed: ${d}`,
  (d) => `ADJUSTER NOTES - written ${d}`,
  () => "The insured reports a loss.",
];
/** The loss told in a sentence of its own, some after a report word ("I reported that on …"): its day dates no report. */
const TOLD: ((d: string, what: string) => string)[] = [
  (d, what) => `On ${d} ${what}.`,
  (d, what) => `I reported that on ${d} ${what}.`,
  (d, what) => `As reported, on ${d} ${what}.`,
  (d, what) => `I notified you when on ${d} ${what}.`,
];
const LOSSES = [
  "a delivery van reversed into the parked car",
  "the back door was forced and a laptop was stolen",
  "hail dented the roof",
  "a pipe burst under the kitchen sink",
];

describe("a report date the text states", () => {
  it("is the report date, whatever day the text is written on and whoever else was told", () => {
    fc.assert(
      fc.property(
        fc.record({
          loss: day,
          toOther: fc.integer({ min: 0, max: 5 }),
          toReport: fc.integer({ min: 1, max: 9 }),
          toWriting: fc.integer({ min: 1, max: 9 }),
          report: fc.constantFrom(...REPORTS),
          other: fc.option(fc.constantFrom(...OTHERS), { nil: undefined }),
          head: fc.option(fc.constantFrom(...HEADS), { nil: undefined }),
          signed: fc.boolean(),
          writing: fc.array(fc.constantFrom(...WRITINGS), { minLength: 4, maxLength: 4 }),
          what: fc.constantFrom(...LOSSES),
          told: fc.constantFrom(...TOLD),
          amount: fc.integer({ min: 300, max: 9000 }),
          order: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
          property: fc.boolean(),
        }),
        (c) => {
          const reported = c.loss + c.toReport * DAY_MS;
          const other = c.loss + Math.min(c.toOther, c.toReport - 1) * DAY_MS;
          const written = reported + c.toWriting * DAY_MS;
          const [w0, w1, w2, w3] = c.writing as [
            (ms: number) => string,
            (ms: number) => string,
            (ms: number) => string,
            (ms: number) => string,
          ];
          fc.pre(c.other === undefined || iso(other) !== iso(c.loss));
          const body = [
            c.told(w0(c.loss), c.what),
            c.report(w1(reported)),
            ...(c.other ? [c.other(w2(other))] : []),
            `The amount claimed is $${c.amount}.`,
          ]
            .map((line, k) => ({ line, key: c.order[k]! }))
            .sort((a, b) => a.key - b.key)
            .map((x) => x.line);
          const text = [...(c.head ? [c.head(w3(written))] : []), ...body, ...(c.signed ? [`Dated ${w3(written)}`] : [])].join("\n");
          const out = readText(c.property ? home : motor, `Today is ${iso(written)}. ${text}`, iso(written));
          expect(out["report date"]?.value).toBe(iso(reported));
          // the day another party was told is no day of the loss, surely
          const loss = out[c.property ? "loss date" : "incident date"];
          if (loss && loss.value !== iso(c.loss)) expect(loss.confidence).toBeLessThanOrEqual(0.9);
          // a document's own day ("Dated …", "written …") is no day of the loss, when no stamp gives it too
          if (c.signed && !c.head?.("").startsWith("Form completed")) expect(loss?.value).not.toBe(iso(written));
          if (out["policy start"]) expect(out["policy start"].confidence).toBeLessThanOrEqual(0.9);
        },
      ),
      { numRuns: 150 },
    );
  });
});
