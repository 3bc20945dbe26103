// A date after a reference's number ("claim reference CLM/26/24 on 5 June 2026", "ref 24 at
// 5 June"): the number is no hour of the date, a code's numbers ("CLM/26/1", "INV/03/12") are no
// day, and the date is read whatever the numbers are.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const loss = inputsOf({ "loss date": { type: "date", desc: "When did the loss happen?" } });
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November"];

describe("a date after a reference's number", () => {
  it("is read, whatever the number before it", () => {
    const reference = fc.constantFrom(
      (n: number) => `claim reference CLM/A/${n}`,
      (n: number) => `claim reference CLM/26/${n}`,
      (n: number) => `invoice INV/${String(n % 12).padStart(2, "0")}/${n},`,
      (n: number) => `file AB-${n}/05`,
      (n: number) => `ref ${n}`,
      (n: number) => `ticket #${n},`,
      (n: number) => `item ${n}`,
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99 }),
        reference,
        fc.constantFrom("on", "at"),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: MONTHS.length - 1 }),
        (n, ref, joint, day, month) => {
          const text = `Break-in, ${ref(n)} ${joint} ${day} ${MONTHS[month]} 2026. The list of stolen items follows.`;
          const iso = `2026-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
          expect(readText(loss, text, "2026-12-01")["loss date"]?.value).toBe(iso);
        },
      ),
      { numRuns: 300, examples: [[24, (n: number) => `claim reference CLM/A/${n}`, "on", 5, 5]] },
    );
  });

  it("leaves a date's own day before 'on' or 'at' to the date", () => {
    const form = fc.constantFrom(
      (m: number, d: number) => `2026-${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
      (m: number, d: number) => `2026/${String(m + 1).padStart(2, "0")}/${String(d).padStart(2, "0")}`,
      (m: number, d: number) => `${MONTHS[m]} ${d}, 2026`,
    );
    const after = fc.constantFrom("on the schedule", "at the depot", "at noon", "on the night shift");
    fc.assert(
      fc.property(form, fc.integer({ min: 1, max: 28 }), fc.integer({ min: 0, max: MONTHS.length - 1 }), after, (f, day, month, tail) => {
        const text = `Break-in recorded ${f(month, day)} ${tail}.`;
        const iso = `2026-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        expect(readText(loss, text, "2026-12-01")["loss date"]?.value).toBe(iso);
      }),
      { numRuns: 300, examples: [[(m: number, d: number) => `2026-0${m + 1}-${d}`, 24, 0, "on the schedule"]] },
    );
  });
});
