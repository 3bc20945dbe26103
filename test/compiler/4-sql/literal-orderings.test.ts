// A number ordered against a literal with more places than the number holds (`x < 2.9`, x read as
// a whole number in a file of whole numbers) is compared in the number's own type, the literal
// rounded to its places (compare.ts): exact for every value the number can hold, against evaluate()
// in both dialects, and the query no longer casts the column to the literal's scale.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("literal orderings");

const OPS = ["<", "<=", ">", ">="] as const;

interface Case {
  /** places the input's domain holds */
  scale: number;
  /** each test: an ordering against a literal of more places, or a range between two */
  tests: { op: (typeof OPS)[number]; digits: number; places: number; negative: boolean }[];
  /** the literal written on the left (`2.9 > x`, as `between` and ranges write their low end) */
  flipped: boolean;
}

/** The literal of a test: `digits` units of 10^-(scale + places), so it has more places than x. */
function literalOf(t: Case["tests"][number], scale: number): string {
  const places = scale + t.places;
  // the last digit is not 0, so the literal really has more places than the column
  const units = String(t.digits * 10 + ((t.digits % 9) + 1)).padStart(places + 1, "0");
  return `${t.negative ? "-" : ""}${units.slice(0, -places)}.${units.slice(-places)}`;
}

function modelOf(c: Case): { model: ModelInput; literals: string[] } {
  const literals = c.tests.map((t) => literalOf(t, c.scale));
  const decisions: Record<string, unknown> = {};
  c.tests.forEach((t, i) => {
    const l = literals[i]!.startsWith("-") ? `(${literals[i]})` : literals[i]!;
    decisions[`d${i}`] = c.flipped ? `${l} ${{ "<": ">", "<=": ">=", ">": "<", ">=": "<=" }[t.op]} x` : `x ${t.op} ${l}`;
  });
  // the same tests as a FIRST table's cells, the form tables lower through
  const table = [["x", "=> number"], ...c.tests.map((t, i) => [`${t.op} ${literals[i]}`, String(i + 1)]), ["-", "0"]];
  const model: ModelInput = {
    content: { name: "literal orderings", inputs: { x: { type: "number", desc: "x?", blank: true } }, decisions: { ...decisions, table } },
  };
  return { model, literals };
}

/** Every value of the domain next to each literal: its neighbours in units of 10^-scale, a null, zero. */
function statesOf(c: Case, literals: string[]): Row[] {
  const unit = 10 ** -c.scale;
  const values = new Set<number | null>([null, 0]);
  for (const l of literals) {
    const down = Math.floor(Number(l) / unit);
    for (let k = down - 2; k <= down + 3; k++) values.add(Number((k * unit).toFixed(c.scale)));
  }
  return [...values].map((x) => ({ x }));
}

const cases = fc.record({
  scale: fc.integer({ min: 0, max: 3 }),
  tests: fc.array(
    fc.record({
      op: fc.constantFrom(...OPS),
      digits: fc.integer({ min: 0, max: 99_999 }),
      places: fc.integer({ min: 1, max: 3 }),
      negative: fc.boolean(),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  flipped: fc.boolean(),
});

describe("orderings against a literal of more places", () => {
  it("agree with evaluate() on every value next to each literal, in every dialect", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const { model, literals } = modelOf(c);
        const narrow = { x: { int: 6, scale: c.scale } };
        for (const engine of engines) {
          const r = await compare(model, statesOf(c, literals), engine, false, true, narrow);
          expect(r.disagreements).toEqual([]);
          expect(r.scored).toBeGreaterThan(0);
        }
      }),
      { numRuns: 40, seed: 43 },
    );
  });

  it("compare the column in its own type, not cast to the literal's scale", () => {
    const model: ModelInput = {
      content: {
        name: "scorecard points",
        inputs: { years: { type: "number", desc: "years?" } },
        decisions: {
          points: [
            ["years", "=> number"],
            ["< 2.9", "5"],
            ["[2.9..10.25)", "10"],
            [">= 10.25", "15"],
            ["-", "0"],
          ],
          long: "years >= 10.25",
        },
      },
    };
    const r = compileToSql(model, { dialect: "duckdb", narrow: { years: { int: 2, scale: 0 } } });
    if (!r.ok) throw new Error("no query");
    // the column is DECIMAL(2, 0), the outputs whole: no type with places is left in the query, and
    // the ends are 3 (< 2.9 and >= 2.9) and 11 (< 10.25 and >= 10.25; in the table the rules' low
    // ends are settled by the rules before them, rule-split.ts, so `long` writes the last)
    expect(r.query.sql).not.toMatch(/DECIMAL\(\d+, [1-9]\)/);
    expect(r.query.sql).toContain(`"$1" < CAST(CAST('3' AS DECIMAL(1, 0)) AS DECIMAL(2, 0))`);
    expect(r.query.sql).toContain(`"$1" < CAST('11' AS DECIMAL(2, 0))`);
    expect(r.query.sql).toContain(`"$1" >= CAST('11' AS DECIMAL(2, 0))`);
  });
});
