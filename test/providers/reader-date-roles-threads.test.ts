// Dates by their role in a thread of dated messages: a stamp written short ("[12/10/26 17:52]",
// "09/24/25 14:10 RK:") dates its message, so the message's "this afternoon" or "yesterday" counts
// from that day, not from the day the thread is read; and when no words date the report, the
// report date is the day of the thread's earliest message (the first contact), never a later
// follow-up's nor the day of reading; and a date no cue word places is guessed from the earliest
// messages first, whichever order the messages stand in.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import type { ReadValue } from "../../src/providers/types.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "incident date": { type: "date", desc: "On what date did the incident happen?" },
  "report date": { type: "date", desc: "On what date was the claim reported to the insurer?" },
  "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" },
});

const DAY_MS = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const day = fc.integer({ min: Date.UTC(2024, 0, 1) / DAY_MS, max: Date.UTC(2027, 10, 1) / DAY_MS }).map((d) => d * DAY_MS);
const two = (n: number): string => String(n).padStart(2, "0");

/** A stamp written short, in the writer's order of day and month. */
function shortStamp(ms: number, dayFirst: boolean, separator: string, brackets: boolean, time: string): string {
  const d = new Date(ms);
  const [dd, mm, yy] = [two(d.getUTCDate()), two(d.getUTCMonth() + 1), two(d.getUTCFullYear() % 100)];
  const date = dayFirst ? `${dd}${separator}${mm}${separator}${yy}` : `${mm}${separator}${dd}${separator}${yy}`;
  return brackets ? `[${date} ${time}]` : `${date} ${time}`;
}

const NAMES = ["Dan Okafor", "Priya Raman", "Lucia Ferri", "Tom Becker", "Aiko Tanaka", "Sam Olsen"];
const LOSSES = [
  "someone broke into my car in the car park and took the stereo",
  "a van reversed into my parked car and dented the rear door",
  "hail cracked the windscreen and dented the roof",
  "my car was rear-ended at a red light",
];
const WHEN: [string, number][] = [
  ["this afternoon", 0],
  ["this morning", 0],
  ["yesterday", 1],
  ["yesterday evening", 1],
];
const REPLIES = [
  "Claims line: Thanks, we've logged your claim.",
  "Claims line: Noted, an adjuster will be assigned.",
  "Agent: Received, thank you.",
];
const FOLLOW_UPS = [
  "correction, the quote came back higher than I said",
  "the garage has the car now, please send the adjuster there",
  "found the receipts, will email them tonight",
];

/** Wrong values above 0.9 are worse than none. */
const surelyRight = (v: ReadValue | undefined, right: string): boolean => v === undefined || v.value === right || v.confidence <= 0.9;

describe("a thread stamped short", () => {
  it("dates each message by its stamp, and the report by the earliest message when no words date it", () => {
    fc.assert(
      fc.property(
        fc.record({
          sent: day,
          gaps: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 3 }),
          readLater: fc.integer({ min: 0, max: 5 }),
          dayFirst: fc.boolean(),
          separator: fc.constantFrom("/", "-"),
          brackets: fc.boolean(),
          newestFirst: fc.boolean(),
          name: fc.constantFrom(...NAMES),
          loss: fc.constantFrom(...LOSSES),
          when: fc.constantFrom(...WHEN),
          reply: fc.constantFrom(...REPLIES),
          followUp: fc.constantFrom(...FOLLOW_UPS),
          amount: fc.integer({ min: 200, max: 9000 }),
        }),
        (c) => {
          const days = c.gaps.reduce((all, g) => [...all, all.at(-1)! + g * DAY_MS], [c.sent]);
          // the stamps themselves say which number is the day: one of them reads only one way
          fc.pre(days.some((ms) => new Date(ms).getUTCDate() > 12));
          const stamp = (ms: number, time: string) => shortStamp(ms, c.dayFirst, c.separator, c.brackets, time);
          const first = [`${stamp(c.sent, "17:52")} ${c.name}: hi, ${c.loss} ${c.when[0]}.`, `${stamp(c.sent, "17:58")} ${c.reply}`].join(
            "\n",
          );
          const later = days
            .slice(1)
            .map((ms, k) => `${stamp(ms, "08:4" + k)} ${c.name}: ${k === 0 ? c.followUp : `I'm claiming $${c.amount} in total`}.`);
          const messages = c.newestFirst ? [...later].reverse().concat(first) : [first, ...later];
          const reading = iso(days.at(-1)! + c.readLater * DAY_MS);
          const text = `Today is ${reading}. Message log - claims line\n${messages.join("\n")}`;
          const out = readText(inputs, text, reading);
          const incident = iso(c.sent - c.when[1] * DAY_MS);
          expect(out["incident date"]?.value).toBe(incident);
          const report = out["report date"];
          expect([undefined, iso(c.sent)]).toContain(report?.value);
          expect(surelyRight(report, iso(c.sent))).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });
});
