// Decisions that are lists or hold them, scored by the DuckDB engine from JSONL: the records' bytes
// are the JS engine's, and SQL writes them itself (records.ts `listJson`) rather than leaving every
// row to the JS engine. Over the models written outside the project (bench/outside) that compile to
// DuckDB's SQL, on their own random states, and over random models of list decisions — of numbers
// (nulls, long and tiny ones among them), strings, dates, booleans, contexts, lists, empty lists —
// read from list inputs and scalars.
import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSource, compileToSql } from "../../src/compiler/index.js";
import { loadModel } from "../../src/compiler/5-load/compiled-model.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { streamSource } from "../../src/batch/byte-source.js";
import { pieceScorer } from "../../src/batch/chunk-scorer.js";
import { planDuckDb } from "../../src/batch/duckdb/plan.js";
import { scoreWithDuckDb } from "../../src/batch/duckdb/engine.js";
import type { ModelInput } from "../../src/ir/model.js";
import { OUTSIDE } from "../../bench/outside/index.js";
import { collector } from "./collector.js";

/** A seeded uniform source in [0, 1). */
function uniform(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The DuckDB engine's output and tally against the JS engine's bytes and tally, on these JSONL lines. */
async function bothEngines(model: ModelInput, lines: string[], strict: boolean) {
  const plan = planDuckDb(model, { strict, idField: "id", inputFormat: "jsonl", outputFormat: "jsonl", defaultLimits: true });
  if (!plan.ok) throw new Error(`not planned: ${plan.reason}`);
  const compiled = compileToSource(model, { strict });
  if (!compiled.ok) throw new Error("does not check");
  const input = lines.join("\n") + "\n";
  const sink = new ByteSink(new Uint8Array(1 << 16));
  const expected = pieceScorer(loadModel(compiled.loadable), { input: "jsonl", output: "jsonl", idField: "id" })(
    { bytes: new TextEncoder().encode(input), first: 1 },
    sink,
  );
  const out = collector();
  const got = await scoreWithDuckDb({
    query: plan.query,
    loadable: compiled.loadable,
    input: streamSource(Readable.from([Buffer.from(input)])),
    output: out.stream,
    exactDecimals: false,
    idField: "id",
  });
  return { got, expected, text: out.text(), js: new TextDecoder().decode(sink.view()) };
}

const listsIn = (m: ModelInput, strict: boolean): boolean => {
  const r = compileToSql(m, { dialect: "duckdb", strict });
  return r.ok && r.query.decisions.some((d) => d.kind === "list" || d.fields?.some((f) => f.kind === "list"));
};

describe("list decisions in the DuckDB engine, JSONL to JSONL", () => {
  it(
    "every outside model that compiles to DuckDB scores as the JS engine does, byte for byte, its lists written by SQL",
    { timeout: 300_000 },
    async () => {
      let withLists = 0;
      for (const m of OUTSIDE) {
        const strict = !m.lenient;
        if (!compileToSql(m.model as ModelInput, { dialect: "duckdb", strict }).ok) continue;
        const rnd = uniform(m.name.length * 7919);
        const lines = Array.from({ length: 2_000 }, (_, i) => JSON.stringify({ id: i, ...m.state(rnd) }));
        const { got, expected, text, js } = await bothEngines(m.model as ModelInput, lines, strict);
        expect(text, m.name).toBe(js);
        expect({ rows: got.rows, errors: got.errors }).toEqual(expected);
        if (listsIn(m.model as ModelInput, strict)) {
          withLists++;
          // SQL wrote most records itself
          expect(got.rows - got.byJs, m.name).toBeGreaterThan(got.rows / 2);
        }
      }
      expect(withLists).toBeGreaterThanOrEqual(3);
    },
  );

  const ITEM_LISTS = [
    "xs",
    "xs[item > b]",
    "for x in xs return x * b",
    "[a, null, b / 8]",
    "sort(xs, function(x, y) x > y)",
    "concatenate(xs, [b])",
    "[]",
    '[s, "x", null]',
    "[flag, not(flag)]",
    'for k in 0..2 return day + duration("P1D") * k',
    "[{n: a, s: s}, null]",
    "for x in xs return {v: x, big: x > b}",
    "[xs, [], [b]]",
  ];
  const decisions = fc
    .uniqueArray(fc.constantFrom(...ITEM_LISTS), { minLength: 1, maxLength: 4 })
    .chain((ls) =>
      fc.boolean().map((wrap) => Object.fromEntries(ls.map((l, i) => [`d${i}`, wrap && i === 0 ? `{list: ${l}, n: count(${l})}` : l]))),
    );
  // mostly numbers of the query's exact domain, a few that leave their row to the JS engine
  const value = fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
    { weight: 8, arbitrary: fc.integer({ min: -99999, max: 99999 }).map((x) => x / 100) },
    { weight: 1, arbitrary: fc.constantFrom(0.1, 1e-7, 123456789012345.6, 1e21, 2.5) },
  );
  const line = fc.record({
    a: fc.option(value, { nil: null, freq: 8 }),
    b: value,
    s: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom("a", "é😀", "", "x y") },
      { weight: 1, arbitrary: fc.constantFrom('q"', "\u0001") },
    ),
    flag: fc.option(fc.boolean(), { nil: null, freq: 6 }),
    day: fc.constantFrom("2024-02-29", "2026-12-31", "1999-01-01"),
    xs: fc.array(value, { maxLength: 5 }),
  });

  it("random models of list decisions score as the JS engine does, byte for byte", { timeout: 300_000 }, async () => {
    let bySql = 0;
    for (const [i, ds] of fc.sample(decisions, 12).entries()) {
      const model = {
        content: {
          name: "lists",
          inputs: {
            a: { type: "number", desc: "a?", blank: true },
            b: { type: "number", desc: "b?" },
            s: { type: "string", desc: "s?" },
            flag: { type: "boolean", desc: "flag?", blank: true },
            day: { type: "date", desc: "day?" },
            xs: { type: ["number"], desc: "xs?" },
          },
          decisions: ds,
        },
      } as unknown as ModelInput;
      if (!compileToSql(model, { dialect: "duckdb", strict: true }).ok) continue;
      const lines = fc.sample(line, { numRuns: 150, seed: i + 1 }).map((r, k) => JSON.stringify({ id: k, ...r }));
      const { got, expected, text, js } = await bothEngines(model, lines, true);
      expect(text, JSON.stringify(ds)).toBe(js);
      expect({ rows: got.rows, errors: got.errors }).toEqual(expected);
      bySql += got.rows - got.byJs;
    }
    // not vacuous: SQL wrote records of list decisions
    expect(bySql).toBeGreaterThan(12 * 150 * 0.3);
  });
});
