// Random multi-hit tables (every hit policy and aggregator, number, string and boolean outputs,
// string outputs with a listed order for PRIORITY and OUTPUT ORDER, null outputs, small and
// indexed tables) evaluated on random states: `evaluate` combines the matched rules in code written
// per policy, with no `rt.hit` in `run`; its value equals the explanation's (which combines through
// `rt.hit`), and the rule numbers its trace records equal those `hit` gives for the matched rules.
// An indexed table's PRIORITY, RULE ORDER, COLLECT and COLLECT SUM read the positions the index
// finds (no lists gathered first): the same values, rule numbers and steps as the unoptimised chain.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import { spentSoFar } from "../../../src/runtime/budget.js";
import { num } from "../../../src/runtime/index.js";
import { hit } from "../../../src/runtime/tables.js";
import type { Aggregation, Policy } from "../../../src/runtime/hit-policies.js";
import type { FeelValue } from "../../../src/runtime/values.js";
import { HIT_POLICIES } from "../../support/generate/tables.js";
import { withinSteps } from "../../support/within-steps.js";

const WORDS = ["gold", "silver", "bronze", "tin"];
const small = fc.integer({ min: -4, max: 16 }).map((n) => n / 2);
const numberCell = fc.oneof(
  fc.constant("-"),
  fc.tuple(fc.constantFrom("<", "<=", ">", ">="), small).map(([op, v]) => `${op} ${v}`),
  fc.tuple(small, small).map(([a, b]) => `[${Math.min(a, b)}..${Math.max(a, b)}]`),
);
const wordCell = fc.oneof(
  fc.constant("-"),
  fc.tuple(fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }), fc.boolean()).map(([ws, not]) => {
    const list = ws.map((w) => JSON.stringify(w)).join(", ");
    return not ? `not(${list})` : list;
  }),
);

type Kind = "number" | "string" | "listed" | "boolean";
const LEVELS = ["urgent", "high", "normal", "low"];
/** An output literal's text and its FEEL value. */
const outputOf: Record<Kind, fc.Arbitrary<[string, FeelValue]>> = {
  number: fc.integer({ min: -20, max: 20 }).map((n): [string, FeelValue] => [String(n / 4), num(String(n / 4))]),
  string: fc.constantFrom(...WORDS).map((w): [string, FeelValue] => [JSON.stringify(w), w]),
  listed: fc.constantFrom(...LEVELS).map((w): [string, FeelValue] => [JSON.stringify(w), w]),
  boolean: fc.boolean().map((b): [string, FeelValue] => [String(b), b]),
};
const HEADER: Record<Kind, string> = { number: "=> number", string: "=> string", listed: `=> ${LEVELS.join("|")}`, boolean: "=> boolean" };

/** Every policy that can match several rules (FIRST is written out already). */
const POLICIES = HIT_POLICIES.filter((p) => p !== "FIRST");
const kindsFor = (policy: string): Kind[] =>
  policy === "COLLECT SUM"
    ? ["number"]
    : policy === "COLLECT MIN" || policy === "COLLECT MAX"
      ? ["number", "string"]
      : ["number", "string", "listed", "boolean"];

/** Random tables of `minRules` to 30 rules (from 12 the index may take them). */
const tablesOf = (minRules: number) =>
  fc
    .constantFrom(...POLICIES)
    .chain((policy) => fc.tuple(fc.constant(policy), fc.constantFrom(...kindsFor(policy))))
    .chain(([policy, kind]) =>
      fc.record({
        policy: fc.constant(policy),
        kind: fc.constant(kind),
        rules: fc.array(
          fc.tuple(
            numberCell,
            wordCell,
            fc.oneof({ weight: 9, arbitrary: outputOf[kind] }, { weight: 1, arbitrary: fc.constant<[string, FeelValue]>(["null", null]) }),
          ),
          {
            minLength: minRules,
            maxLength: 30,
          },
        ),
      }),
    );
