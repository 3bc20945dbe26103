// A worker's scoring threads lend each chunk's records in a buffer of their own, sent to Redis from
// there and given back once stored: records held are never overwritten by later chunks', records
// given back are reused, and every chunk's records are the in-process scorer's for its rows.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lendingRow } from "../../../bench/batch/lending-states.js";
import { loadSample } from "../../../bench/load-samples.js";
import { ByteSink } from "../../../src/batch/byte-sink.js";
import { pieceScorer, type ScoreOptions } from "../../../src/batch/chunk-scorer.js";
import { ThreadScorer, type ScoredChunk } from "../../../src/batch/queue/thread-scorer.js";
import type { RowModel } from "../../../src/batch/row-model.js";
import { compileModel } from "../../../src/compiler/index.js";

const OPTIONS: ScoreOptions = { input: "jsonl", output: "jsonl" };
let model: RowModel;
let scorer: ThreadScorer;

beforeAll(async () => {
  const compiled = compileModel(loadSample("lending").model);
  if (!compiled.ok) throw new Error("the lending sample does not compile");
  model = compiled.model;
  scorer = await ThreadScorer.start(2, OPTIONS, Promise.resolve(compiled.model.loadable));
});
afterAll(() => scorer?.close());

interface Chunk {
  first: number;
  /** lending rows from this index, some replaced by lines that are not rows */
  from: number;
  count: number;
  broken: number[];
}

function chunkText(c: Chunk): Uint8Array {
  const lines = Array.from({ length: c.count }, (_, i) => (c.broken.includes(i) ? "{not a row" : JSON.stringify(lendingRow(c.from + i))));
  return new TextEncoder().encode(lines.map((l) => `${l}\n`).join(""));
}

/** The records the in-process scorer writes for the chunk. */
function expected(c: Chunk): string {
  const sink = new ByteSink(new Uint8Array(64));
  pieceScorer(model, OPTIONS)({ bytes: chunkText(c), first: c.first }, sink);
  return new TextDecoder().decode(sink.view());
}

const text = (r: ScoredChunk): string => new TextDecoder().decode(r.bytes);

const chunk: fc.Arbitrary<Chunk> = fc.record({
  first: fc.integer({ min: 1, max: 1_000_000 }),
  from: fc.nat(100_000),
  count: fc.integer({ min: 0, max: 300 }),
  broken: fc.array(fc.nat(300), { maxLength: 3 }),
});

describe("ThreadScorer", () => {
  it("keeps records lent until they are given back, whatever is scored meanwhile", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ chunk, hold: fc.boolean() }), { minLength: 1, maxLength: 12 }),
        fc.array(chunk, { maxLength: 12 }),
        async (first, second) => {
          // the first wave: some records given back at once, the others held
          const held: { c: Chunk; r: ScoredChunk }[] = [];
          await Promise.all(
            first.map(async ({ chunk: c, hold }) => {
              const r = await scorer.score(chunkText(c), c.first);
              expect(text(r)).toBe(expected(c));
              expect(r.rows).toBe(c.count);
              if (hold) held.push({ c, r });
              else r.release();
            }),
          );
          // a second wave reuses the buffers given back, never those held
          const later = await Promise.all(second.map((c) => scorer.score(chunkText(c), c.first)));
          for (const [i, c] of second.entries()) expect(text(later[i]!)).toBe(expected(c));
          for (const { c, r } of held) expect(text(r)).toBe(expected(c));
          for (const r of [...later, ...held.map((h) => h.r)]) {
            r.release();
            r.release(); // twice is once
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
