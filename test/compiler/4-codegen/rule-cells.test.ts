// Large tables whose rules are data (codegen/rule-cells.ts, runtime/table-rules.ts): on random
// tables of 16 to 400 rules over number, string, boolean and date columns (comparisons, mixed open
// and closed ranges, lists, `not(...)`, `-`), every hit policy, literal and computed outputs, the
// optimised module answers, traces and explains exactly as the unoptimised one, which writes every
// rule out as a chain of tests, on random states: values on and between the cells' bounds, nulls,
// missing values and values of the wrong kind (which take the rules as data in `run` too).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";

type Kind = "number" | "string" | "boolean" | "date";

const WORDS = ["gold", "silver", "bronze", "tin"];
const DAY_MS = 86_400_000;
const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** A column's literals: numbers (some fractions, some negative) or day numbers. */
const poolArb = (kind: Kind) =>
  fc.uniqueArray(kind === "date" ? fc.integer({ min: -400, max: 22_000 }) : fc.integer({ min: -40, max: 160 }).map((n) => n / 2), {
    minLength: 1,
    maxLength: 12,
  });
const literal = (kind: Kind, v: number) => (kind === "date" ? `date("${iso(v)}")` : String(v));

/** A cell's text: `-` or literal tests the index represents, maybe negated. */
function cellArb(kind: Kind, pool: number[]): fc.Arbitrary<string> {
  const v = fc.constantFrom(...pool);
  const test: fc.Arbitrary<string> =
    kind === "boolean"
      ? fc.boolean().map(String)
      : kind === "string"
        ? fc.constantFrom(...WORDS).map((w) => JSON.stringify(w))
        : fc.oneof(
            fc
              .tuple(fc.constantFrom("<", "<=", ">", ">=", "", "!= "), v)
              .map(([op, x]) => `${op}${op && !op.endsWith(" ") ? " " : ""}${literal(kind, x)}`),
            fc
              .tuple(v, v, fc.boolean(), fc.boolean())
              .map(
                ([a, b, lo, hi]) => `${lo ? "[" : "("}${literal(kind, Math.min(a, b))}..${literal(kind, Math.max(a, b))}${hi ? "]" : ")"}`,
              ),
          );
  const tests = fc.uniqueArray(test, { minLength: 1, maxLength: 3 }).map((ts) => ts.join(", "));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant("-") },
    { weight: 5, arbitrary: tests },
    { weight: 2, arbitrary: tests.map((t) => `not(${t})`) },
  );
}

/** A column's values: its literals, points between them, and values that are not of its kind at all. */
function valueArb(kind: Kind, pool: number[]): fc.Arbitrary<unknown> {
  const odd = fc.constantFrom(null, undefined, NaN, Infinity, "7", 3, true, "gold", "2021-02-29", {});
  const own =
    kind === "boolean"
      ? fc.boolean()
      : kind === "string"
        ? fc.constantFrom(...WORDS, "other", "")
        : kind === "date"
          ? fc.oneof(fc.constantFrom(...pool), fc.integer({ min: -500, max: 23_000 })).map(iso)
          : fc.oneof(
              fc.constantFrom(...pool),
              fc.double({ min: -25, max: 85, noNaN: true }),
              fc.constantFrom(...pool).map((x) => x + 0.25),
            );
  return fc.oneof({ weight: 6, arbitrary: own }, { weight: 1, arbitrary: odd });
}

const POLICIES = ["FIRST", "UNIQUE", "ANY", "PRIORITY", "COLLECT", "COLLECT SUM", "C#", "RULE ORDER", "OUTPUT ORDER"] as const;

interface Table {
  kinds: Kind[];
  pools: number[][];
  rows: string[][];
  hit: (typeof POLICIES)[number];
  /** outputs `n + k` rather than literals */
  computed: boolean;
}

