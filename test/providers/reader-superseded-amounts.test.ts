// An amount revised later in the text supersedes the earlier one (issue 33: no wrong value above
// 0.9): "I first asked about borrowing $12,500. … a firm quote of $14,200, so I'd like that amount
// instead" asks for 14,200. Without "instead", or with "instead of" (a replacement read elsewhere),
// the rule does not apply.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const loan = inputsOf({
  "loan amount": { type: "number > 0", desc: "How many dollars does the applicant ask to borrow?" },
});

const FIRST = ["I first spoke to your branch about borrowing", "Last week I asked to borrow", "My application was for a loan of"];
const BETWEEN = ["", " Since then the price has changed.", " The builder came back to us."];
const LATER = [
  "The final quote is {new}, so I would like to apply for that amount instead",
  "The dealer now asks {new}, and I would like to borrow that figure instead",
  "Please make the loan {new} instead",
];

describe("an amount superseded by one wanted instead", () => {
  it("reads the later amount, wanted instead, up to two sentences on", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIRST),
        fc.constantFrom(...BETWEEN),
        fc.constantFrom(...LATER),
        fc.integer({ min: 20, max: 400 }),
        fc.integer({ min: 1, max: 50 }),
        (first, between, later, hundreds, more) => {
          const old = hundreds * 100;
          const now = old + more * 100;
          const text = `${first} $${old.toLocaleString("en-US")}.${between} ${later.replace("{new}", `$${now.toLocaleString("en-US")}`)}.`;
          expect(readText(loan, text)["loan amount"]?.value).toBe(now);
        },
      ),
    );
  });

  it("keeps the first amount when nothing says the later one is wanted instead", () => {
    expect(readText(loan, "I would like to borrow $12,500. The roof quote was $14,200 in total.")["loan amount"]?.value).toBe(12500);
  });
});
