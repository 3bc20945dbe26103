// Corrections the text reader takes as the writer meant them: a figure raised or repaired on the
// next line of a chat ("make it 9,500", "sorry, 18k"), a figure a remark names as replaced taken
// back wherever it was written before, a date the writer calls wrong, and a bare weekday told of
// what is to come, which is no day of the facts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf, withReference } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const lending = modelOf("lending").ir.inputs;
const property = modelOf("property-claims").ir.inputs;
const money = (n: number) => n.toLocaleString("en-US");
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November"];

describe("a figure corrected on the next line", () => {
  it("takes the new figure, never the old one", () => {
    const repairs = fc.constantFrom("actually make it", "hmm, make it", "sorry,", "Sorry -");
    fc.assert(
      fc.property(repairs, fc.integer({ min: 1000, max: 90_000 }), fc.integer({ min: 1000, max: 90_000 }), (repair, old, meant) => {
        fc.pre(old !== meant);
        const text = `Agent: how much would you like to borrow?\nClient: $${money(old)}\nClient: ${repair} ${money(meant)}`;
        const got = readText(lending, text);
        expect(got["loan amount"]?.value).toBe(meant);
        expect(Object.values(got).map((v) => v.value)).not.toContain(old);
      }),
      { numRuns: 40, seed: 33 },
    );
  });

  it("takes back every earlier mention of a value a remark names as replaced", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 90_000 }), fc.integer({ min: 1000, max: 90_000 }), (old, meant) => {
        fc.pre(old !== meant);
        const text = `Loan amount requested: ${money(old)}\nCredit score: 701\nRemarks: the loan amount above is wrong, it should be ${money(meant)}, not ${money(old)}.`;
        expect(readText(lending, text)["loan amount"]?.value).toBe(meant);
      }),
      { numRuns: 30, seed: 34 },
    );
  });

  it("takes back a value the remark names short, in thousands ('$15,000, not 18')", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 90 }), fc.integer({ min: 2, max: 90 }), (old, meant) => {
        fc.pre(old !== meant);
        const text = `Loan amount requested: $${money(old * 1000)}\nCredit score: 701\n\nThanks,\nJo\n\nP.S. one figure above was off, I need $${money(meant * 1000)}, not ${old}.`;
        const got = readText(lending, text);
        expect(got["loan amount"]?.value).toBe(meant * 1000);
        expect(Object.values(got).map((v) => v.value)).not.toContain(old * 1000);
      }),
      { numRuns: 30, seed: 35 },
    );
  });

  it("takes the new figure when the old one, denied outright, ends the line far from it", () => {
    const between = fc.constantFrom("per his form", "as on the signed application", "USD per the form he sent");
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 90 }), fc.integer({ min: 2, max: 9 }), between, (meant, times, words) => {
        const old = meant * times * 10;
        const text = `Agent: how much would you like to borrow?\nClient: ${old}k\nClient: sorry typo - ${meant}k ${words}, not ${old}k`;
        const got = readText(lending, text);
        expect(got["loan amount"]?.value, text).toBe(meant * 1000);
        expect(Object.values(got).map((v) => v.value)).not.toContain(old * 1000);
      }),
      { numRuns: 30, seed: 36 },
    );
  });

  it("reads a repair said short as the thousands it repairs, and leaves a repair of another figure alone", () => {
    const WORDS = ["twenty", "twenty-one", "twenty-two", "twenty-three", "twenty-four", "twenty-five"];
    const repairs = fc.constantFrom("Actually, can we make it", "Hmm, make that", "Sorry,");
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 25 }),
        fc.integer({ min: 10, max: 19 }),
        repairs,
        fc.boolean(),
        (old, meant, repair, inWords) => {
          const asked = inWords ? `${WORDS[old - 20]} thousand` : `$${money(old * 1000)}`;
          const text = `UW: Your FICO came back 741. And you're asking for ${asked}?\nAP: ${repair} ${meant}?`;
          expect(readText(lending, text)["loan amount"]?.value, text).toBe(meant * 1000);
          const months = `UW: $${money(old * 1000)} over 36 months?\nAP: ${repair} ${meant + 30}.`;
          expect(readText(lending, months)["loan amount"]?.value, months).not.toBe((meant + 30) * 1000);
        },
      ),
      { numRuns: 30, seed: 37 },
    );
  });

  it("leaves a figure alone whose short form the remark does not name", () => {
    const text = "Loan amount requested: $24,000\nCredit score: 701\n\nThanks,\nJo\n\nP.S. the van is 7 years old, not 9.";
    expect(readText(lending, text)["loan amount"]?.value).toBe(24_000);
  });

  it("leaves an apology that corrects nothing alone", () => {
    const got = readText(lending, "Sorry for the delay. I'd like to borrow $12,000; my credit score is 702.");
    expect(got["loan amount"]?.value).toBe(12_000);
  });
});

