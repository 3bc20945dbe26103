// Quantities the text changes as it goes (issue 33): the newer end of a change ("seats up from
// 60 to 75", "going from 60 to 75 users") and of a self-repair ("40 seats, well, 45 actually")
// answers, and of a change told after the older value ("$15,000, now reduced to $12,000"); the older does not; a value of the previous contract gives way to the new one; a range
// stays no value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { changedFrom, changedTo } from "../../src/providers/readers/text/changes.js";
import { readEnglish } from "../../src/providers/readers/text/english.js";
import { tokenize } from "../../src/providers/readers/text/tokens.js";

const pricing = modelOf("pricing").ir.inputs;
const TODAY = "Today is 2026-11-02. ";
/** Two different seat counts, the older first. */
const seats = fc
  .tuple(fc.integer({ min: 2, max: 400 }), fc.integer({ min: 2, max: 400 }))
  .filter(([a, b]) => a !== b && Math.abs(a - b) > 1);
const unit = fc.constantFrom("seats", "users", "licences");
const filler = fc.constantFrom("", "Renewal call with the customer. ", "Price is $120 per seat per year. ");

describe("a quantity changed as the text goes", () => {
  it("a move from one value to another: the newer answers, the older is taken back", () => {
    const moves = fc.constantFrom(
      "Seats up from {a} to {b} {u}.",
      "They are going from {a} to {b} {u} at renewal.",
      "The team is moving from {a} to {b} {u}.",
      "Headcount increased from {a} to {b} {u}.",
    );
    fc.assert(
      fc.property(seats, unit, moves, filler, ([a, b], u, move, before) => {
        const text = `${TODAY}${before}${move.replace("{a}", String(a)).replace("{b}", String(b)).replace("{u}", u)}`;
        const got = readText(pricing, text);
        expect(got.quantity?.value).toBe(b);
        const tokens = tokenize(text, readEnglish(text).counts);
        const [older, newer] = [tokens.findIndex((t) => t.text === String(a)), tokens.findIndex((t) => t.text === String(b))];
        expect(changedTo(tokens, older)).toBe(newer);
        expect(changedFrom(tokens, newer)).toBe(older);
      }),
    );
  });

  it("a change told after the older value ('now reduced to', 'we'd like to lower it to'): the newer answers", () => {
    const lending = modelOf("lending").ir.inputs;
    const amounts = fc
      .tuple(fc.integer({ min: 20, max: 900 }), fc.integer({ min: 20, max: 900 }))
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => [a * 100, b * 100] as const);
    const said = fc.constantFrom(
      "Loan amount: ${a}, now reduced to ${b}.",
      "Requested amount ${a} - lowered to ${b} after the call.",
      "Loan amount: ${a}, we'd like to lower it to ${b}.",
      "Amount to borrow: ${a}, then raised to ${b} at the customer's request.",
      "Loan amount ${a}, but please cut it to ${b}.",
    );
    const money = (n: number) => `$${n.toLocaleString("en-US")}`;
    fc.assert(
      fc.property(amounts, said, ([a, b], line) => {
        const text = `${TODAY}${line.replace("{a}", money(a)).replace("{b}", money(b))}`;
        const got = readText(lending, text)["loan amount"];
        expect(got?.value).toBe(b);
      }),
    );
    // a change only possible, or a bound ("up to"), replaces nothing
    const maybe = fc.constantFrom(
      "Wants to borrow ${a} (might go up to ${b} if the quote comes in high).",
      "Loan amount: ${a}, could be raised to ${b} later.",
      "Loan amount: ${a}, rising up to ${b} at most.",
    );
    fc.assert(
      fc.property(amounts, maybe, ([a, b], line) => {
        const text = `${TODAY}${line.replace("{a}", money(a)).replace("{b}", money(b))}`;
        expect(readText(lending, text)["loan amount"]?.value).not.toBe(b);
      }),
    );
  });

  it("a self-repair: the value said after 'well', 'sorry', 'I mean' answers", () => {
    const repairs = fc.constantFrom("{a} {u}, well, {b} actually", "{a} {u} - sorry, {b} {u}", "{a}, er, {b} {u}", "{a} {u}, I mean {b}");
    fc.assert(
      fc.property(seats, unit, repairs, filler, ([a, b], u, repair, before) => {
        const text = `${TODAY}${before}We need ${repair.replaceAll("{a}", String(a)).replaceAll("{b}", String(b)).replaceAll("{u}", u)}.`;
        expect(readText(pricing, text).quantity?.value).toBe(b);
      }),
    );
  });

  it("two values joined with no word of change stay a range, and 'as well as' repairs nothing", () => {
    fc.assert(
      fc.property(seats, unit, ([a, b], u) => {
        expect(readText(pricing, `${TODAY}Somewhere between ${a} and ${b} ${u}, not decided.`).quantity).toBeUndefined();
        const text = `${TODAY}We need ${a} ${u} as well as ${b} hours of training.`;
        const tokens = tokenize(text, readEnglish(text).counts);
        const at = tokens.findIndex((t) => t.text === String(a));
        expect(changedTo(tokens, at)).toBeUndefined();
      }),
    );
  });

  it("the previous contract's term and seats give way to the new ones", () => {
    fc.assert(
      fc.property(seats, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), ([a, b], old, term) => {
        fc.pre(old !== term);
        const text = `${TODAY}Prev contract: ${old} yr, ${a} seats.\nNew: ${b} seats, term ${term} years.`;
        const got = readText(pricing, text);
        expect(got["contract years"]?.value).toBe(term);
        expect(got.quantity?.value).toBe(b);
      }),
    );
  });
});
