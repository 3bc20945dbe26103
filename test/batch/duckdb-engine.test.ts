// The DuckDB engine writes the JS engine's bytes: for every model that compiles to DuckDB's SQL,
// seeded edge rows (ties, nulls, bounds, numbers outside the exact domain, invalid values) mixed
// with lines SQL must leave to JS (not JSON, JSON DuckDB would read but JSON.parse would not,
// escapes, duplicate keys, arrays, blank and CRLF lines, odd ids), scored by both, byte for byte,
// across piece boundaries; most rows are scored by SQL itself.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { collector } from "./collector.js";
import { describe, expect, it } from "vitest";
import { compileToSource } from "../../src/compiler/index.js";
import { loadModel } from "../../src/compiler/5-load/compiled-model.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { streamSource } from "../../src/batch/byte-source.js";
import { pieceScorer } from "../../src/batch/chunk-scorer.js";
import { planDuckDb } from "../../src/batch/duckdb/plan.js";
import { scoreWithDuckDb } from "../../src/batch/duckdb/engine.js";
import type { ModelInput } from "../../src/ir/model.js";
import { CORPUS } from "../../bench/corpus/index.js";
import { statesFor } from "../compiler/4-sql/differential.js";

/** Date and time inputs: local, at an offset or in a zone (a zone's row the JS engine's), compared, subtracted, moved, written. */
const DATE_TIMES: ModelInput = {
  content: {
    name: "date-times",
    inputs: {
      opened: { type: "date and time", desc: "opened?" },
      closed: { type: "date and time", desc: "closed?", blank: true },
    },
    decisions: {
      due: 'opened + duration("PT4H30M")',
      late: "closed > due",
      took: "closed - opened",
      "in minutes": 'decimal((closed - opened) / duration("PT1S") / 60, 2)',
      day: "date(opened)",
      hour: "opened.hour",
      minute: "closed.minute",
      same: "closed = opened",
    },
  },
};

const MODELS: [string, ModelInput][] = [
  ["date-times", DATE_TIMES],
  ...readdirSync("samples")
    .filter((d) => existsSync(`samples/${d}/model.json`))
    .map((d) => [d, JSON.parse(readFileSync(`samples/${d}/model.json`, "utf8")) as ModelInput] as [string, ModelInput]),
  ...CORPUS.filter((c) => c.name !== "insurance-rating").map((c) => [c.name, c.model as ModelInput] as [string, ModelInput]),
  // context decisions: a STRUCT of the entries in order, a context within it, a list's item, null entries
  [
    "contexts",
    {
      content: {
        name: "contexts",
        inputs: {
          k: { type: "number [-10..10]", desc: "k?" },
          s: { type: "string", desc: "s?" },
          x: { type: "number", desc: "x?" },
          y: { type: "number", desc: "y?" },
          flag: { type: "boolean", desc: "flag?" },
          day: { type: "date", desc: "day?" },
          z: { type: "number", desc: "z?" },
        },
        decisions: {
          summary:
            "{total: decimal(k * 2, 1), the share: if total = 0 then null else decimal(k / 3, 2), big: total > 2, inner: {b: total + 1, name: s, none: null}}",
          "from summary": "summary.inner.b + summary.total",
          others: "{total: decimal(x + y, 2), on: flag, when: day, later: {off: not(on), r: round half up(z, 1)}}",
        },
      },
    },
  ],
  // dates before year 1 and past 9999, written by SQL as the JS engine writes them (`-0002-03-01`)
  [
    "far-dates",
    {
      content: {
        name: "far-dates",
        inputs: { day: { type: "date", desc: "day?" } },
        decisions: {
          back: 'day - duration("P800000D")',
          on: 'day + duration("P1400000D")',
          near: 'day - @"P13M"',
          held: "{back: back, on: on}",
        },
      },
    },
  ],
];

/** Lines SQL must not score itself: JS says what they are. */
const ODD_LINES = [
  "",
  "   ",
  "not json",
  "[1, 2]",
  "null",
  '"text"',
  '{"a": 1,}',
  '{"a": NaN}',
  '{"a": 1} // comment',
  "{'a': 1}",
  '{"id": "back\\\\slash"}',
  '{"id": "\\u00e9"}',
  '{"id": 1e3}',
  '{"id": 12345678901234567890}',
  '{"id": -0}',
  '{"id": {"nested": true}}',
  '{"id": "tab\there"}',
];

