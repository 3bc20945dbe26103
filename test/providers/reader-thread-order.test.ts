// A thread pasted oldest first, its dates rising down the page: the last message is the current
// one, a figure a later message corrects supersedes the earlier, and a value contradicted later in
// the same evidence is never read above 0.9. A correction that names the value it replaces takes
// back that value, not the amount said just before it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { messageParts } from "../../src/providers/readers/text/message-parts.js";

const pricing = modelOf("pricing").ir.inputs;
const lending = modelOf("lending").ir.inputs;

const pad = (n: number): string => String(n).padStart(2, "0");
/** A dated header block: "From: …", "Date: 2026-11-DD HH:MM" or "Sent: DD November 2026 HH:MM". */
const header = (who: string, day: number, minute: number, sent: boolean): string =>
  `From: ${who}\n${sent ? `Sent: ${day} November 2026` : `Date: 2026-11-${pad(day)}`} ${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

/** Message times in order: each (day, minute) after the one before. */
const times = (n: number) =>
  fc.array(fc.integer({ min: 1, max: 600 }), { minLength: n, maxLength: n }).map((steps) => {
    let at = 8 * 60;
    return steps.map((s) => {
      at += s;
      return { day: 2 + Math.floor(at / 1440), minute: at % 1440 };
    });
  });

const thread = fc.record({
  first: fc.integer({ min: 20, max: 400 }),
  delta: fc.integer({ min: 1, max: 90 }),
  fillers: fc.integer({ min: 0, max: 2 }),
  sent: fc.boolean(),
  separator: fc.constantFrom("", "---", "\n---"),
});

function threadText(
  t: { first: number; delta: number; fillers: number; sent: boolean; separator: string },
  at: { day: number; minute: number }[],
) {
  const newer = t.first + t.delta;
  const bodies = [
    `Hello, the customer wants ${t.first} seats at $300 per seat per year on a two-year term.`,
    ...Array.from({ length: t.fillers }, () => "Thanks, noted. Any discount?"),
    `They came back: make it ${newer} seats, not ${t.first}.`,
    "The signed order form is attached.",
  ];
  const who = ["Ana Ruiz", "Deal Desk"];
  return bodies
    .map((b, k) => `${k > 0 && t.separator ? `${t.separator}\n` : ""}${header(who[k % 2]!, at[k]!.day, at[k]!.minute, t.sent)}\n\n${b}`)
    .join("\n\n");
}

describe("a thread pasted oldest first", () => {
  it("reads the later message's corrected figure, never the superseded one above 0.9", () => {
    fc.assert(
      fc.property(
        thread.chain((t) => times(t.fillers + 3).map((at) => ({ t, at }))),
        ({ t, at }) => {
          const text = threadText(t, at);
          const parts = messageParts(text);
          // the newest message is the current one; the first is history
          expect(parts.current).toContain("signed order form");
          expect(parts.current).not.toContain(`wants ${t.first} seats`);
          expect(parts.history).toContain(`wants ${t.first} seats`);
          const quantity = readText(pricing, text).quantity;
          if (quantity?.value === t.first) expect(quantity.confidence).toBeLessThanOrEqual(0.9);
          expect(quantity?.value).toBe(t.first + t.delta);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("keeps the newest message on top when the dates fall down the page, or do not order the messages", () => {
    const newestFirst =
      "From: Ana Ruiz\nDate: 2026-11-05 10:00\n\nMake it 60 seats.\n\nFrom: Ana Ruiz\nDate: 2026-11-03 09:00\n\nThe customer wants 50 seats.";
    expect(messageParts(newestFirst).current).toContain("Make it 60 seats.");
    expect(messageParts(newestFirst).current).not.toContain("50 seats");
    const sameMinute = "From: Ana Ruiz\nDate: 2026-11-03\n\n50 seats.\n\nFrom: Ana Ruiz\nDate: 2026-11-03\n\nSigned.";
    expect(messageParts(sameMinute).current).toContain("50 seats.");
  });

  it("orders one day's messages by their times, with AM and PM", () => {
    const text =
      "From: Ana Ruiz\nDate: Thu, 12 Nov 2026 11:40 AM\n\nI need $15,000.\n\nFrom: Ana Ruiz\nDate: Thu, 12 Nov 2026 1:15 PM\n\nPayslips attached.";
    expect(messageParts(text).current).toContain("Payslips attached.");
    expect(messageParts(text).history).toContain("I need $15,000.");
  });

  it("reads replies each under an unquoted 'On … wrote:' line, dates rising, the same way", () => {
    const text = "On 2 Feb 2026, Tom wrote:\nI'd like to borrow $25,000.\n\nOn 3 Feb 2026, Tom wrote:\nMy payslips are attached.";
    const parts = messageParts(text);
    expect(parts.current).toContain("payslips");
    expect(parts.history).toContain("$25,000");
    expect(parts.current).not.toContain("wrote");
  });
});

describe("a correction that names the value it replaces", () => {
  it("takes back that value, not the amount said just before it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 120 }), fc.integer({ min: 5, max: 25 }), (income, loan) => {
        const [pay, asked, fixed] = [income * 1000, loan * 1000, loan * 1000 + 3500];
        const text = `I'd like to borrow $${asked}. I earn $${pay} a year. Correction: I need $${fixed}, not $${asked}.`;
        const read = readText(lending, text);
        expect(read["annual income"]?.value).toBe(pay);
        expect(read["loan amount"]?.value).toBe(fixed);
      }),
      { numRuns: 40 },
    );
  });
});
