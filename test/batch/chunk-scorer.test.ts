import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSample } from "../../bench/load-samples.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { pieceScorer as bytesScorer, type PieceScorer, type ScoreOptions } from "../../src/batch/chunk-scorer.js";
import { parseCsv } from "../../src/batch/csv.js";
import type { RowModel } from "../../src/batch/row-model.js";
import { compileModel, type ModelInput } from "../../src/compiler/index.js";

const lending = loadSample("lending");
let model: RowModel;

beforeAll(() => {
  const result = compileModel(lending.model);
  if (!result.ok) throw new Error("the lending sample does not compile");
  model = result.model;
});

const jsonl = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));

/** A piece scorer on text: the piece's UTF-8 bytes in, the records it writes as text out. */
function textScorer(score: PieceScorer) {
  return ({ text, first, columns }: { text: string; first: number; columns?: string[] }) => {
    const sink = new ByteSink(new Uint8Array(64));
    const out = score({ bytes: new TextEncoder().encode(text), first, columns }, sink);
    return { ...out, text: new TextDecoder().decode(sink.view()) };
  };
}

const pieceScorer = (m: RowModel, options: ScoreOptions) => textScorer(bytesScorer(m, options));

describe("pieceScorer, JSONL in and out", () => {
  it("writes each row's decisions with its row number and id, as the compiled model computes them", () => {
    const score = pieceScorer(model, { input: "jsonl", output: "jsonl" });
    const states = lending.cases.map((c, i) => ({ ...c.state, id: `case-${i}` }));
    const out = score({ text: states.map((s) => JSON.stringify(s)).join("\n"), first: 7 });
    expect(out).toMatchObject({ rows: states.length, errors: 0 });
    expect(jsonl(out.text)).toEqual(lending.cases.map((c, i) => ({ row: 7 + i, id: `case-${i}`, decisions: c.expected.decisions })));
  });

  it("turns bad rows into error records and goes on, numbering rows by line", () => {
    const score = pieceScorer(model, { input: "jsonl", output: "jsonl" });
    const good = JSON.stringify(lending.cases[0]!.state);
    const text = [
      good,
      "{not json",
      "",
      JSON.stringify({ ...lending.cases[0]!.state, "credit score": 900, id: 5 }),
      "[1,2]",
      good,
      "",
    ].join("\n");
    const out = score({ text, first: 1 });
    expect(out).toMatchObject({ rows: 5, errors: 3 });
    const records = jsonl(out.text);
    expect(records.map((r) => r.row)).toEqual([1, 2, 4, 5, 6]);
    expect(records[1].error.code).toBe("row.json");
    expect(records[2]).toMatchObject({ row: 4, id: 5, error: { code: "state.invalid" } });
    expect(records[2].error.errors).toEqual([expect.objectContaining({ address: "inputs.credit score", code: "state.range" })]);
    expect(records[3].error.code).toBe("state.type");
    expect(records[4].decisions).toEqual(lending.cases[0]!.expected.decisions);
  });

  it("reads CRLF lines, skips blank and whitespace-only lines and a missing final line feed, keeping line numbers", () => {
    const score = pieceScorer(model, { input: "jsonl", output: "jsonl" });
    const states = lending.cases.slice(0, 3).map((c) => JSON.stringify(c.state));
    const text = `${states[0]}\r\n\r\n  \t\n${states[1]}\n \r\n\n${states[2]}`;
    const out = score({ text, first: 10 });
    expect(out).toMatchObject({ rows: 3, errors: 0 });
    expect(jsonl(out.text)).toEqual([10, 13, 16].map((row, i) => ({ row, decisions: lending.cases[i]!.expected.decisions })));
  });

  it("scores a piece as it scores each of its lines alone", () => {
    const score = pieceScorer(model, { input: "jsonl", output: "jsonl" });
    const kinds = [
      JSON.stringify(lending.cases[0]!.state),
      JSON.stringify({ ...lending.cases[1]!.state, id: "x" }),
      "",
      " ",
      "\r",
      "{oops",
      "[]",
      "null",
      '{"credit score":1}',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...kinds), { maxLength: 30 }), fc.boolean(), (lines, finalLf) => {
        const text = lines.join("\n") + (finalLf ? "\n" : "");
        const alone = lines.map((line, i) => (line.trim() === "" ? null : score({ text: line, first: 1 + i })));
        const out = score({ text, first: 1 });
        expect(out.text).toBe(alone.map((a) => a?.text ?? "").join(""));
        expect(out.rows).toBe(alone.filter((a) => a).length);
        expect(out.errors).toBe(alone.reduce((n, a) => n + (a?.errors ?? 0), 0));
      }),
    );
  });

  it("writes exact decimal strings with exactDecimals", () => {
    const score = pieceScorer(model, { input: "jsonl", output: "jsonl", exactDecimals: true });
    const [record] = jsonl(score({ text: JSON.stringify(lending.cases[0]!.state), first: 1 }).text);
    expect(typeof record.decisions.rate).toBe("string");
    expect(Number(record.decisions.rate)).toBe(lending.cases[0]!.expected.decisions.rate);
  });

  it("echoes the field named by idField", () => {
    const score = pieceScorer(model, { input: "jsonl", output: "jsonl", idField: "ref" });
    const [record] = jsonl(score({ text: JSON.stringify({ ...lending.cases[0]!.state, ref: "A-1" }), first: 1 }).text);
    expect(record.id).toBe("A-1");
  });
});

