// `npx tsx scripts/sql-coverage.ts`:
// how much of what nobody wrote compiles to SQL: models of scalar inputs drawn from the expression
// and table generators (test/compiler/4-sql/generated.ts, the models generated.test.ts runs),
// each checked and compiled in both dialects. Prints the share that compiles in each and the
// refusals counted by what they refuse (the `what` of each `sql.unsupported`, numbers and quoted
// text folded), most frequent first: the models refused for it, and those refused for it alone
// (what lowering it would gain). Compiles only; generated.test.ts runs the rows.
//   SQL_COVERAGE_MODELS (400) models drawn; SQL_COVERAGE_SEED the sample's seed, by default the
//   seed generated.test.ts draws its sample with (SCALAR_SAMPLE: the test runs the first 80 of these
//   400 row by row); SQL_COVERAGE_TOP (30) refusal kinds printed; SQL_COVERAGE_SET=fuzz draws the
//   check-valid fuzz's models instead (lists of structs, functions, contexts;
//   test/support/generate/models.ts), by default the very sample the test runs (FUZZ_SAMPLE), and
//   SQL_COVERAGE_SET=models takes the samples and the benchmark corpus (each one's refusals listed);
//   SQL_COVERAGE_SET=constrained draws models whose decisions are held to constrained declared types
//   (generated.ts `constrainedModel`), by default the sample the test runs (CONSTRAINED_SAMPLE).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { CORPUS } from "../bench/corpus/index.js";
import { checkModel, compileToSql, type DialectName } from "../src/compiler/index.js";
import type { ModelInput } from "../src/ir/model.js";
import { CONSTRAINED_SAMPLE, constrainedModel, FUZZ_SAMPLE, SCALAR_SAMPLE, scalarModel } from "../test/compiler/4-sql/generated.js";
import { generatedModel } from "../test/support/generate/models.js";

const SET = process.env.SQL_COVERAGE_SET ?? "scalar";
/** Each drawn set's models and its default sample. */
const SETS: Record<string, { models: fc.Arbitrary<ModelInput>; sample: { seed: number; numRuns: number } }> = {
  scalar: { models: scalarModel, sample: { ...SCALAR_SAMPLE, numRuns: 400 } },
  fuzz: { models: generatedModel as unknown as fc.Arbitrary<ModelInput>, sample: FUZZ_SAMPLE },
  constrained: { models: constrainedModel, sample: CONSTRAINED_SAMPLE },
};
const SAMPLE = (SETS[SET] ?? SETS.scalar!).sample;
const MODELS = Number(process.env.SQL_COVERAGE_MODELS ?? SAMPLE.numRuns);
const SEED = Number(process.env.SQL_COVERAGE_SEED ?? SAMPLE.seed);
const TOP = Number(process.env.SQL_COVERAGE_TOP ?? 30);

/** The samples and the corpus, by name. */
const namedModels = (): [string, ModelInput][] => [
  ...readdirSync("samples")
    .filter((d) => d !== "broken" && existsSync(`samples/${d}/model.json`))
    .map((d) => [d, JSON.parse(readFileSync(`samples/${d}/model.json`, "utf8")) as ModelInput] as [string, ModelInput]),
  ...CORPUS.map((c) => [c.name, c.model as ModelInput] as [string, ModelInput]),
];

const drawn = (): [string, ModelInput][] =>
  SET === "models"
    ? namedModels()
    : fc.sample((SETS[SET] ?? SETS.scalar!).models, { numRuns: MODELS, seed: SEED }).map((m, i) => [String(i), m]);
const DIALECTS: DialectName[] = ["duckdb", "postgres"];

/** A refusal's kind: its `what`, with the values in it folded so that like counts with like. */
const kindOf = (what: string): string =>
  what
    .replace(/@?"(?:[^"\\]|\\.)*"/g, "…")
    .replace(/-?\d+(\.\d+)?/g, "n")
    .trim();

let checked = 0;
const compiled: Record<DialectName, number> = { duckdb: 0, postgres: 0 };
/** per dialect: kind → models refused for it (a model counted once per kind) */
const refusals: Record<DialectName, Map<string, number>> = { duckdb: new Map(), postgres: new Map() };
/** per dialect: kind → models refused for it alone (those its lowering would gain) */
const alone: Record<DialectName, Map<string, number>> = { duckdb: new Map(), postgres: new Map() };

const models = drawn();
for (const [name, model] of models) {
  if (!checkModel(model).valid) continue;
  checked++;
  for (const dialect of DIALECTS) {
    const r = compileToSql(model, { dialect });
    if (SET === "models")
      console.log(`${dialect} ${name}: ${r.ok ? "compiles" : r.diagnostics.map((d) => `${d.address}: ${d.message}`).join("; ")}`);
    if (r.ok) {
      compiled[dialect]++;
      continue;
    }
    const kinds = new Set(r.diagnostics.map((d) => kindOf(d.message.replace(/^.*?exact answer here: /, ""))));
    for (const k of kinds) refusals[dialect].set(k, (refusals[dialect].get(k) ?? 0) + 1);
    if (kinds.size === 1) for (const k of kinds) alone[dialect].set(k, (alone[dialect].get(k) ?? 0) + 1);
  }
}

const pct = (n: number) => `${((100 * n) / Math.max(1, checked)).toFixed(1)} %`;
console.log(`${SET === "models" ? "samples and corpus" : `${MODELS} models drawn (seed ${SEED})`}: ${models.length}, ${checked} checked`);
for (const dialect of DIALECTS) console.log(`${dialect}: ${compiled[dialect]} compiled (${pct(compiled[dialect])})`);
for (const dialect of DIALECTS) {
  console.log(`\n${dialect}: refusals by kind (models refused for it, for it alone)`);
  const top = [...refusals[dialect]].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  for (const [k, n] of top) console.log(`${String(n).padStart(5)} ${String(alone[dialect].get(k) ?? 0).padStart(5)}  ${k}`);
}
