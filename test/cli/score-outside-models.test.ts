// The models written outside the lowering's shapes (test/fixtures/sql-outside) end to end, as
// issue 28 runs them: `pdm score --engine duckdb` and `--engine js` on the same JSONL file of 500
// random states, record for record, for every model DuckDB compiles; the order-pricing model also
// from CSV (both engines read the file) and from Parquet (DuckDB) against the JS engine's JSONL.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkModel, compileToSql } from "../../src/compiler/index.js";
import { identifier, stringLiteral } from "../../src/compiler/4-sql/dialects.js";
import { csvCell } from "../../src/batch/csv.js";
import { pdmBin } from "../server/spawn.js";
import type { ModelInput } from "../../src/ir/model.js";
import { OUTSIDE, outsideStates } from "../compiler/4-sql/outside-models.js";
import { duckDbScratch } from "../batch/lending-engines.js";

const root = join(import.meta.dirname, "../..");
const duck = duckDbScratch("pdm-outside-");
const dir = duck.dir;
const STATES = 500;

/** The records `pdm score` writes, parsed; the summary line on standard error. */
function score(model: string, input: string, engine: string, name: string): { records: unknown[]; summary: string } {
  const out = join(dir, `${name}.${engine}.jsonl`);
  const r = spawnSync(process.execPath, [pdmBin(), "score", model, "--in", input, "--out", out, "--engine", engine], {
    cwd: root,
    encoding: "utf8",
  });
  expect(r.status, r.stderr).toBe(0);
  const records = readFileSync(out, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as unknown);
  return { records, summary: r.stderr.trim() };
}

/** The two engines wrote the same records, one per state, most of them decisions, DuckDB's by DuckDB. */
function expectSame(duckdb: { records: unknown[]; summary: string }, js: { records: unknown[] }): void {
  expect(duckdb.records).toEqual(js.records);
  expect(js.records).toHaveLength(STATES);
  expect(js.records.filter((r) => "decisions" in (r as object)).length).toBeGreaterThan(STATES / 2);
  expect(duckdb.summary).not.toMatch(/by the JS engine/);
}

const ON_DUCKDB = OUTSIDE.filter(([, m]) => compileToSql(m, { dialect: "duckdb" }).ok);

/** A model's file (its note left out) and a JSONL file of its random states, each with an id. */
function files(name: string, model: ModelInput, seed: number) {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(model));
  const states = outsideStates(checkModel(model).input, STATES, seed).map((s, i) => ({ id: `r${i}`, ...s }));
  const jsonl = join(dir, `${name}.jsonl`);
  writeFileSync(jsonl, states.map((s) => JSON.stringify(s)).join("\n") + "\n");
  return { path, states, jsonl };
}

describe("pdm score on models written outside the lowering's shapes", () => {
  it("DuckDB compiles ten of the twelve", () => expect(ON_DUCKDB.map(([n]) => n).length).toBe(10));

  it.each(ON_DUCKDB)("%s: --engine duckdb writes --engine js's records for the same JSONL file", { timeout: 120_000 }, (name, model) => {
    const { path, jsonl } = files(name, model, name.length * 31);
    expectSame(score(path, jsonl, "duckdb", name), score(path, jsonl, "js", name));
  });

  it(
    "01-order-pricing from CSV (both engines) and from Parquet (DuckDB) writes the JS engine's records",
    { timeout: 120_000 },
    async () => {
      const [name, model] = OUTSIDE.find(([n]) => n === "01-order-pricing")!;
      const { path, states, jsonl } = files(name, model, 88);
      const columns = ["id", ...Object.keys(checkModel(model).input.properties as object)];
      const csv = join(dir, `${name}.csv`);
      writeFileSync(
        csv,
        [
          columns.map(csvCell).join(","),
          ...states.map((s) => columns.map((c) => csvCell((s as Record<string, unknown>)[c])).join(",")),
        ].join("\n") + "\n",
      );
      expectSame(score(path, csv, "duckdb", `${name}-csv`), score(path, csv, "js", `${name}-csv`));

      const parquet = join(dir, `${name}.parquet`);
      const types = { id: "VARCHAR", "unit price": "DOUBLE", quantity: "DOUBLE", segment: "VARCHAR", coupon: "VARCHAR" };
      const struct = Object.entries(types).map(([k, t]) => `${stringLiteral(k)}: ${stringLiteral(t)}`);
      await duck.c.run(
        `COPY (SELECT ${columns.map(identifier).join(", ")} FROM read_json(${stringLiteral(jsonl)}, format = 'newline_delimited', columns = {${struct.join(", ")}})) TO ${stringLiteral(parquet)} (FORMAT parquet)`,
      );
      expectSame(score(path, parquet, "duckdb", `${name}-parquet`), score(path, jsonl, "js", name));
    },
  );

  // found by a reduction of the ticket model: a list of dates (or of structs with a date field), which
  // the JSONL engine leaves to the JS engine, was read as a VARCHAR null and the query failed to bind
  it("a list of dates and a list of structs with a date field: --engine duckdb writes --engine js's records", { timeout: 120_000 }, () => {
    const model = {
      content: {
        name: "Visits",
        inputs: {
          visits: { type: ["date"], desc: "On which dates did the customer visit?" },
          claims: { type: [{ on: "date", amount: "number [0..1000]" }], desc: "Which claims, on which dates, for how much?" },
          since: { type: "date", desc: "From which date do visits count?", blank: true },
        },
        decisions: {
          "recent visits": "count(visits[item >= since])",
          "no visits": "visits = []",
          claimed: "sum(for c in claims return c.amount)",
          "late claims": "count(claims[on > since])",
        },
      },
    } as ModelInput;
    const { path, jsonl } = files("visits", model, 62);
    expectSame(score(path, jsonl, "duckdb", "visits"), score(path, jsonl, "js", "visits"));
  });
});