describe("pieceScorer, CSV", () => {
  const columns = ["id", "credit score", "annual income", "monthly debt", "loan amount", "employment"];
  const csvRow = (id: string, s: Record<string, unknown>) => [id, ...columns.slice(1).map((c) => String(s[c]))].join(",");

  it("reads cells by the input schema and writes the decisions as columns", () => {
    const score = pieceScorer(model, { input: "csv", output: "csv" });
    const text = lending.cases.map((c, i) => csvRow(`c${i}`, c.state)).join("\r\n");
    const out = score({ text, first: 1, columns });
    expect(out).toMatchObject({ rows: lending.cases.length, errors: 0 });
    const names = model.decisions;
    const records = parseCsv(out.text);
    records.forEach((r, i) => {
      expect(r.slice(0, 2)).toEqual([String(i + 1), `c${i}`]);
      expect(r.slice(2, 2 + names.length)).toEqual(names.map((n) => String(lending.cases[i]!.expected.decisions[n])));
      expect(r[2 + names.length]).toBe("");
    });
  });

  it("puts a failed row's problems in the error column", () => {
    const score = pieceScorer(model, { input: "csv", output: "csv" });
    const out = score({ text: "x,abc,1000,0,5000,salaried\n", first: 3, columns });
    expect(out.errors).toBe(1);
    const [record] = parseCsv(out.text);
    expect(record![0]).toBe("3");
    expect(record![record!.length - 1]).toMatch(/inputs\.credit score: .*must be a number.*\[state\.type\]/);
  });

  it("writes JSONL from CSV input", () => {
    const score = pieceScorer(model, { input: "csv", output: "jsonl" });
    const [record] = jsonl(score({ text: csvRow("k", lending.cases[1]!.state), first: 1, columns }).text);
    expect(record).toEqual({ row: 1, id: "k", decisions: lending.cases[1]!.expected.decisions });
  });
});