describe("a date the writer takes back", () => {
  it("reads the date given after a correction in place of the one called wrong", () => {
    const takeBacks = fc.constantFrom("; that was wrong.", "; sorry, that was a mistake.", ", corr. to", ", no wait,");
    fc.assert(
      fc.property(takeBacks, fc.nat(10), fc.integer({ min: 2, max: 27 }), (takeBack, month, day) => {
        const said = `${day} ${MONTHS[month]!} 2026`;
        const meant = `${day - 1} ${MONTHS[month]!} 2026`;
        const text = `Dear claims team,\nOn the phone I said the loss happened on ${said}${takeBack} It was ${meant}. The plumber's bill is $980.`;
        const got = readText(property, withReference(text, "2026-12-01"));
        const iso = (d: number) => `2026-${String(month + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
        expect(got["loss date"]?.value).toBe(iso(day - 1));
        // the date taken back answers nothing, not even the report
        expect(Object.values(got).map((v) => v.value)).not.toContain(iso(day));
      }),
      { numRuns: 30, seed: 35 },
    );
  });
});

describe("a bare weekday told of what is to come", () => {
  it("is no date of the loss or of its report: no date is guessed from it", () => {
    const coming = fc.constantFrom("The roofer comes", "The plumber will come on", "The assessor is coming", "He arrives");
    fc.assert(
      fc.property(coming, fc.constantFrom("Monday", "Thursday", "Friday"), (visit, weekday) => {
        const text = `The storm tore the fence down yesterday. ${visit} ${weekday} to fix it.`;
        const got = readText(property, withReference(text, "2026-06-03"));
        expect(got["loss date"]?.value).toBe("2026-06-02");
        // the day of writing may stand for the report (a message's own day), the weekday never
        expect([undefined, "2026-06-03"]).toContain(got["report date"]?.value);
      }),
      { numRuns: 12 },
    );
  });

  it("still gives a weekday told of the past", () => {
    const text =
      "From: A. Reader <a@example.org>\nSent: Thursday, 4 June 2026 18:05\n\nI am writing to report storm damage. On Tuesday the wind tore the fence down.";
    expect(readText(property, text)["loss date"]?.value).toBe("2026-06-02");
  });
});

describe("a denial's scope ends with its line", () => {
  it("reads the amount on the line after a denial, and still denies on the denial's own line", () => {
    const denials = fc.constantFrom("no credit cards", "none - mortgage paid off", "not working at the moment", "never had a loan");
    fc.assert(
      fc.property(denials, fc.integer({ min: 1000, max: 90_000 }), (denial, asked) => {
        const text = `Notes:\n- credit score 701\n- ${denial}\n- wants $${money(asked)} for a new kitchen`;
        expect(readText(lending, text)["loan amount"]?.value).toBe(asked);
        expect(
          readText(lending, `Notes:\n- credit score 701\n- ${denial}, no request of $${money(asked)} yet`)["loan amount"],
        ).toBeUndefined();
      }),
      { numRuns: 20, seed: 36 },
    );
  });

  it("reads an age told as 'im 23', written without its apostrophe", () => {
    const motor = modelOf("motor-quote").ir.inputs;
    fc.assert(
      fc.property(fc.integer({ min: 17, max: 90 }), (age) => {
        expect(readText(motor, `hi, im ${age}, looking for a quote on my car`)["driver age"]?.value).toBe(age);
      }),
      { numRuns: 15 },
    );
  });
});

describe("a denied verb of charging", () => {
  it("reads 0 when the rent is not charged to them, and the amount when it is", () => {
    const eligibility = modelOf("eligibility").ir.inputs;
    fc.assert(
      fc.property(fc.constantFrom("us", "them", "me", "her"), fc.integer({ min: 200, max: 3000 }), (who, rent) => {
        expect(readText(eligibility, `The owner is a cousin; he does not charge ${who} any rent.`)["monthly rent"]?.value).toBe(0);
        expect(readText(eligibility, `The owner charges ${who} $${money(rent)} a month in rent.`)["monthly rent"]?.value).toBe(rent);
      }),
      { numRuns: 12 },
    );
  });
});
