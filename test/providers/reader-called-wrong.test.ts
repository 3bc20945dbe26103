// Two ways a text replaces a figure it gave: it calls the figure wrong and says which is right
// ("client says 45,000 was a typo - the correct figure is 54,000"), and it says what held before
// and what holds now ("rent was $1,150, now $1,225/month"). The newer figure answers; the one it
// replaces, wherever else it is said, does not. A figure said not to be a typo, or only possibly
// changed, stands.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const lending = sample("lending").ir.inputs;
const eligibility = sample("eligibility").ir.inputs;

const money = fc.integer({ min: 50, max: 900 }).map((n) => n * 100);
const pair = fc.tuple(money, money).filter(([a, b]) => a !== b);
const fmt = (n: number, dollar: boolean) => `${dollar ? "$" : ""}${n.toLocaleString("en-US")}`;

const WRONG = ["was a typo", "was wrong", "is incorrect", "was a mistake", "was an error", "is a misprint"];
const RIGHT = [
  "the correct figure is",
  "it should be",
  "should read",
  "the actual amount is",
  "what they meant was",
  "the right number is",
];
/** Where the call that a figure is wrong stands: after it, in its sentence, in brackets, or in the next sentence. */
const CALLS: ((old: string, wrong: string, right: string, newer: string) => string)[] = [
  (o, w, r, n) => `Loan requested: ${o}. Call note: the client says ${o} ${w} - ${r} ${n}.`,
  (o, w, r, n) => `Loan requested: ${o} (${w.replace(/^(was|is) /, "")}, ${r} ${n}).`,
  (o, w, r, n) => `Loan requested: ${o}. Update: that figure ${w}; ${r} ${n}.`,
];

describe("a figure the text calls wrong", () => {
  it("answers nothing; the figure given as right answers", () => {
    fc.assert(
      fc.property(
        pair,
        fc.constantFrom(...WRONG),
        fc.constantFrom(...RIGHT),
        fc.constantFrom(...CALLS),
        fc.boolean(),
        ([o, n], w, r, call, dollar) => {
          const text = `Application note\n${call(fmt(o, dollar), w, r, fmt(n, dollar))}\nFICO 700.`;
          expect(readText(lending, text)["loan amount"]?.value).toBe(n);
        },
      ),
    );
  });

  it("stands when the text says it is no typo", () => {
    fc.assert(
      fc.property(pair, ([o, n]) => {
        const text = `Application note\nLoan requested: $${o}. The client confirms $${o} is not a typo. The house itself costs $${n} more.\nFICO 700.`;
        expect(readText(lending, text)["loan amount"]?.value).toBe(o);
      }),
    );
  });
});

const HELD_THEN_NOW = [
  (o: string, n: string) => `rent was ${o}, now ${n}/month`,
  (o: string, n: string) => `rent was ${o} a month, now it is ${n}`,
  (o: string, n: string) => `rent was ${o} and is now ${n}`,
  (o: string, n: string) => `the rent used to be ${o}; now ${n} a month`,
  (o: string, n: string) => `rent previously ${o}, currently ${n} per month`,
];

describe("a figure said to have held before, beside the one that holds now", () => {
  it("gives way to the one that holds now", () => {
    fc.assert(
      fc.property(pair, fc.constantFrom(...HELD_THEN_NOW), ([o, n], say) => {
        const text = `Home visit note\nApplicant: Dana Reyes, 38, no disability.\nHousing: lease renewed in January - ${say(fmt(o, true), fmt(n, true))}.`;
        expect(readText(eligibility, text, "2026-02-04")["monthly rent"]?.value).toBe(n);
      }),
    );
  });

  it("stands when the newer figure is only possible", () => {
    fc.assert(
      fc.property(pair, ([o, n]) => {
        const text = `Home visit note\nApplicant: Dana Reyes, 38, no disability.\nHousing: rent was $${o} a month and might now go up to $${n} next year.`;
        expect(readText(eligibility, text, "2026-02-04")["monthly rent"]?.value).not.toBe(n);
      }),
    );
  });
});
