// Indexed FIRST tables pick the same rule as trying the rules in order, on random tables.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUnaryTests } from "../../../src/compiler/1-parse/feel/index.js";
import type { Expr, UnaryTests } from "../../../src/ir/feel-ast.js";
import type { TableIR } from "../../../src/ir/ir.js";
import { planTableIndex } from "../../../src/compiler/3-optimise/table-index-plan.js";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";

type NumCell =
  | { kind: "any" }
  | { kind: "cmp"; op: "<" | "<=" | ">" | ">="; v: number }
  | { kind: "range"; lo: number; hi: number; li: boolean; hi_: boolean }
  | { kind: "eq"; v: number };
type StrCell = { kind: "any" } | { kind: "in"; vs: string[]; not: boolean };

const numText = (c: NumCell) =>
  c.kind === "any"
    ? "-"
    : c.kind === "cmp"
      ? `${c.op} ${c.v}`
      : c.kind === "eq"
        ? `${c.v}`
        : `${c.li ? "[" : "("}${c.lo}..${c.hi}${c.hi_ ? "]" : ")"}`;
const numOracle = (c: NumCell, x: number) =>
  c.kind === "any"
    ? true
    : c.kind === "eq"
      ? x === c.v
      : c.kind === "cmp"
        ? { "<": x < c.v, "<=": x <= c.v, ">": x > c.v, ">=": x >= c.v }[c.op]
        : (c.li ? x >= c.lo : x > c.lo) && (c.hi_ ? x <= c.hi : x < c.hi);
const strText = (c: StrCell) =>
  c.kind === "any" ? "-" : `${c.not ? "not(" : ""}${c.vs.map((v) => JSON.stringify(v)).join(", ")}${c.not ? ")" : ""}`;
const strOracle = (c: StrCell, x: string) => (c.kind === "any" ? true : c.vs.includes(x) !== c.not);

const small = fc.integer({ min: -5, max: 20 }).map((n) => n / 2);
const numCell: fc.Arbitrary<NumCell> = fc.oneof(
  fc.constant({ kind: "any" as const }),
  fc.record({ kind: fc.constant("cmp" as const), op: fc.constantFrom("<" as const, "<=" as const, ">" as const, ">=" as const), v: small }),
  fc.record({ kind: fc.constant("eq" as const), v: small }),
  fc
    .tuple(small, small, fc.boolean(), fc.boolean())
    .map(([a, b, li, hi_]) => ({ kind: "range" as const, lo: Math.min(a, b), hi: Math.max(a, b), li, hi_ })),
);
const word = fc.constantFrom("gold", "silver", "bronze", "tin");
const strCell: fc.Arbitrary<StrCell> = fc.oneof(
  fc.constant({ kind: "any" as const }),
  fc.record({ kind: fc.constant("in" as const), vs: fc.uniqueArray(word, { minLength: 1, maxLength: 3 }), not: fc.boolean() }),
);

const parse = (text: string): UnaryTests => {
  const r = parseUnaryTests(text);
  if (!r.value) throw new Error(`cell ${text}: ${r.diagnostics.map((d) => d.message).join("; ")}`);
  return r.value;
};

function tableOf(rows: [NumCell, StrCell][]): TableIR {
  const span = { start: 0, end: 0 };
  const name = (n: string): Expr => ({ kind: "name", name: n, ref: { kind: "input", name: n }, span });
  return {
    address: "decisions.t",
    hit: "FIRST",
    singleOutput: true,
    inputs: [
      { text: "a", expr: name("a"), type: { kind: "number" }, specialised: "number" },
      { text: "b", expr: name("b"), type: { kind: "string" }, specialised: "string" },
    ],
    outputs: [{ name: "t", type: { kind: "number" } }],
    rules: rows.map(([n, s], i) => ({
      index: i + 1,
      address: `decisions.t.rule[${i + 1}]`,
      conditions: [parse(numText(n)), parse(strText(s))],
      outputs: [{ kind: "number", value: String(i), span }],
    })),
  };
}

/** A strict model whose one decision is the table, ending in an else row that answers -1. */
function modelOf(rows: [NumCell, StrCell][]): ModelInput {
  return {
    name: "random table",
    inputs: {
      a: { type: "number", desc: "a number" },
      b: { type: "gold|silver|bronze|tin|other", desc: "a word" },
    },
    decisions: {
      t: [["a", "b", "=> number"], ...rows.map(([n, c], i) => [numText(n), strText(c), String(i)]), ["-", "-", "-1"]],
    },
  } as ModelInput;
}

describe("indexed tables", () => {
  it("plan the first matching rule like the chain of tests", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(numCell, strCell), { minLength: 12, maxLength: 70 }), (rows) => {
        expect(planTableIndex(tableOf(rows))).toBeDefined();
      }),
      { numRuns: 50 },
    );
  });

  it("compiled lookups pick the same rule as the unoptimised chain and as rule-by-rule testing", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(numCell, strCell), { minLength: 12, maxLength: 70 }),
        fc.array(
          fc.tuple(
            fc.oneof(small, fc.double({ min: -10, max: 15, noNaN: true }), fc.constantFrom(null, NaN, Infinity, -Infinity, "3", true)),
            fc.oneof(word, fc.constantFrom("other", null, 3)),
          ),
          { minLength: 1, maxLength: 20 },
        ),
        (rows, probes) => {
          const indexed = compileUncached(modelOf(rows), { optimise: true });
          const chain = compileUncached(modelOf(rows), { optimise: false });
          if (!indexed.ok || !chain.ok) throw new Error("the random table does not compile");
          expect(indexed.model.source).toContain("rt.denseCells");
          for (const [a, b] of probes) {
            const got = indexed.model.evaluateTraced({ a, b });
            expect(got).toEqual(chain.model.evaluateTraced({ a, b }));
            expect(indexed.model.evaluate({ a, b })).toEqual(got.decisions);
            if (Number.isFinite(a) && typeof a === "number" && typeof b === "string") {
              const expected = rows.findIndex(([n, c]) => numOracle(n, a) && strOracle(c, b));
              expect(got.decisions.t).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("leaves small tables and non-FIRST tables as chains", () => {
    const rows: [NumCell, StrCell][] = Array.from({ length: 3 }, () => [{ kind: "any" }, { kind: "any" }]);
    expect(planTableIndex(tableOf(rows))).toBeUndefined();
    const big = tableOf(Array.from({ length: 20 }, () => [{ kind: "any" }, { kind: "any" }] as [NumCell, StrCell]));
    expect(planTableIndex({ ...big, hit: "UNIQUE" })).toBeUndefined();
  });
});