const tableArb: fc.Arbitrary<Table> = fc
  .record({
    kinds: fc.array(fc.constantFrom<Kind>("number", "string", "boolean", "date"), { minLength: 1, maxLength: 3 }),
    rules: fc.integer({ min: 16, max: 400 }),
    hit: fc.constantFrom(...POLICIES),
    computed: fc.boolean(),
  })
  .chain(({ kinds, rules, hit, computed }) =>
    fc
      .tuple(...kinds.map(poolArb))
      .chain((pools) =>
        fc
          .array(fc.tuple(...kinds.map((k, c) => cellArb(k, pools[c]!))), { minLength: rules, maxLength: rules })
          .map((rows) => ({ kinds, pools, rows, hit, computed })),
      ),
  );

const ranked = (t: Table) => t.hit === "PRIORITY" || t.hit === "OUTPUT ORDER";
/** Rule k's output; ANY needs the matching rules to agree, so its outputs are few. */
function outputText(t: Table, k: number): string {
  const value = t.hit === "ANY" ? k % 2 : k;
  if (ranked(t)) return t.computed ? `"r" + string(${value} + n * 0)` : `"r${value}"`;
  // now and then a null output, among literals
  if (!t.computed && t.hit === "FIRST" && k % 7 === 3) return "null";
  // negative ones too (`-3` is a negation of a literal)
  return t.computed ? `n + ${value}` : String(value - 20);
}

function modelOf(t: Table): ModelInput {
  const outputType = ranked(t) ? [...t.rows.map((_, k) => `r${k}`).reverse(), "none"].join("|") : "number";
  const multi = ["COLLECT", "RULE ORDER", "OUTPUT ORDER"].includes(t.hit);
  const header = [...t.kinds.map((_, c) => `c${c}`), `=> out: ${outputType}`];
  return {
    name: "large table",
    inputs: {
      ...Object.fromEntries(t.kinds.map((k, c) => [`c${c}`, { type: k, desc: `column ${c}`, blank: true }])),
      n: { type: "number", desc: "added to the outputs", blank: true },
    },
    decisions: {
      out: {
        ...(multi ? { type: [ranked(t) ? "string" : "number"] } : {}),
        hit: t.hit,
        table: [header, ...t.rows.map((row, k) => [...row, outputText(t, k)])],
      },
    },
  } as unknown as ModelInput;
}

describe("a large table's rules as data", () => {
  it("answer, trace and explain as the chain of tests does, on random tables and states", () => {
    const seen = { run: 0, explain: 0 };
    fc.assert(
      fc.property(
        tableArb.chain((t) =>
          fc.tuple(
            fc.constant(t),
            fc.array(fc.tuple(fc.tuple(...t.kinds.map((k, c) => valueArb(k, t.pools[c]!))), fc.option(fc.integer({ min: -3, max: 3 }))), {
              minLength: 1,
              maxLength: 12,
            }),
          ),
        ),
        ([t, states]) => {
          const model = modelOf(t);
          const data = compileUncached(model, { optimise: true, strict: false });
          const chain = compileUncached(model, { optimise: false, strict: false });
          if (!data.ok || !chain.ok) throw new Error("the random table does not compile");
          expect(chain.model.source).not.toMatch(/rt\.ruleCells\(/);
          if (/rt\.(firstRule|everyRule)\(/.test(data.model.source)) seen.run++;
          if (/rt\.explainRules\(/.test(data.model.source)) seen.explain++;
          for (const [values, n] of states) {
            const state = { n, ...Object.fromEntries(values.map((v, c) => [`c${c}`, v])) };
            expect(data.model.evaluateTraced(state)).toEqual(chain.model.evaluateTraced(state));
            expect(data.model.evaluate(state)).toEqual(chain.model.evaluate(state));
            expect(data.model.explain(state)).toEqual(chain.model.explain(state));
          }
        },
      ),
      { numRuns: Number(process.env.RULE_CELLS_RUNS ?? 60) },
    );
    // the rules were data, in run and in explain, in most tables
    expect(seen.run).toBeGreaterThan(20);
    expect(seen.explain).toBeGreaterThan(20);
  });
});
