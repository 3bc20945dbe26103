// Generated models through the SQL backend: the random model generator's models (lists of
// structs, functions, contexts: the check-valid fuzz) and models of scalar inputs made from the
// expression and table generators. Each either compiles and agrees with evaluate() row by row on
// edge states, or is refused with `sql.unsupported` at an address and nothing else.
import fc from "fast-check";
import { checkModel, compileToSql, type DialectName } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { expressionOf, type Kind } from "../../support/generate/expressions.js";
import { firstTable } from "../../support/generate/tables.js";
import { compare, statesFor, type Disagreement } from "./differential.js";
import type { SqlEngine } from "./engines.js";

/** The scalar inputs of the expression generator (its list input `xs` left out). */
const SCALAR_INPUTS = {
  x: { type: "number", desc: "x?" },
  y: { type: "number [-5..5]", desc: "y?" },
  s: { type: "string", desc: "s?" },
  b: { type: "boolean", desc: "b?", blank: true },
  d: { type: "date", desc: "d?" },
};

/**
 * The samples generated.test.ts runs row by row and scripts/sql-coverage.ts counts (its default
 * sample of each set is the test's, so that a model the coverage shows compiled is one a test runs
 * against evaluate()): fast-check's seed and how many models.
 */
export const SCALAR_SAMPLE = { seed: 20261128, numRuns: 80 };
export const FUZZ_SAMPLE = { seed: 7, numRuns: 200 };

const KINDS: Kind[] = ["number", "number", "boolean", "string", "date"];

/** A model of one to four decisions drawn from the expression generator, maybe with a FIRST table. */
export const scalarModel: fc.Arbitrary<ModelInput> = fc
  .tuple(
    fc.array(
      fc.constantFrom(...KINDS).chain((k) => expressionOf(k, 2)),
      { minLength: 1, maxLength: 4 },
    ),
    fc.option(firstTable, { nil: undefined }),
  )
  .map(([exprs, table]) => ({
    content: {
      name: "generated",
      inputs: SCALAR_INPUTS,
      decisions: { ...Object.fromEntries(exprs.map((e, i) => [`d${i}`, e])), ...(table ? { table: table.rows } : {}) },
    },
  }));

/** The sample generated.test.ts runs of models whose decisions are held to constrained types (`constrainedModel`). */
export const CONSTRAINED_SAMPLE = { seed: 20261204, numRuns: 80 };

/** Bounds near the values the expressions compute (small numbers, "a" to "z", dates around 2000–2030). */
const NUMBER_BOUND = fc.integer({ min: -10, max: 20 }).map(String);
const STRING_BOUND = fc.constantFrom('"a"', '"b"', '"m"', '"z"', '"é"', '""');
const DATE_BOUND = fc.constantFrom("2000-01-01", "2015-06-30", "2024-02-29", "2030-12-31").map((d) => `date("${d}")`);

/** A unary test over bounds: a comparison, a range either way open or closed, or a list of values. */
const conditionOf = (bound: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    fc.tuple(fc.constantFrom(">=", ">", "<=", "<"), bound).map(([op, b]) => `${op} ${b}`),
    fc.tuple(fc.constantFrom("[", "("), bound, bound, fc.constantFrom("]", ")")).map(([open, a, b, close]) => `${open}${a}..${b}${close}`),
    fc.uniqueArray(bound, { minLength: 1, maxLength: 3 }).map((bs) => bs.join(", ")),
  );

/** A declared type with a constraint for an expression of each kind that has one (a list's on its items). */
const CONSTRAINED: Partial<Record<Kind, fc.Arbitrary<string | string[]>>> = {
  number: conditionOf(NUMBER_BOUND).map((c) => `number ${c}`),
  string: conditionOf(STRING_BOUND).map((c) => `string ${c}`),
  date: conditionOf(DATE_BOUND).map((c) => `date ${c}`),
  numbers: conditionOf(NUMBER_BOUND).map((c) => [`number ${c}`]),
  strings: conditionOf(STRING_BOUND).map((c) => [`string ${c}`]),
};

