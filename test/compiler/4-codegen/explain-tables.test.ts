// Explained random tables, checked by a plain-JS oracle of each cell: FIRST tables large enough to
// be indexed (so `evaluate` takes the lookup and explain its sequential path) and multi-hit tables.
// Every rule explained is one the oracle agrees with, cell by cell; the first failing cell is the
// first the oracle rejects; FIRST stops at the first rule whose every cell matches.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";

type Cell = { text: string; test: (x: unknown) => boolean };

const number = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
const small = fc.integer({ min: -4, max: 16 }).map((n) => n / 2);
const numberCell: fc.Arbitrary<Cell> = fc.oneof(
  fc.constant({ text: "-", test: () => true }),
  fc.constantFrom("<", "<=", ">", ">=").chain((op) =>
    small.map((v) => ({
      text: `${op} ${v}`,
      test: (x: unknown) => number(x) && { "<": x < v, "<=": x <= v, ">": x > v, ">=": x >= v }[op]!,
    })),
  ),
  fc
    .tuple(small, small, fc.boolean(), fc.boolean())
    .map(([a, b, closedLow, closedHigh]) => [Math.min(a, b), Math.max(a, b), closedLow, closedHigh] as const)
    .map(([lo, hi, closedLow, closedHigh]) => ({
      text: `${closedLow ? "[" : "("}${lo}..${hi}${closedHigh ? "]" : ")"}`,
      test: (x: unknown) => number(x) && (closedLow ? x >= lo : x > lo) && (closedHigh ? x <= hi : x < hi),
    })),
);
const WORDS = ["gold", "silver", "bronze", "tin"];
const wordCell: fc.Arbitrary<Cell> = fc.oneof(
  fc.constant({ text: "-", test: () => true }),
  fc.tuple(fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }), fc.boolean()).map(([words, not]) => {
    const list = words.map((w) => JSON.stringify(w)).join(", ");
    // null equals no word, so a negated cell matches it
    return { text: not ? `not(${list})` : list, test: (x: unknown) => words.includes(x as string) !== not };
  }),
);
const rows = (min: number, max: number) => fc.array(fc.tuple(numberCell, wordCell), { minLength: min, maxLength: max });
const probes = fc.array(
  fc.record({ a: fc.oneof(small, fc.constant(null)), b: fc.oneof(fc.constantFrom(...WORDS, "other"), fc.constant(null)) }),
  {
    minLength: 1,
    maxLength: 10,
  },
);

function compile(hit: string, table: [Cell, Cell][], strict: boolean) {
  const body = [["a", "b", "=> number"], ...table.map(([n, w], i) => [n.text, w.text, String(i + 1)])];
  const content = {
    name: "random table",
    inputs: {
      a: { type: "number", desc: "a number", blank: true },
      b: { type: "gold|silver|bronze|tin|other", desc: "a word", blank: true },
    },
    decisions: { t: hit === "FIRST" ? [...body, ["-", "-", "0"]] : { type: "[number]", hit, table: body } },
  };
  const r = compileUncached(content as ModelInput, { strict });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics).map((d) => d.message)));
  return r.model;
}

/** Checks one explained rule against the oracle; returns whether it matched. */
function checkRule(
  rule: { rule: number; matched: boolean; failed?: { column: number; value: unknown } },
  cells: Cell[],
  values: unknown[],
) {
  const firstFailing = cells.findIndex((c, i) => !c.test(values[i]));
  expect(rule.matched).toBe(firstFailing < 0);
  if (firstFailing >= 0) expect(rule.failed).toEqual({ column: firstFailing + 1, value: values[firstFailing] });
  return rule.matched;
}

describe("explained random tables", () => {
  it("FIRST, indexed: the rules up to the first whose every cell matches, each failing at the first cell the oracle rejects", () => {
    fc.assert(
      fc.property(rows(12, 40), probes, (table, states) => {
        // lenient: a random cell may be an empty range, which the strict check rejects as a mistake
        const model = compile("FIRST", table, false);
        expect(model.source).toMatch(/rt\.(denseCells|firstRule)/); // evaluate takes the index
        for (const state of states) {
          const { decisions, explanation } = model.explain(state);
          expect(decisions).toEqual(model.evaluate(state));
          const t = explanation.decisions.t!.table!;
          expect(t.inputs).toEqual([state.a, state.b]);
          const first = table.findIndex(([n, w]) => n.test(state.a) && w.test(state.b));
          const tried = first < 0 ? table.length + 1 : first + 1; // the else row is the last rule
          expect(t.rules.map((r) => r.rule)).toEqual(Array.from({ length: tried }, (_, i) => i + 1));
          t.rules.slice(0, first < 0 ? table.length : tried).forEach((r, i) => checkRule(r, table[i]!, [state.a, state.b]));
          expect(t.matched).toEqual([tried]);
          expect(decisions.t).toBe(first < 0 ? 0 : first + 1);
        }
      }),
      { numRuns: 40 },
    );
  });

  it.each(["COLLECT", "RULE ORDER", "COLLECT SUM"])("%s: every rule tried and every matching one listed", (hit) => {
    fc.assert(
      fc.property(rows(1, 12), probes, (table, states) => {
        const model = compile(hit, table, false);
        for (const state of states) {
          const { decisions, explanation } = model.explain(state);
          expect(decisions).toEqual(model.evaluate(state));
          const t = explanation.decisions.t!.table!;
          expect(t.hitPolicy).toBe(hit);
          expect(t.rules.map((r) => r.rule)).toEqual(table.map((_, i) => i + 1));
          const matched = t.rules.filter((r, i) => checkRule(r, table[i]!, [state.a, state.b])).map((r) => r.rule);
          expect(t.matched).toEqual(matched);
        }
      }),
      { numRuns: 40 },
    );
  });
});