const tables = tablesOf(1);
const states = fc.array(
  fc.record({ a: fc.oneof(small, fc.constant(null)), b: fc.oneof(fc.constantFrom(...WORDS, "other"), fc.constant(null)) }),
  { minLength: 1, maxLength: 12 },
);

function compile(policy: string, kind: Kind, rules: [string, string, [string, FeelValue]][], optimise = true) {
  const content = {
    name: "random multi-hit table",
    inputs: {
      a: { type: "number", desc: "a number", blank: true },
      b: { type: "gold|silver|bronze|tin|other", desc: "a word", blank: true },
    },
    decisions: { t: { hit: policy, table: [["a", "b", HEADER[kind]], ...rules.map(([n, w, [out]]) => [n, w, out])] } },
  };
  // lenient: a random cell may be an empty range, which the strict check rejects as a mistake
  const r = compileUncached(content as ModelInput, { strict: false, optimise });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics).map((d) => d.message)));
  return r.model;
}

/** The decisions, the rule numbers traced and the steps and size spent, or where the step limit stopped the evaluation. */
const traced = (model: ReturnType<typeof compile>, state: Record<string, unknown>, steps: number) =>
  withinSteps(steps, () => {
    const { decisions, trace } = model.evaluateTraced(state);
    return { decisions, rules: trace.t!.rule, spent: spentSoFar() };
  });

