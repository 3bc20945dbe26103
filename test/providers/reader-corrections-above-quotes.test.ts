// A reply that corrects a figure of the message it quotes below it: "Sorry, I meant $28,000, not
// $25,000" on top, the quoted "I'd like to borrow $25,000" under it. The figure taken back is the old
// value wherever it stands, and the cues of its mentions announce the figure corrected to.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "annual income": { type: "number >= 0", desc: "What is the applicant's gross annual income, in dollars?" },
  "monthly debt": { type: "number >= 0", desc: "How many dollars does the applicant pay each month on existing debts?" },
  "loan amount": { type: "number > 0", desc: "How many dollars does the applicant want to borrow?" },
});
const money = (n: number): string => `$${n.toLocaleString("en-US")}`;

/** How a forwarder's note opens the chain above the reply. */
const FORWARDS = [
  "Hi team, forwarding the applicant's e-mail below; please note her correction.\n\n---------- Forwarded message ----------\n",
  "FYI - see below.\n\n-----Original Message-----\n",
];

describe("a correction above the quoted message it corrects", () => {
  it("reads the figure corrected to, not the quoted one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 80 }).map((k) => k * 500),
        fc.integer({ min: 1, max: 20 }).map((k) => k * 500),
        fc.constantFrom("Sorry, I meant", "Apologies, I meant", "Correction: I meant", "Sorry - I meant"),
        fc.constantFrom(...FORWARDS),
        fc.constantFrom("> ", ">> "),
        (old, more, said, forward, quote) => {
          const corrected = old + more;
          const text =
            `${forward}From: Ana Ruiz <ana@mail.example>\nSubject: Re: loan\n\n` +
            `${said} ${money(corrected)}, not ${money(old)}. Everything else is the same.\n\nAna\n\n` +
            `${quote}On Mon, 6 Oct 2025, Ana Ruiz wrote:\n${quote}I'd like to borrow ${money(old)} for a new kitchen.\n${quote}I earn $52,000 a year.`;
          const got = readText(inputs, text);
          expect(got["loan amount"]?.value).toBe(corrected);
          expect(got["annual income"]?.value).toBe(52000);
        },
      ),
      { numRuns: 40 },
    );
  });
});
