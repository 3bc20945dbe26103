// Payments listed one per line ("Debts:\n  Visa $130/mo\n  Car loan $310/mo") answer an input that
// asks for all of them as their sum, below 0.9; a line whose payment is not made now ("deferred",
// "paying nothing") or whose debt someone else owes alone ("Jen's own card") adds nothing; lines
// of prose wrapped mid-sentence are no list.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const lending = inputsOf({
  "loan amount": { type: "number > 0", desc: "How many dollars does the applicant want to borrow?" },
  "monthly debt": { type: "number >= 0", desc: "How many dollars does the applicant pay each month on existing debts?" },
});

const KINDS = ["Car loan", "Student loan", "Store card", "Line of credit", "Furniture credit"];
const MARKS = ["- ", "  ", "* ", "1) "];
const LEFT_OUT = ["deferred until next year", "in deferment, paying $0 right now", "Maria's own card"];

const listed = (mark: string, payments: number[], notes: string[] = []) =>
  payments.map((p, k) => `${mark}${KINDS[k % KINDS.length]}: $${p}/month${notes[k] ? `, ${notes[k]}` : ""}`).join("\n");

describe("payments listed one per line", () => {
  it("are read as their sum, below 0.9", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MARKS),
        fc.array(fc.integer({ min: 20, max: 900 }), { minLength: 2, maxLength: 4 }),
        (mark, payments) => {
          const debt = readText(lending, `Wants to borrow $12,000.\n\nMonthly payments:\n${listed(mark, payments)}\n`)["monthly debt"];
          expect(debt?.value).toBe(payments.reduce((a, b) => a + b, 0));
          expect(debt!.confidence).toBeLessThan(0.9);
        },
      ),
    );
  });

  it("leave out a payment not made now or a debt someone else owes alone", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 20, max: 900 }), { minLength: 3, maxLength: 3 }),
        fc.constantFrom(...LEFT_OUT),
        fc.integer({ min: 1, max: 2 }),
        (payments, note, out) => {
          const notes = payments.map((_, k) => (k === out ? note : ""));
          const debt = readText(lending, `Wants to borrow $12,000.\n\nMonthly payments:\n${listed("- ", payments, notes)}\n`)[
            "monthly debt"
          ];
          expect(debt?.value).toBe(payments.reduce((a, b, k) => (k === out ? a : a + b), 0));
        },
      ),
    );
  });

  it("are no list when the lines are one sentence wrapped", () => {
    const debt = readText(lending, "Wants to borrow $12,000.\n  I pay $285/month on my student loan and\n  $390/month on my car.")[
      "monthly debt"
    ];
    expect(debt?.value).not.toBe(675);
  });
});
