// The pool and the stream together, in this process: workers start from the TypeScript source
// (through tsx), so this also covers running `pdm score` from a checkout.
import { PassThrough, Readable, Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { afterEach, describe, expect, it } from "vitest";
import { lendingRow } from "../../bench/batch/lending-states.js";
import { loadSample } from "../../bench/load-samples.js";
import { Pool } from "../../src/batch/pool.js";
import type { LoadableModel } from "../../src/compiler/5-load/compiled-model.js";
import { scoreStream } from "../../src/batch/score-stream.js";
import { streamSource } from "../../src/batch/byte-source.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { generalJsonlScorer } from "../../src/batch/chunk-scorer.js";
import fc from "fast-check";
import type { ScoreOptions } from "../../src/batch/chunk-scorer.js";
import { compileModel } from "../../src/compiler/index.js";

const lending = loadSample("lending");
const pools: Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function lendingPortable(): LoadableModel {
  const compiled = compileModel(lending.model);
  if (!compiled.ok) throw new Error("the lending sample does not compile");
  return compiled.model.loadable;
}

/** A started pool whose workers have loaded `model` (the lending sample unless given). */
async function pool(workers: number, score: ScoreOptions, model: LoadableModel = lendingPortable()): Promise<Pool> {
  const p = await Pool.start(workers, score);
  pools.push(p);
  await p.load(model);
  return p;
}

/** Runs a batch over `text` fed in small chunks; returns the output text and the summary. */
async function batch(p: Pool, workers: number, text: string, format: "jsonl" | "csv", header?: string | null) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (c: Buffer) => chunks.push(c));
  const input = Readable.from(
    Buffer.from(text)
      .toString("utf8")
      .match(/[\s\S]{1,700}/g)!
      .map((s) => Buffer.from(s)),
  );
  const progress: number[] = [];
  const summary = await scoreStream({
    pool: p,
    workers,
    input: streamSource(input),
    format,
    output,
    header,
    pieceBytes: 1500,
    onProgress: (d) => progress.push(d.rows),
  });
  return { text: Buffer.concat(chunks).toString("utf8"), summary, progress };
}

describe("scoreStream", () => {
  it("keeps input order across two workers and counts rows and errors", async () => {
    const p = await pool(2, { input: "jsonl", output: "jsonl" });
    const lines = Array.from({ length: 3000 }, (_, i) => (i % 500 === 499 ? "{broken" : JSON.stringify(lendingRow(i))));
    const { text, summary, progress } = await batch(p, 2, `\uFEFF${lines.join("\n")}\n`, "jsonl");
    const records = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(records.map((r) => r.row)).toEqual(lines.map((_, i) => i + 1));
    expect(records.filter((r) => r.id !== undefined).map((r) => r.id)).toEqual(
      lines.flatMap((l, i) => (l.startsWith("{broken") ? [] : [`r${i}`])),
    );
    expect(summary).toMatchObject({ rows: 3000, errors: 6 });
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it("writes, across two workers, what one thread writes the general way, for rows of random sizes and kinds", async () => {
    const model = compileModel(lending.model);
    if (!model.ok) throw new Error("the lending sample does not compile");
    const p = await pool(2, { input: "jsonl", output: "jsonl" });
    const general = generalJsonlScorer(model.model, { input: "jsonl", output: "jsonl" });
    // valid rows padded to any size (some longer than a piece), broken and invalid ones, blank lines
    const line = fc.oneof(
      {
        weight: 12,
        arbitrary: fc.tuple(fc.nat(100_000), fc.nat(4000)).map(([i, pad]) => JSON.stringify({ ...lendingRow(i), pad: "x".repeat(pad) })),
      },
      { weight: 1, arbitrary: fc.constantFrom("{broken", '{"credit score": "high"}', "[]", "", " \r", '{"id": "é", "credit score": 900}') },
    );
    for (const lines of fc.sample(fc.array(line, { minLength: 200, maxLength: 600 }), { numRuns: 3, seed: 7 })) {
      const text = `${lines.join("\n")}\n`;
      const { text: out, summary } = await batch(p, 2, text, "jsonl");
      const sink = new ByteSink(new Uint8Array(1024));
      const expected = general({ bytes: new TextEncoder().encode(text), first: 1 }, sink);
      expect(out).toBe(new TextDecoder().decode(sink.view()));
      expect(summary).toMatchObject({ rows: expected.rows, errors: expected.errors });
      // every bad row's error record carries its line number
      const records = new Map(
        out
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l))
          .map((r) => [r.row, r]),
      );
      lines.forEach((l, i) => {
        if (l.trim() === "") expect(records.has(i + 1)).toBe(false);
        else expect(records.get(i + 1)!.error !== undefined).toBe(!l.includes('"pad"'));
      });
    }
  });

  it("reads a CSV header once and numbers data rows from 1", async () => {
    const p = await pool(2, { input: "csv", output: "jsonl" });
    const columns = ["id", "credit score", "annual income", "monthly debt", "loan amount", "employment"] as const;
    const rows = Array.from({ length: 400 }, (_, i) => lendingRow(i));
    const csv = [
      columns.map((c) => (c.includes(" ") ? `"${c}"` : c)).join(","),
      ...rows.map((r) => columns.map((c) => r[c]).join(",")),
    ].join("\n");
    const { text, summary } = await batch(p, 2, csv, "csv");
    const records = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(summary).toMatchObject({ rows: 400, errors: 0 });
    expect(records.map((r) => [r.row, r.id])).toEqual(rows.map((r, i) => [i + 1, r.id]));
  });

  it("lends result buffers again only once the output has called back", async () => {
    const p = await pool(2, { input: "jsonl", output: "jsonl" });
    const lines = Array.from({ length: 4000 }, (_, i) => JSON.stringify(lendingRow(i)));
    const copies: Buffer[] = [];
    // Like a file: the bytes are read some time later, and the stream calls back after that.
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        setTimeout(() => {
          copies.push(Buffer.from(chunk));
          done();
        }, 1);
      },
    });
    const input = Readable.from(
      lines
        .join("\n")
        .match(/[\s\S]{1,900}/g)!
        .map((s) => Buffer.from(s)),
    );
    const summary = await scoreStream({
      pool: p,
      workers: 2,
      input: streamSource(input),
      format: "jsonl",
      output,
      outputCopies: true,
      pieceBytes: 1500,
    });
    output.end();
    await finished(output);
    expect(summary).toMatchObject({ rows: 4000, errors: 0 });
    const records = Buffer.concat(copies)
      .toString("utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(records.map((r) => [r.row, r.id])).toEqual(lines.map((_, i) => [i + 1, `r${i}`]));
    expect(copies.length).toBeGreaterThan(100);
  });

  it("writes the header before the rows", async () => {
    const p = await pool(1, { input: "jsonl", output: "csv" });
    const { text } = await batch(p, 1, `${JSON.stringify(lending.cases[0]!.state)}\n`, "jsonl", "row,id,x\n");
    expect(text.split("\n")[0]).toBe("row,id,x");
    expect(text.split("\n")).toHaveLength(3);
  });

  it("rejects load when a worker cannot load the model", async () => {
    const p = await Pool.start(2, { input: "jsonl", output: "jsonl" });
    pools.push(p);
    const broken = { ...lendingPortable(), source: "throw new Error('cannot load this')" };
    await expect(p.load(broken)).rejects.toThrow("cannot load this");
  });
});
