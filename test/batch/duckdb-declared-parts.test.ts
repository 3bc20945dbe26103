// A context decision whose declared type constrains its fields, scored by the DuckDB engine:
// the query scores the rows whose every field is within, and leaves the rest to the JS
// engine, whose error record (naming the decision, the part and its value) is the one written. The
// file's bytes are the JS engine's, over random constraints and rows inside and outside them.
import { Readable } from "node:stream";
import { collector } from "./collector.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSource } from "../../src/compiler/index.js";
import { loadModel } from "../../src/compiler/5-load/compiled-model.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { streamSource } from "../../src/batch/byte-source.js";
import { pieceScorer } from "../../src/batch/chunk-scorer.js";
import { planDuckDb } from "../../src/batch/duckdb/plan.js";
import { scoreWithDuckDb } from "../../src/batch/duckdb/engine.js";
import type { ModelInput } from "../../src/ir/model.js";

/**
 * A model whose decisions are contexts with constrained fields, one of them within a context (a
 * decision holding a list is written by the JS engine whole, constraint or not).
 */
const model: fc.Arbitrary<ModelInput> = fc
  .tuple(fc.integer({ min: -5, max: 5 }), fc.integer({ min: 0, max: 10 }), fc.constantFrom('"a", "b"', '>= "b"', 'not("z")'))
  .map(
    ([lo, width, strings]) =>
      ({
        content: {
          name: "parts",
          inputs: { a: { type: "number", desc: "a?" }, b: { type: "number [-9..9]", desc: "b?" }, s: { type: "string", desc: "s?" } },
          decisions: {
            entry: { type: { p: `number [${lo}..${lo + width}]`, q: `string ${strings}` }, expr: "{p: a * b, q: s}" },
            nested: { type: { inner: { p: `number < ${lo + width}` }, r: "number" }, expr: "{inner: {p: a + b}, r: b}" },
          },
        },
      }) as unknown as ModelInput,
  );

const line = fc
  .record({
    id: fc.integer({ min: 0, max: 999 }),
    a: fc.integer({ min: -12, max: 12 }),
    b: fc.integer({ min: -9, max: 9 }),
    s: fc.constantFrom("a", "b", "z", ""),
  })
  .map((r) => JSON.stringify(r));

describe("the DuckDB engine over decisions whose declared types constrain their parts", () => {
  it(
    "scores in SQL the rows within and writes the JS engine's error records for the rest, byte for byte",
    { timeout: 120_000 },
    async () => {
      let errors = 0;
      let bySql = 0;
      for (const m of fc.sample(model, 8)) {
        const plan = planDuckDb(m, { strict: true, idField: "id", inputFormat: "jsonl", outputFormat: "jsonl", defaultLimits: true });
        expect(plan.ok ? [] : plan, JSON.stringify(m.content)).toEqual([]);
        if (!plan.ok) continue;
        const compiled = compileToSource(m);
        if (!compiled.ok) throw new Error("does not check");
        const input = fc.sample(line, 1000).join("\n") + "\n";
        const sink = new ByteSink(new Uint8Array(1 << 20));
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
        expect(out.text(), JSON.stringify(m.content)).toBe(new TextDecoder().decode(sink.view()));
        expect({ rows: got.rows, errors: got.errors }).toEqual(expected);
        errors += got.errors;
        bySql += got.rows - got.byJs;
      }
      // not vacuous: rows outside (error records) and rows within scored by SQL
      expect(errors).toBeGreaterThan(50);
      expect(bySql).toBeGreaterThan(50);
    },
  );
});
