// The samples and the benchmark corpus through the SQL backend: each model compiles to a query of
// both dialects and agrees with `evaluate()` on every row of seeded edge states (ties, nulls,
// bounds, numbers outside the exact domain, invalid rows), or is refused with `sql.unsupported`
// at an address. The naive translation (the dialect's `round`, SQL's `=`) fails the same test.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileModel, compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { CORPUS } from "../../../bench/corpus/index.js";
import { compare, statesFor } from "./differential.js";
import { useEngines } from "./engines.js";

const SAMPLES: [string, ModelInput][] = readdirSync("samples")
  .filter((d) => d !== "broken" && existsSync(`samples/${d}/model.json`))
  .map((d) => [d, JSON.parse(readFileSync(`samples/${d}/model.json`, "utf8")) as ModelInput]);
const MODELS: [string, ModelInput][] = [...SAMPLES, ...CORPUS.map((c) => [c.name, c.model as ModelInput] as [string, ModelInput])];

/** The models each dialect compiles today; every other one is refused with an address. */
const BOTH = ["lending", "kyc-risk", "insurance-rating", "scorecard", "household-benefit", "tax-brackets", "kyc-screen", "claims-triage"];
// sla's minutes are a quotient of durations not rounded to places, which DuckDB refuses
const COMPILED: Record<(typeof dialects)[number], string[]> = { duckdb: BOTH, postgres: [...BOTH, "sla"] };

const engines = useEngines("SQL backend");

const dialects = ["duckdb", "postgres"] as const;

/** The input schema of a model that checks. */
const schemaOf = (model: ModelInput): Record<string, unknown> => {
  const c = compileModel(model);
  if (!c.ok) throw new Error("the model does not check");
  return c.model.check.input;
};

/** Rows per model: fewer for the 3,700-rule table (its query takes seconds to plan) and the 45-input scorecard. */
const ROWS: Record<string, number> = { "insurance-rating": 300, scorecard: 600 };

describe.each(MODELS)("%s", (name, model) => {
  const states = () => statesFor(schemaOf(model), ROWS[name] ?? 1500, name.length * 7919);

  it.each(dialects)("compiles to %s or is refused with sql.unsupported at an address", (dialect) => {
    const r = compileToSql(model, { dialect });
    expect(r.ok).toBe(COMPILED[dialect].includes(name));
    if (!r.ok) {
      expect(r.diagnostics.length).toBeGreaterThan(0);
      for (const d of r.diagnostics) {
        expect(d.code).toBe("sql.unsupported");
        expect(d.severity).toBe("error");
        expect(d.address).toMatch(/^(inputs|decisions|functions)\./);
        expect(d.message).toContain(dialect === "duckdb" ? "DuckDB" : "PostgreSQL");
      }
    }
  });

  it.runIf(dialects.some((d) => COMPILED[d].includes(name)))(
    "agrees with evaluate() on every row, in every dialect that compiles it",
    { timeout: 300_000 },
    async () => {
      const s = states();
      for (const engine of engines.filter((e) => COMPILED[e.dialect].includes(name))) {
        const c = await compare(model, s, engine);
        expect(c.disagreements.slice(0, 3), engine.dialect).toEqual([]);
        // the comparison is not vacuous: most rows are scored by SQL and compared decision by decision
        expect(c.scored, engine.dialect).toBeGreaterThan(s.length / 2);
      }
    },
  );
});

describe("the control run: the naive translation", () => {
  const lending = MODELS.find(([n]) => n === "lending")![1];
  it("rounds half away from zero and treats null as SQL does, so the same test finds differences", { timeout: 120_000 }, async () => {
    const states = statesFor(schemaOf(lending), 1500, 11);
    for (const engine of engines) {
      const c = await compare(lending, states, engine, true);
      expect(c.disagreements.length, engine.dialect).toBeGreaterThan(0);
    }
  });
});
