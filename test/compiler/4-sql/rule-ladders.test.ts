// A FIRST table's rules tested in order, each cell's low end left out where the earlier rules'
// failure settles it (rule-split.ts, `ladder`): against evaluate() in every dialect on every value
// at and next to each end, with nulls, overlapping and gapped intervals, and rules of two cells
// (whose failure settles nothing). The ladder of ranges tests one end a rule.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("rule ladders");

/** A cell over x or y: `-`, an ordering, or a range, its ends in halves from 0 to 10. */
const end = fc.integer({ min: 0, max: 20 }).map((h) => (h % 2 ? `${(h - 1) / 2}.5` : String(h / 2)));
const cell = fc.oneof(
  fc.constant("-"),
  fc.tuple(fc.constantFrom("<", "<=", ">", ">="), end).map(([op, v]) => `${op} ${v}`),
  fc
    .tuple(fc.constantFrom("[", "("), end, end, fc.constantFrom("]", ")"))
    .map(([o, a, b, c]) => (Number(a) <= Number(b) ? `${o}${a}..${b}${c}` : `${o}${b}..${a}${c}`)),
);
/**
 * A ladder's rule: the interval from the previous end to the next, as a table of ranges writes it,
 * each end open or closed on its own (so a point may be in two rules or in none).
 */
const ladder = fc
  .tuple(
    fc.uniqueArray(end, { minLength: 1, maxLength: 6 }),
    fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
    fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
  )
  .map(([ends, lows, highs]) => {
    const sorted = [...ends].sort((a, b) => Number(a) - Number(b));
    const cells = [`${highs[0] ? "<=" : "<"} ${sorted[0]}`];
    for (let k = 1; k < sorted.length; k++) cells.push(`${lows[k] ? "[" : "("}${sorted[k - 1]}..${sorted[k]}${highs[k] ? "]" : ")"}`);
    cells.push(`${lows[0] ? ">=" : ">"} ${sorted.at(-1)}`);
    return cells;
  });

const tables = fc.record({
  x: fc.oneof(ladder, fc.array(cell, { minLength: 1, maxLength: 7 })),
  /** y's cells: `-` mostly, so that most rules test x alone */
  y: fc.array(fc.oneof({ weight: 3, arbitrary: fc.constant("-") }, { weight: 1, arbitrary: cell }), { minLength: 8, maxLength: 8 }),
  fallback: fc.boolean(),
});

function modelOf(t: { x: string[]; y: string[]; fallback: boolean }): ModelInput {
  const rules = t.x.map((c, k) => [c, t.y[k]!, String(k + 1)]);
  if (t.fallback) rules.push(["-", "-", "0"]);
  return {
    content: {
      name: "rule ladders",
      inputs: { x: { type: "number", desc: "x?", blank: true }, y: { type: "number", desc: "y?", blank: true } },
      decisions: { table: [["x", "y", "=> number"], ...rules] },
    },
  };
}

/** x and y at and next to every end (halves from -0.5 to 10.5), and null. */
const values = [null, ...Array.from({ length: 23 }, (_, k) => (k - 1) / 2)];
const states: Row[] = values.flatMap((x) => [null, 0, 2.5, 5, 7.5, 10].map((y) => ({ x, y })));

describe("a FIRST table's ladder of ranges", () => {
  it("agrees with evaluate() on every value at and next to each end, in every dialect", { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(tables, async (t) => {
        const model = modelOf(t);
        for (const engine of engines) {
          const r = await compare(model, states, engine, false, false, { x: { int: 2, scale: 1 }, y: { int: 2, scale: 1 } });
          expect(r.disagreements).toEqual([]);
          expect(r.scored).toBe(states.length);
        }
      }),
      { numRuns: 60, seed: 45 },
    );
  });

  it("tests one end a rule where the rules before settle the other", () => {
    const model = modelOf({ x: ["< 1", "[1..3)", "[3..5)", "[5..11)", ">= 11"], y: Array(8).fill("-"), fallback: false });
    const r = compileToSql(model, { dialect: "duckdb", strict: false, narrow: { x: { int: 2, scale: 0 }, y: { int: 2, scale: 0 } } });
    if (!r.ok) throw new Error("no query");
    const rule = /CASE WHEN [^\n]* END AS "\$\d+"/.exec(r.query.sql)![0];
    expect(rule.match(/"\$\d+" [<>]=? /g)).toHaveLength(4);
    expect(rule).toContain("IS NOT NULL) THEN 5");
    expect(rule).not.toContain(">=");
  });
});
