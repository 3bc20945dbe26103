// `npm run bench` (part): the DuckDB engine beside the JS engine. Each model that compiles to
// DuckDB's SQL (the lending sample and the corpus models that do) is scored end to end by the
// built `pdm score --engine js` and `--engine duckdb` on the same generated JSONL rows, in rounds
// that alternate the engines; the outputs are compared byte for byte. Writes bench/RESULTS-sql.md.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileToSql } from "../src/compiler/index.js";
import type { ModelInput } from "../src/ir/model.js";
import { lendingJsonl } from "./batch/lending-states.js";
import { corpusBatch } from "./corpus/batch.js";
import { CORPUS } from "./corpus/index.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const ROWS = Number(process.env.BENCH_SQL_ROWS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_SQL_ROUNDS ?? 2);

interface Case {
  name: string;
  modelPath: string;
  jsonl: (rows: number) => Iterable<string>;
}

const lending: Case = { name: "lending", modelPath: join(root, "samples/lending/model.json"), jsonl: lendingJsonl };
const corpus: Case[] = CORPUS.filter((m) => compileToSql(m.model as ModelInput, { dialect: "duckdb" }).ok).map((m) => {
  const b = corpusBatch(m);
  return { name: m.name, modelPath: b.modelPath, jsonl: b.jsonl };
});

function run(c: Case, engine: string, input: string, output: string): number {
  const start = performance.now();
  const r = spawnSync(
    process.execPath,
    [join(root, "bin/pdm.mjs"), "score", c.modelPath, "--in", input, "--out", output, "--engine", engine],
    {
      encoding: "utf8",
    },
  );
  if (r.status !== 0) throw new Error(`${c.name} --engine ${engine}: exit ${r.status} ${r.stderr}`);
  return (performance.now() - start) / 1000;
}

const rows: string[] = [];
for (const c of [lending, ...corpus]) {
  const dir = mkdtempSync(join(tmpdir(), `pdm-bench-sql-${c.name}-`));
  const input = join(dir, "rows.jsonl");
  writeFileSync(input, [...c.jsonl(ROWS)].join(""));
  const best: Record<string, number> = { js: Infinity, duckdb: Infinity };
  for (let round = 0; round < ROUNDS; round++)
    for (const engine of ["js", "duckdb"]) best[engine] = Math.min(best[engine]!, run(c, engine, input, join(dir, `${engine}.jsonl`)));
  const same = readFileSync(join(dir, "js.jsonl")).equals(readFileSync(join(dir, "duckdb.jsonl")));
  const rate = (s: number) => Math.round(ROWS / s).toLocaleString("en-US");
  rows.push(
    `| ${c.name} | ${rate(best.js!)} | ${rate(best.duckdb!)} | ${(best.js! / best.duckdb!).toFixed(2)}× | ${same ? "yes" : "**no**"} |`,
  );
  console.log(rows.at(-1));
  rmSync(dir, { recursive: true, force: true });
}

writeFileSync(
  join(root, "bench/RESULTS-sql.md"),
  [
    "# DuckDB engine beside the JS engine",
    "",
    `\`pdm score\` end to end (process start, compile, reading, writing), ${ROWS.toLocaleString("en-US")} generated JSONL rows per model, best of ${ROUNDS} rounds alternating the engines; load average at the end ${loadavg()[0]!.toFixed(1)} on ${process.env.BENCH_MACHINE ?? "this machine"}. See docs/sql.md.`,
    "",
    "| model | JS engine rows/s | DuckDB rows/s | DuckDB ÷ JS | same bytes |",
    "|---|---:|---:|---:|---|",
    ...rows,
    "",
  ].join("\n"),
);
