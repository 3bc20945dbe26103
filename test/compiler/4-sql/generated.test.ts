// Models nobody wrote: each either compiles to SQL and agrees with evaluate() on every row, or is
// refused with sql.unsupported at an address. `npm run fuzz:sql` runs the same on many more and
// prints the share each dialect compiles.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { generatedModel } from "../../support/generate/models.js";
import { useEngines } from "./engines.js";
import {
  CONSTRAINED_SAMPLE,
  constrainedModel,
  emptyRun,
  FUZZ_SAMPLE,
  runGenerated,
  SCALAR_SAMPLE,
  scalarModel,
  type GeneratedRun,
} from "./generated.js";

const engines = useEngines("generated SQL models");

/**
 * A model one dialect compiles and the other refuses only for a known difference: DuckDB's 38-digit
 * decimals (a shape wider than them is refused as one that may need more digits than FEEL's 34;
 * FEEL's 34-digit quotients, means and standard deviations need more) and lists of durations;
 * PostgreSQL refuses nothing DuckDB compiles.
 */
const knownDifference = (o: GeneratedRun["oneDialect"][number]): boolean =>
  o.why.length > 0 &&
  o.why.every(
    (w) =>
      o.refused === "duckdb" &&
      /DuckDB .*(numbers of \d+ digits|may need more than 34 digits|a list of lists or durations|a quotient not rounded|mean\(\)|stddev\(\))/.test(
        w,
      ),
  );

describe("generated models", () => {
  it(
    "models of scalar inputs: every one that compiles agrees row by row; the rest are refused with an address",
    { timeout: 300_000 },
    async () => {
      const run = emptyRun();
      const models = fc.sample(scalarModel, SCALAR_SAMPLE);
      for (const [i, m] of models.entries()) await runGenerated(m, engines, run, 60, i);
      expect(run.disagreements.slice(0, 3)).toEqual([]);
      expect(run.badRefusals.slice(0, 1)).toEqual([]);
      // not vacuous: some models compile in each dialect and their rows are compared
      expect(run.compiled.duckdb).toBeGreaterThan(0);
      // the dialects differ only where DuckDB's decimals (38 digits) cannot hold what PostgreSQL's numeric does
      expect(run.oneDialect.filter((o) => !knownDifference(o))).toEqual([]);
      const refusedBy = (d: "duckdb" | "postgres") => run.oneDialect.filter((o) => o.refused === d).length;
      expect(run.compiled.postgres + refusedBy("postgres")).toBe(run.compiled.duckdb + refusedBy("duckdb"));
      expect(run.rowsScored).toBeGreaterThan(100);
    },
  );

  it(
    "models whose decisions are held to constrained types (numbers, strings, dates, a list's items): rows within agree, rows outside are left to the JS engine's error",
    { timeout: 300_000 },
    async () => {
      const run = emptyRun();
      const models = fc.sample(constrainedModel, CONSTRAINED_SAMPLE);
      for (const [i, m] of models.entries()) await runGenerated(m, engines, run, 60, i);
      expect(run.disagreements.slice(0, 3)).toEqual([]);
      expect(run.badRefusals.slice(0, 1)).toEqual([]);
      expect(run.oneDialect.filter((o) => !knownDifference(o))).toEqual([]);
      // no model is refused for a constraint of a decision's declared type, a list's items' included
      expect(run.refusals.filter((w) => /declared type/.test(w))).toEqual([]);
      // not vacuous: rows are scored, and rows outside a constraint are left to the JS engine, in each dialect
      expect(run.compiled.duckdb).toBeGreaterThan(0);
      expect(run.compiled.postgres).toBeGreaterThan(0);
      expect(run.rowsScored).toBeGreaterThan(100);
      expect(run.rowsOutside).toBeGreaterThan(20);
    },
  );

  it(
    "the check-valid fuzz's models (lists of structs, functions, contexts): compiled and agreeing, or refused with an address",
    { timeout: 300_000 },
    async () => {
      const run = emptyRun();
      const models = fc.sample(generatedModel, FUZZ_SAMPLE) as unknown as ModelInput[];
      for (const [i, m] of models.entries()) await runGenerated(m, engines, run, 40, i);
      expect(run.checked).toBeGreaterThan(0);
      // not vacuous: models with a context decision compile in DuckDB and their rows are compared
      expect(run.compiled.duckdb).toBeGreaterThan(0);
      expect(run.rowsScored).toBeGreaterThan(100);
      expect(run.disagreements.slice(0, 3)).toEqual([]);
      expect(run.badRefusals.slice(0, 1)).toEqual([]);
      // lists of structs and contexts too: the dialects differ only by the known differences above
      expect(run.oneDialect.filter((o) => !knownDifference(o))).toEqual([]);
      expect(run.compiled.postgres).toBeGreaterThan(0);
    },
  );
});