describe("pieceScorer, a decision outside its declared type", () => {
  it("turns the row into an error record naming the decision and the constraint, and goes on", () => {
    const result = compileModel({
      name: "minus",
      inputs: { n: { type: "number", desc: "n?" } },
      decisions: { left: { type: "number >= 0", expr: "10 - n" } },
    } as unknown as ModelInput);
    if (!result.ok) throw new Error("the model does not compile");
    for (const options of [
      { input: "jsonl", output: "jsonl" },
      { input: "csv", output: "jsonl" },
    ] as ScoreOptions[]) {
      const score = pieceScorer(result.model, options);
      const rows = options.input === "csv" ? ["4", "12", "10"] : [4, 12, 10].map((n) => JSON.stringify({ n }));
      const out = score({ text: rows.join("\n"), first: 1, columns: ["n"] });
      expect(out).toMatchObject({ rows: 3, errors: 1 });
      const message = "decision `left` is outside its declared type number >= 0 for this state: it is -2";
      expect(jsonl(out.text)).toEqual([
        { row: 1, decisions: { left: 6 } },
        { row: 2, error: { code: "evaluation", message, errors: [{ address: "decisions.left", code: "decision.outside-type", message }] } },
        { row: 3, decisions: { left: 0 } },
      ]);
    }
  });
});

describe("pieceScorer, the evaluation budget", () => {
  /** A loop of n steps: a row's cost is its own n. */
  const loop: ModelInput = {
    content: {
      name: "loop",
      inputs: { n: { type: "number [0..100000]", desc: "how long" }, words: { type: "[string]", desc: "words", blank: true } },
      decisions: { total: "sum(for i in 1..n return i)", joined: 'if words = null then "" else string join(words, "-")' },
    },
    questions: {},
  };
  let looping: RowModel;
  beforeAll(() => {
    const result = compileModel(loop);
    if (!result.ok) throw new Error("the loop model does not compile");
    looping = result.model;
  });

  // the byte way (flat inputs), the general way (--exact), CSV
  const ways: [string, ScoreOptions, (n: number, words?: string[]) => string][] = [
    ["JSONL, bytes", { input: "jsonl", output: "jsonl" }, (n) => JSON.stringify({ n })],
    ["JSONL, general", { input: "jsonl", output: "jsonl", exactDecimals: true }, (n, words) => JSON.stringify({ n, words })],
    ["CSV", { input: "csv", output: "jsonl" }, (n) => String(n)],
  ];

  it.each(ways)("gives each row the whole budget and turns a row that passes it into an error record (%s)", (_, options, row) => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1500 }), { minLength: 1, maxLength: 20 }), (ns) => {
        const score = pieceScorer(looping, { ...options, limits: { steps: 1000 } });
        const out = score({ text: ns.map((n) => row(n)).join("\n"), first: 1, columns: ["n"] });
        const records = jsonl(out.text);
        expect(out.rows).toBe(ns.length);
        // a loop of n takes about 2n steps (the for and the sum): well under the limit passes, well over fails
        records.forEach((r, i) => {
          expect(r.row).toBe(i + 1);
          if (ns[i]! <= 450) expect(Number(r.decisions.total)).toBe((ns[i]! * (ns[i]! + 1)) / 2);
          if (ns[i]! >= 550)
            expect(r.error).toEqual({ code: "evaluation", message: expect.stringMatching(/limit of 1,000 steps \(--eval-budget\)/) });
        });
        expect(out.errors).toBe(records.filter((r) => r.error).length);
      }),
      { numRuns: 20 },
    );
  });

  it("meters the size of what a row builds, and meters nothing past the limits by default", () => {
    const words = Array.from({ length: 50 }, (_, i) => `word${i}`);
    const tight = pieceScorer(looping, { input: "jsonl", output: "jsonl", exactDecimals: true, limits: { size: 100 } });
    const [over] = jsonl(tight({ text: JSON.stringify({ n: 1, words }), first: 1 }).text);
    expect(over.error.message).toMatch(/items and characters built \(--eval-size\)/);
    const roomy = pieceScorer(looping, { input: "jsonl", output: "jsonl" });
    const [fine] = jsonl(roomy({ text: JSON.stringify({ n: 100000 }), first: 1 }).text);
    expect(fine.decisions.total).toBe(5000050000);
  });
});
