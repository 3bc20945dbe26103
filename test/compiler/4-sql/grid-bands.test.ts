// A grid column's classes (grid-bands.ts), found by re-testing only the cells that name the literal
// between two bands, against the definition: every cell tested on every band, and bands whose
// true rules are the same bitset one class, numbered in the order of the bands. Random columns of
// numbers (ends in any order, ranges, comparisons, `=`/`!=`), strings and booleans, with `-`,
// lists of tests and `not(…)`.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bandsOf,
  cellTruth,
  classesOf,
  type Atom,
  type Band,
  type Cell,
  type Classes,
  type Column,
} from "../../../src/compiler/4-sql/grid-bands.js";

/** Every cell on every band: what classesOf must equal. */
function everyCell(column: Column, bands: Band[], words: number): Classes {
  const seen = new Map<string, number>();
  const of: number[] = [];
  const rules: Uint32Array[] = [];
  for (const band of bands) {
    const bits = new Uint32Array(words);
    column.cells.forEach((cell, k) => {
      if (cellTruth(cell, band)) bits[k >> 5]! |= 1 << (k & 31);
    });
    const key = bits.join(",");
    if (!seen.has(key)) {
      seen.set(key, rules.length);
      rules.push(bits);
    }
    of.push(seen.get(key)!);
  }
  return { of, rules };
}

const NUMBERS = ["-3", "-0.5", "0", "1", "2.5", "4", "7", "10", "10.25", "100", "0.001", "-100"];
const STRINGS = ["a", "b", "é", "😀", "", "a b", "B", "z"];

/** A column of `kind` over some of its literals (in random order) and `rules` random cells. */
function column(kind: Column["kind"]): fc.Arbitrary<Column> {
  const pool = kind === "number" ? NUMBERS : kind === "string" ? STRINGS : ["true", "false"];
  const values = kind === "boolean" ? fc.constant(pool) : fc.shuffledSubarray(pool, { minLength: 1 });
  return values.chain((vs) => {
    const at = fc.nat({ max: vs.length - 1 });
    const eq = fc.record({ kind: fc.constant("eq" as const), at, negated: fc.boolean() });
    const order = fc.record({
      kind: fc.constant("order" as const),
      op: fc.constantFrom("<" as const, "<=" as const, ">" as const, ">=" as const),
      at,
    });
    const atom: fc.Arbitrary<Atom> =
      kind === "number"
        ? fc.oneof(eq, order, fc.record({ kind: fc.constant("and" as const), parts: fc.array(order, { minLength: 1, maxLength: 2 }) }))
        : eq;
    const cell: fc.Arbitrary<Cell> = fc.oneof(
      { weight: 1, arbitrary: fc.constant({ tests: null, negated: false }) },
      { weight: 4, arbitrary: fc.record({ tests: fc.array(atom, { minLength: 1, maxLength: 3 }), negated: fc.boolean() }) },
    );
    return fc.array(cell, { minLength: 1, maxLength: 80 }).map((cells) => ({ kind, values: vs, cells }));
  });
}

describe("a grid column's classes", () => {
  for (const kind of ["number", "string", "boolean"] as const)
    it(`are every cell tested on every band (${kind} columns)`, () => {
      fc.assert(
        fc.property(column(kind), (c) => {
          const words = (c.cells.length + 31) >> 5;
          const { bands, order } = bandsOf(c);
          expect(classesOf(c, bands, order, words)).toEqual(everyCell(c, bands, words));
        }),
        { numRuns: 300 },
      );
    });
});