/**
 * A model like `scalarModel`'s, reading the list input `xs` too, whose decisions are drawn with
 * declared types holding constraints (on numbers, strings, dates, a list's items): rows within them
 * are scored in SQL, rows outside left to the JS engine, which throws the decision's error there.
 */
export const constrainedModel: fc.Arbitrary<ModelInput> = fc
  .tuple(
    fc.array(
      fc
        .constantFrom<Kind>("number", "number", "string", "date", "boolean", "numbers", "strings")
        .chain((k) =>
          fc.tuple(expressionOf(k, 2), CONSTRAINED[k] ? fc.option(CONSTRAINED[k], { freq: 4, nil: undefined }) : fc.constant(undefined)),
        ),
      { minLength: 1, maxLength: 4 },
    ),
    fc.option(firstTable, { nil: undefined }),
  )
  .map(([drawn, table]) => ({
    content: {
      name: "constrained",
      inputs: { ...SCALAR_INPUTS, xs: { type: ["number"], desc: "xs?" } },
      decisions: {
        ...Object.fromEntries(drawn.map(([expr, type], i) => [`d${i}`, type === undefined ? expr : { type, expr }])),
        ...(table ? { table: table.rows } : {}),
      },
    },
  }));

export interface GeneratedRun {
  checked: number;
  compiled: Record<DialectName, number>;
  refusedWell: Record<DialectName, number>;
  disagreements: Disagreement[];
  badRefusals: string[];
  /** every refusal's message, both dialects */
  refusals: string[];
  rowsScored: number;
  /** valid rows in the exact domain the query left to the JS engine, a decision outside its declared type */
  rowsOutside: number;
  /** models one dialect compiles and the other refuses: the dialect that refuses, and why */
  oneDialect: { refused: DialectName; why: string[] }[];
}

export const emptyRun = (): GeneratedRun => ({
  checked: 0,
  compiled: { duckdb: 0, postgres: 0 },
  refusedWell: { duckdb: 0, postgres: 0 },
  disagreements: [],
  badRefusals: [],
  refusals: [],
  rowsScored: 0,
  rowsOutside: 0,
  oneDialect: [],
});

/** One model through every engine: counted, compared, or its refusal checked. */
export async function runGenerated(model: ModelInput, engines: SqlEngine[], run: GeneratedRun, rows: number, seed: number): Promise<void> {
  const check = checkModel(model);
  if (!check.valid) return;
  run.checked++;
  const results = (["duckdb", "postgres"] as const).map((dialect) => [dialect, compileToSql(model, { dialect })] as const);
  const [[, duckdb], [, postgres]] = results;
  if (duckdb.ok !== postgres.ok) {
    const [refused, r] = duckdb.ok ? (["postgres", postgres] as const) : (["duckdb", duckdb] as const);
    run.oneDialect.push({ refused, why: r.ok ? [] : r.diagnostics.map((d) => d.message) });
  }
  for (const [dialect, r] of results) {
    if (!r.ok) {
      const good =
        r.diagnostics.length > 0 &&
        r.diagnostics.every((d) => d.code === "sql.unsupported" && /^(inputs|decisions|functions)\b/.test(d.address ?? ""));
      run.refusals.push(...r.diagnostics.map((d) => d.message));
      if (good) run.refusedWell[dialect]++;
      else run.badRefusals.push(JSON.stringify({ model, diagnostics: r.diagnostics }));
      continue;
    }
    run.compiled[dialect]++;
    const engine = engines.find((e) => e.dialect === dialect);
    if (!engine) continue;
    const c = await compare(model, statesFor(check.input, rows, seed), engine);
    run.rowsScored += c.scored;
    run.rowsOutside += c.outside;
    run.disagreements.push(...c.disagreements.map((d) => ({ ...d, state: { ...d.state, $model: model.content } })));
  }
}
