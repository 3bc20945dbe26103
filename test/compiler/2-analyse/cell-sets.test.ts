// The set of values the checker computes for a number cell is the set the compiled table matches:
// generated cells (comparisons, ranges, lists, `not(...)`) are compiled and run on every point of
// a grid, and compared with membership in the computed set. (A cell starting with `=` is an
// expression in a table, so equality is written as the bare value.)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUnaryTests } from "../../../src/compiler/1-parse/feel/index.js";
import { cellSet, covers, isEmpty, type ValueSet } from "../../../src/compiler/2-analyse/tables/cell-sets.js";
import { compileUncached } from "../../../src/compiler/index.js";

const NUMBER = { kind: "number" } as const;
const POINTS = Array.from({ length: 29 }, (_, i) => i / 2 - 2); // -2, -1.5, ..., 12

const value = fc.integer({ min: -1, max: 11 });
const test = fc.oneof(
  fc.tuple(fc.constantFrom("<", "<=", ">", ">=", "!="), value).map(([op, v]) => `${op} ${v}`),
  fc.tuple(fc.constantFrom("[", "(", "]"), value, value, fc.constantFrom("]", ")", "[")).map(([a, lo, hi, b]) => `${a}${lo}..${hi}${b}`),
  value.map(String),
);
const cell = fc
  .tuple(fc.array(test, { minLength: 1, maxLength: 3 }), fc.boolean())
  .map(([tests, negated]) => (negated ? `not(${tests.join(", ")})` : tests.join(", ")));

/** Membership in a point set: a one-point ordered set covered by `set`. */
const holds = (set: ValueSet, x: number): boolean =>
  covers(set, { kind: "ordered", intervals: [{ lo: x, loIn: true, hi: x, hiIn: true }] });

function matchedByCompiledTable(text: string): boolean[] {
  const model = {
    name: "t",
    inputs: { x: { type: "number", desc: "x" } },
    decisions: {
      t: [
        ["x", "=> number"],
        [text, 1],
        ["-", 0],
      ],
    },
  };
  const r = compileUncached(model, { strict: false });
  if (!r.ok) throw new Error(`${text} does not compile`);
  return POINTS.map((x) => r.model.evaluate({ x }).t === 1);
}

describe("cell sets", () => {
  it("hold exactly the numbers the compiled cell matches (generated)", () => {
    fc.assert(
      fc.property(cell, (text) => {
        const parsed = parseUnaryTests(text).value!;
        const set = cellSet(parsed, NUMBER)!;
        expect(POINTS.map((x) => holds(set, x))).toEqual(matchedByCompiledTable(text));
      }),
      { numRuns: 150 },
    );
  });

  it("are empty exactly when no point of a fine grid matches, for cells with integer bounds (generated)", () => {
    fc.assert(
      fc.property(cell, (text) => {
        const set = cellSet(parseUnaryTests(text).value!, NUMBER)!;
        // a non-empty interval with integer ends from -1 to 11 holds a point of the half-step grid
        expect(isEmpty(set)).toBe(!POINTS.some((x) => holds(set, x)));
      }),
      { numRuns: 150 },
    );
  });
});