describe("multi-hit tables combined per policy", () => {
  it("agree with rt.hit on value, nulls, errors and the rule numbers traced; run calls no rt.hit", () => {
    fc.assert(
      fc.property(tables, states, ({ policy, kind, rules }, probes) => {
        const model = compile(policy, kind, rules);
        const run = model.source.split("function explain(")[0]!;
        expect(run).toContain("function run(");
        expect(run).not.toContain("rt.hit(");
        for (const state of probes) {
          const explained = model.explain(state);
          const traced = model.evaluateTraced(state);
          expect(model.evaluate(state)).toEqual(explained.decisions);
          expect(traced.decisions).toEqual(explained.decisions);
          const matched = explained.explanation.decisions.t!.table!.matched as number[];
          const [hitPolicy, aggregation] = policy.startsWith("COLLECT ") ? ["COLLECT", policy.slice(8)] : [policy, null];
          const values = matched.map((r) => rules[r - 1]![2][1]);
          const allowed = kind === "listed" ? [LEVELS] : [null];
          const h = hit(hitPolicy as Policy, aggregation as Aggregation, matched, values, allowed, null);
          expect(traced.trace.t!.rule).toEqual(h.rules);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("an indexed table's matches combined from their positions", () => {
  const POSITIONAL = /rt\.(positions|bits)(Sum|Extreme|Count)\(|rt\.(bestAt|bestBit)\(|rt\.(atPositions|atBits)\(O\d+, f\d+\)/;

  it("give the unoptimised chain's values, rule numbers and steps", () => {
    let read = 0;
    fc.assert(
      fc.property(tablesOf(12), states, fc.integer({ min: 0, max: 60 }), ({ policy, kind, rules }, probes, steps) => {
        const [fast, plain] = [compile(policy, kind, rules), compile(policy, kind, rules, false)];
        if (POSITIONAL.test(fast.source.split("function explain(")[0]!)) read++;
        for (const state of probes)
          for (const limit of [steps, 1e6]) expect(traced(fast, state, limit), JSON.stringify(state)).toEqual(traced(plain, state, limit));
      }),
      { numRuns: 200 },
    );
    // the generated tables reach the positions' path, not only the gathered one
    expect(read).toBeGreaterThan(20);
  });

  it("reads the positions for PRIORITY, RULE ORDER, COLLECT and its SUM, MIN, MAX and COUNT over an indexed table of literal outputs, of at most 32 rules as one word", () => {
    const rulesOf = (length: number) =>
      Array.from({ length }, (_, i): [string, string, [string, FeelValue]] => [
        `[${i / 2}..${i / 2 + 1}]`,
        i % 3 ? "-" : `"${WORDS[i % 4]}"`,
        [`${i}`, num(String(i))],
      ]);
    const wordsOf = (rules: ReturnType<typeof rulesOf>) =>
      rules.map(([n, w], i): [string, string, [string, FeelValue]] => [n, w, [`"${LEVELS[i % 4]}"`, LEVELS[i % 4]!]]);
    const source = (policy: string, kind: Kind, rs: ReturnType<typeof rulesOf>) =>
      compile(policy, kind, rs).source.split("function explain(")[0]!;
    for (const [length, word, best, at] of [
      [16, "bits", "bestBit", "atBits"],
      [40, "positions", "bestAt", "atPositions"],
    ] as const) {
      const rules = rulesOf(length);
      expect(source("COLLECT SUM", "number", rules)).toContain(`rt.${word}Sum(`);
      expect(source("COLLECT MIN", "number", rules)).toContain(`rt.${word}Extreme(`);
      expect(source("COLLECT MAX", "number", rules)).toContain(`rt.${word}Extreme(`);
      expect(source("COLLECT COUNT", "number", rules)).toContain(`rt.${word}Count(`);
      expect(source("PRIORITY", "listed", wordsOf(rules))).toContain(`rt.${best}(`);
      expect(source("RULE ORDER", "string", wordsOf(rules))).toContain(`rt.${at}(`);
      expect(source("COLLECT", "number", rules)).toContain(`rt.${at}(`);
    }
  });
});

/** Two listed outputs: a PRIORITY or OUTPUT ORDER table ranks by the first, ties by the second, then rule order. */
const GRADES = ["gold", "silver", "bronze", "tin"];
const twoOutputTables = fc.record({
  policy: fc.constantFrom("PRIORITY", "OUTPUT ORDER"),
  rules: fc.array(fc.tuple(numberCell, wordCell, fc.constantFrom(...LEVELS), fc.constantFrom(...GRADES)), { minLength: 1, maxLength: 30 }),
});

describe("multi-output PRIORITY and OUTPUT ORDER tables", () => {
  it("rank by each output's listed values in turn, as rt.hit does; run calls no rt.hit", () => {
    fc.assert(
      fc.property(twoOutputTables, states, ({ policy, rules }, probes) => {
        const content = {
          name: "random two-output table",
          inputs: {
            a: { type: "number", desc: "a number", blank: true },
            b: { type: "gold|silver|bronze|tin|other", desc: "a word", blank: true },
          },
          decisions: {
            t: {
              hit: policy,
              table: [
                ["a", "b", `=> level: ${LEVELS.join("|")}`, `=> grade: ${GRADES.join("|")}`],
                ...rules.map(([n, w, l, g]) => [n, w, JSON.stringify(l), JSON.stringify(g)]),
              ],
            },
          },
        };
        const r = compileUncached(content as ModelInput, { strict: false });
        if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics).map((d) => d.message)));
        const model = r.model;
        expect(model.source.split("function explain(")[0]).not.toContain("rt.hit(");
        for (const state of probes) {
          const explained = model.explain(state);
          const traced = model.evaluateTraced(state);
          expect(model.evaluate(state)).toEqual(explained.decisions);
          const matched = explained.explanation.decisions.t!.table!.matched as number[];
          // the ranking written out here: by level, then grade, then rule number
          const key = (n: number) => [LEVELS.indexOf(rules[n - 1]![2]), GRADES.indexOf(rules[n - 1]![3]), n];
          const order = [...matched].sort((x, y) => cmp(key(x), key(y)));
          const output = (n: number) => ({ level: rules[n - 1]![2], grade: rules[n - 1]![3] });
          const expected = policy === "PRIORITY" ? (order.length > 0 ? output(order[0]!) : null) : order.map(output);
          expect(traced.decisions.t).toEqual(expected);
          expect(traced.trace.t!.rule).toEqual(policy === "PRIORITY" ? order.slice(0, 1) : order);
        }
      }),
      { numRuns: 100 },
    );
  });
});

/** Two keys compared item by item. */
function cmp(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