/** A string JSON.stringify and DuckDB may write apart: one that is not printable ASCII, or holds a quote or a backslash. */
const unplain = (v: unknown): boolean =>
  typeof v === "string"
    ? !/^[\x20-\x7e]*$/.test(v) || /["\\]/.test(v)
    : typeof v === "object" && v !== null && Object.values(v).some(unplain);

/** Lines the JS engine may score in SQL's place: the odd ones, and those holding a string SQL may not write for sure. */
function linesLeftToJs(input: string): number {
  return input
    .split("\n")
    .filter((l) => l.trim() !== "")
    .filter((l) => {
      try {
        return unplain(JSON.parse(l));
      } catch {
        return true;
      }
    }).length;
}

function jsonl(model: ModelInput, seed: number): string {
  const compiled = compileToSource(model);
  if (!compiled.ok) throw new Error("does not check");
  const states = statesFor(compiled.check.input, 300, seed);
  const lines = states.map((s, i) => {
    const withId = i % 3 === 0 ? { id: `R-${i}`, ...s } : i % 3 === 1 ? { ...s, id: i } : s;
    const text = JSON.stringify(withId);
    // a duplicate key (JSON.parse keeps the last), a CRLF line
    if (i % 97 === 5) return `${text.slice(0, -1)},"id":"again"}`;
    return i % 50 === 7 ? `${text}\r` : text;
  });
  ODD_LINES.forEach((l, k) => lines.splice(31 * (k + 1), 0, l));
  return lines.join("\n") + (seed % 2 ? "\n" : "");
}

it("plans a model of date and time inputs for DuckDB (a JSONL file of them is scored in SQL)", () => {
  const plan = planDuckDb(DATE_TIMES, { strict: true, idField: "id", inputFormat: "jsonl", outputFormat: "jsonl", defaultLimits: true });
  expect(plan.ok ? [] : plan).toEqual([]);
});

describe.each(MODELS)("%s", (name, model) => {
  const plan = planDuckDb(model, { strict: true, idField: "id", inputFormat: "jsonl", outputFormat: "jsonl", defaultLimits: true });
  it.runIf(plan.ok)("writes the JS engine's bytes for every line, exact decimals or not", { timeout: 300_000 }, async () => {
    if (!plan.ok) return;
    const compiled = compileToSource(model);
    if (!compiled.ok) throw new Error("does not check");
    const input = jsonl(model, name.length);
    for (const exactDecimals of [false, true]) {
      const sink = new ByteSink(new Uint8Array(1 << 16));
      const js = pieceScorer(loadModel(compiled.loadable), { input: "jsonl", output: "jsonl", exactDecimals, idField: "id" });
      const expected = js({ bytes: new TextEncoder().encode(input), first: 1 }, sink);
      const out = collector();
      const exactPlan = planDuckDb(model, {
        strict: true,
        idField: "id",
        inputFormat: "jsonl",
        outputFormat: "jsonl",
        defaultLimits: true,
      });
      if (!exactPlan.ok) throw new Error("no plan");
      const got = await scoreWithDuckDb({
        query: exactPlan.query,
        loadable: compiled.loadable,
        input: streamSource(Readable.from([Buffer.from(input)])),
        output: out.stream,
        exactDecimals,
        idField: "id",
        pieceBytes: 48 * 1024,
      });
      expect(out.text()).toBe(new TextDecoder().decode(sink.view()));
      expect({ rows: got.rows, errors: got.errors }).toEqual(expected);
      // SQL scored most rows itself; JS took the odd ones and those SQL cannot write for sure
      const mayBeJs = linesLeftToJs(input);
      expect(got.byJs, `${got.byJs} of ${got.rows} rows by JS, ${mayBeJs} of them odd or of strings`).toBeLessThan(
        mayBeJs + (got.rows - mayBeJs) / 2,
      );
    }
  });

  it.runIf(!plan.ok)("is left to the JS engine, with the reason", () => {
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.reason.length).toBeGreaterThan(0);
  });
});

describe("what the DuckDB engine leaves to JS", () => {
  const lending = MODELS.find(([n]) => n === "lending")![1];
  const request = { strict: true, idField: "id", inputFormat: "jsonl", outputFormat: "jsonl", defaultLimits: true };
  it("JSONL to another format, a budget that is not the default, an id field that needs escaping", () => {
    // CSV and Parquet input are read by DuckDB itself (duckdb-tables.test.ts)
    expect(planDuckDb(lending, { ...request, inputFormat: "csv" })).toMatchObject({ ok: true, engine: "table" });
    expect(planDuckDb(lending, { ...request, inputFormat: "parquet", outputFormat: "csv" })).toMatchObject({ ok: true, engine: "table" });
    expect(planDuckDb(lending, { ...request, outputFormat: "csv" }).ok).toBe(false);
    expect(planDuckDb(lending, { ...request, outputFormat: "parquet" }).ok).toBe(false);
    expect(planDuckDb(lending, { ...request, defaultLimits: false }).ok).toBe(false);
    expect(planDuckDb(lending, { ...request, idField: 'a"b' }).ok).toBe(false);
    expect(planDuckDb(lending, request)).toMatchObject({ ok: true, engine: "pieces" });
  });
});
