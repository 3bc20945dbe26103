// A form's boxes in the marks people and PDF tools write them ("[x]", "(X)", "☒", "☑", "✔"; "[ ]",
// "( )", "☐"): a yes/no answered by the one box ticked beside "yes" or "no", whether its label ends
// in a colon or a question mark; a choice by the option its box ticks; a figure behind a box left
// empty is no answer. Boxes ticked beside both answers, or before two options, answer nothing;
// boxes all left empty answer nothing either.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const pricing = modelOf("pricing").ir.inputs;
const claims = modelOf("claims-triage").ir.inputs;
const loans = modelOf("loan-application").ir.inputs;

const TICKED = ["[x]", "[X]", "[✓]", "(x)", "(X)", "☒", "☑", "✔"];
const EMPTY = ["[ ]", "( )", "☐"];
const GAP = fc.constantFrom(" ", "  ", "   ");

describe("a yes/no answered by a ticked box", () => {
  it("is the word of the one ticked box, in any mark, label ending in ':' or '?'", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TICKED),
        fc.constantFrom(...EMPTY),
        fc.boolean(),
        fc.constantFrom("Tax exempt?", "Tax exempt:", "Customer is tax-exempt?", "Tax-exempt certificate on file:"),
        GAP,
        (tick, empty, yes, label, gap) => {
          const boxes = yes ? `${tick} Yes${gap}${empty} No` : `${empty} Yes${gap}${tick} No`;
          const got = readText(pricing, `ORDER FORM\nSeats: 40\n${label}${gap}${boxes}\n`)["tax exempt"];
          expect(got?.value).toBe(yes);
        },
      ),
    );
  });

  it("answers nothing when both boxes are ticked or both left empty", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TICKED), fc.constantFrom(...EMPTY), fc.boolean(), GAP, (tick, empty, both, gap) => {
        const mark = both ? tick : empty;
        const got = readText(loans, `LOAN FORM\nAmount requested: $4,000\nAny previous loan default?${gap}${mark} Yes${gap}${mark} No\n`);
        expect(got["prior default"]).toBeUndefined();
      }),
    );
  });
});

const KINDS = ["Collision", "Theft", "Glass", "Injury", "Weather"];

describe("a choice answered by a ticked box", () => {
  it("is the option the one ticked box stands before, in any mark", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TICKED), fc.constantFrom(...EMPTY), fc.integer({ min: 0, max: 4 }), GAP, (tick, empty, k, gap) => {
        const line = KINDS.map((kind, i) => `${i === k ? tick : empty} ${kind}`).join(gap);
        const got = readText(claims, `CLAIM FORM\nAmount claimed: $1,200\nType of loss:${gap}${line}\n`)["claim type"];
        expect(got?.value).toBe(KINDS[k]!.toLowerCase());
      }),
    );
  });

  it("is none when boxes before two options are ticked", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TICKED),
        fc.constantFrom(...EMPTY),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        GAP,
        (tick, empty, k, d, gap) => {
          const other = (k + d) % KINDS.length;
          const line = KINDS.map((kind, i) => `${i === k || i === other ? tick : empty} ${kind}`).join(gap);
          const got = readText(claims, `CLAIM FORM\nAmount claimed: $1,200\nType of loss:${gap}${line}\n`)["claim type"];
          expect(got).toBeUndefined();
        },
      ),
    );
  });
});

describe("a figure behind a box", () => {
  it("answers when its box is ticked, not when it is left empty", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TICKED),
        fc.constantFrom(...EMPTY),
        fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 2, maxLength: 4 }),
        fc.nat(),
        fc.constantFrom("yr", "yrs", "years", ""),
        (tick, empty, terms, pick, unit) => {
          const k = pick % terms.length;
          const line = terms.map((n, i) => `${i === k ? tick : empty} ${n}${unit ? ` ${unit}` : ""}`).join("   ");
          const got = readText(pricing, `ORDER FORM\nSeats: 1,500\nTerm:   ${line}\n`)["contract years"];
          expect(got?.value).toBe(terms[k]);
        },
      ),
    );
  });
});
