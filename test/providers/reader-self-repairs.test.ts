// Self-repairs of speech and chat: a figure the speaker takes back with a "no" set off between two
// figures ("forty... no, thirty-five thousand", "25%... wait no, 20", "twenty — sorry, no,
// twenty-two"), an apology on the next stamped chat line ("[18:25] J. Cruz: sorry, $3,800"), and
// a count said again after a correction opening a later line ("make it 45 seats"), and
// the correction nouns and "or rather" of other languages ("Korrektur: … richtig sind 310.000",
// "15 000 USD – a właściwie … 12 500 USD"): the newer figure answers, the older answers nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const lending = modelOf("lending").ir.inputs;
const pricing = modelOf("pricing").ir.inputs;
const kyc = modelOf("kyc-risk").ir.inputs;
const money = (n: number) => n.toLocaleString("en-US");
const spaced = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");
const dotted = (n: number) => n.toLocaleString("en-US").replace(/,/g, ".");
const values = (got: ReturnType<typeof readText>) => Object.values(got).map((v) => v.value);

const WORDS = ["twelve", "fifteen", "eighteen", "twenty", "twenty-two", "twenty-five", "thirty", "thirty-five", "forty", "forty-five"];
const WORD_VALUE: Record<string, number> = {
  twelve: 12,
  fifteen: 15,
  eighteen: 18,
  twenty: 20,
  "twenty-two": 22,
  "twenty-five": 25,
  thirty: 30,
  "thirty-five": 35,
  forty: 40,
  "forty-five": 45,
};

describe("a spoken 'no' between two figures", () => {
  it("takes the figure after it, never the one before", () => {
    const repairs = fc.constantFrom("... no,", "— sorry, no,", "... wait no,", ", no,", "... um, no,");
    fc.assert(
      fc.property(repairs, fc.constantFrom(...WORDS), fc.constantFrom(...WORDS), (repair, old, meant) => {
        fc.pre(old !== meant);
        const text = `OFFICER: How much do you want to borrow?\nCLIENT: Uh, ${old}${repair.startsWith(",") ? "" : " "}${repair} ${meant} thousand. ${meant} thousand.`;
        const got = readText(lending, text);
        expect(got["loan amount"]?.value).toBe(WORD_VALUE[meant]! * 1000);
        expect(values(got)).not.toContain(WORD_VALUE[old]);
        expect(values(got)).not.toContain(WORD_VALUE[old]! * 1000);
      }),
      { numRuns: 40, seed: 66 },
    );
  });

  it("takes back a percent repaired with 'wait no' on a chat line", () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 30 }), fc.integer({ min: 5, max: 30 }), (old, meant) => {
        fc.pre(old !== meant);
        const text = `[10:03] Omar: coupon?\n[10:04] Dana: ${old}%... wait no, ${meant}. the other one was last quarter`;
        expect(readText(pricing, text)["coupon percent"]?.value).toBe(meant);
      }),
      { numRuns: 30, seed: 67 },
    );
  });

  it("leaves a 'no' that denies the noun after it alone", () => {
    const got = readText(lending, "I'd like to borrow $14,000, no co-signer, and my credit score is 702.");
    expect(got["loan amount"]?.value).toBe(14_000);
    expect(got["credit score"]?.value).toBe(702);
  });
});

describe("an apology on the next stamped chat line", () => {
  it("takes back the figure of the line before, past the stamp and the speaker's initial", () => {
    const speakers = fc.constantFrom("Customer (Ana Ruiz)", "J. Abernathy", "M. Cruz");
    fc.assert(
      fc.property(speakers, fc.integer({ min: 1000, max: 9000 }), fc.integer({ min: 1000, max: 9000 }), (who, old, meant) => {
        fc.pre(old !== meant);
        const text =
          `[2026-11-30 09:10] Agent Tom: How much will you move through the account each month?\n` +
          `[2026-11-30 09:11] ${who}: $${money(old)} a month\n` +
          `[2026-11-30 09:12] ${who}: sorry, $${money(meant)}, I forgot my second job\n` +
          `[2026-11-30 09:12] Agent Tom: Noted.`;
        const got = readText(kyc, text);
        expect(got["monthly volume"]?.value).toBe(meant);
        expect(values(got)).not.toContain(old);
      }),
      { numRuns: 30, seed: 68 },
    );
  });
});

describe("a count repaired a message later", () => {
  it("takes the count a correction opening its line says again, of the same noun", () => {
    const repairs = fc.constantFrom("make it", "sorry,", "correction:", "actually make it");
    fc.assert(
      fc.property(repairs, fc.integer({ min: 5, max: 400 }), fc.integer({ min: 5, max: 400 }), (repair, old, meant) => {
        fc.pre(old !== meant);
        const text =
          `Priya K.  09:12\nQuote request for Alder Vets: ${old} seats of Lumen Standard at list $240/seat/yr, two-year term, price locked.\n\n` +
          `Priya K.  09:20\n${repair} ${meant} seats, their second clinic joins in January`;
        const got = readText(pricing, text);
        expect(got["quantity"]?.value).toBe(meant);
        expect(values(got)).not.toContain(old);
      }),
      { numRuns: 30, seed: 71 },
    );
  });

  it("leaves a count of another noun alone", () => {
    const text =
      "Quote request: 40 seats of Lumen Standard at list $240/seat/yr, two-year term.\n\nmake it 3 sites though, the depot joins";
    expect(readText(pricing, text)["quantity"]?.value).toBe(40);
  });
});

describe("corrections in other languages", () => {
  it("takes the figure after a correction noun on the next line", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("Korrektur", "Berichtigung"),
        fc.integer({ min: 20, max: 400 }),
        fc.integer({ min: 20, max: 400 }),
        (word, old, meant) => {
          fc.pre(old !== meant);
          const text =
            `Kunde: Becker Logistik GmbH\nErwartete Umsätze: ca. ${dotted(old * 1000)} USD monatlich.\n` +
            `${word} nach Telefonat mit der Buchhaltung: die Zahl oben war ohne die Filiale; richtig sind rund ${dotted(meant * 1000)} USD pro Monat.`;
          const got = readText(kyc, text);
          expect(got["monthly volume"]?.value).toBe(meant * 1000);
          expect(values(got)).not.toContain(old * 1000);
        },
      ),
      { numRuns: 30, seed: 69 },
    );
  });

  it("takes the figure after a Polish 'a właściwie' (or rather)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 40 }), fc.integer({ min: 5, max: 40 }), (old, meant) => {
        fc.pre(old !== meant);
        const text = `Dzień dobry,\nproszę o pożyczkę w wysokości ${spaced(old * 1000)} USD – a właściwie, po przeliczeniu kosztów remontu, wystarczy ${spaced(meant * 1000)} USD.\nMój wynik FICO to 731.`;
        const got = readText(lending, text);
        expect(got["loan amount"]?.value).toBe(meant * 1000);
        expect(values(got)).not.toContain(old * 1000);
      }),
      { numRuns: 30, seed: 70 },
    );
  });
});
