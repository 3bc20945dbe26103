// The DuckDB engine's JSONL reading, property-tested: random lines — valid rows, values of the
// wrong type, long and odd numbers, \u escapes, control characters, duplicate keys, a byte order
// mark, CRLF, whitespace JSON allows and text JSON.parse refuses (trailing commas, NaN, single
// quotes, cut lines, nesting) — scored by the DuckDB engine and by the JS engine's own scorer,
// whose outputs must be the same bytes, across pieces of a few lines scored side by side.
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { collector } from "./collector.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSource, type LoadableModel } from "../../src/compiler/index.js";
import { loadModel } from "../../src/compiler/5-load/compiled-model.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { streamSource } from "../../src/batch/byte-source.js";
import { pieceScorer } from "../../src/batch/chunk-scorer.js";
import { planDuckDb } from "../../src/batch/duckdb/plan.js";
import { scoreWithDuckDb } from "../../src/batch/duckdb/engine.js";
import type { ModelInput } from "../../src/ir/model.js";
import { statesFor } from "../compiler/4-sql/differential.js";

/** Sample models DuckDB scores, whose inputs are numbers, choices and booleans. */
const MODELS = ["lending", "kyc-risk"];

type Kind = "number" | "string" | "date" | "boolean";

/** A value's JSON text, valid for the input's kind or not. */
const NUMBER_TEXTS = fc.oneof(
  fc.integer({ min: -1000, max: 200_000 }).map(String),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((d) => JSON.stringify(d)),
  fc.constantFrom(
    "0",
    "-0",
    "1e3",
    "1E+2",
    "2.50",
    "0.1000000000000000055511151231257827",
    "12345678901234567890",
    "123456789012345678901234567890",
    "12345678901234567890123456789012345",
    "-0.00000000000000000000000000000000001",
    "-0.0",
    "700.0000000000000000001",
    "1e400",
    "-1e400",
    "1e-400",
    "740",
    "680",
    "0.43",
    "01",
    "1.",
    ".5",
    "+1",
    "NaN",
    "Infinity",
    "0x10",
  ),
);
const STRING_TEXTS = fc.oneof(
  fc.string({ maxLength: 8 }).map((s) => JSON.stringify(s)),
  fc.constantFrom(
    '"salaried"',
    '"contractor"',
    '"retired"',
    '"unemployed"',
    '"collision"',
    '"theft"',
    '"individual"',
    '"business"',
    '"low"',
    '"high"',
    '"sal\\u0061ried"',
    '"\\u00e9t\\u00E9"',
    '"\\ud800"',
    '"a\\"b"',
    '"tab\there"',
    '"x\\/y"',
    '"\\x41"',
    "'low'",
    '"unterminated',
  ),
);
const DATE_TEXTS = fc.oneof(
  fc
    .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => JSON.stringify(d.toISOString().slice(0, 10))),
  fc.constantFrom(
    '"2024-02-29"',
    '"2023-02-29"',
    '"2024-13-01"',
    '"0000-01-01"',
    '"2024-1-01"',
    '"2024-01-01T00:00:00"',
    '"2024\\u002d01-01"',
  ),
);
const OTHER_TEXTS = fc.constantFrom("true", "false", "null", "[]", "{}", '{"a":1}', "[1, 2]", '{"a":{"b":[1,{"c":null}]}}', "tru", "nul");

function valueText(kind: Kind): fc.Arbitrary<string> {
  const own = { number: NUMBER_TEXTS, string: STRING_TEXTS, date: DATE_TEXTS, boolean: fc.constantFrom("true", "false") }[kind];
  return fc.oneof(
    { weight: 6, arbitrary: own },
    { weight: 1, arbitrary: OTHER_TEXTS },
    { weight: 1, arbitrary: NUMBER_TEXTS },
    { weight: 1, arbitrary: STRING_TEXTS },
  );
}

const ID_TEXTS = fc.oneof(
  fc.nat(99_999).map((n) => `"R-${n}"`),
  fc.nat(1e9).map(String),
  fc.constantFrom("null", "true", "-0", "1e3", "12345678901234567890", '"\\u00e9"', '"caf\u00e9"', '"\\u0000"', '{"n":1}', "[1]"),
);

const SPACES = fc.constantFrom(" ", "  ", "\t", " \r", "\u00a0");

/**
 * A line built from pairs of texts, each value a valid state's (most often) or any other, with the
 * ways the line may be written or broken.
 */
function lineArb(inputs: [string, Kind][], states: Record<string, unknown>[]): fc.Arbitrary<string> {
  const pair = (key: string, value: fc.Arbitrary<string>) =>
    fc.tuple(
      fc.oneof(
        { weight: 12, arbitrary: fc.constant(JSON.stringify(key)) },
        { weight: 1, arbitrary: fc.constant(JSON.stringify(key).replace(/[a-z]/, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)) },
      ),
      value,
      fc.oneof({ weight: 12, arbitrary: fc.constant("") }, { weight: 1, arbitrary: SPACES }),
    );
  const valid = (name: string) => fc.constantFrom(...states.map((s) => JSON.stringify(s[name] ?? null)));
  const pairs = fc.tuple(
    ...inputs.map(([name, kind]) =>
      fc.option(pair(name, fc.oneof({ weight: 4, arbitrary: valid(name) }, { weight: 1, arbitrary: valueText(kind) })), {
        freq: 12,
        nil: null,
      }),
    ),
    fc.option(pair("id", ID_TEXTS), { freq: 2, nil: null }),
    fc.option(
      pair(
        "extra",
        // a number the query does not read still counts: one JSON.parse reads as Infinity makes the row an error record
        fc.oneof(
          OTHER_TEXTS,
          STRING_TEXTS,
          NUMBER_TEXTS,
          fc.constantFrom(...[...inputs.map(([n]) => n), "id"].map((n) => JSON.stringify(n))),
        ),
      ),
      {
        freq: 4,
        nil: null,
      },
    ),
  );
  // a key the query reads again, with a valid state's value: JSON.parse keeps the last
  const again = fc
    .tuple(fc.constantFrom(...inputs.map(([n]) => n)), fc.nat(states.length - 1))
    .map(([n, i]) => `${JSON.stringify(n)}:${JSON.stringify(states[i]![n] ?? null)}`);
  const shape = fc.constantFrom(
    "plain",
    "plain",
    "plain",
    "plain",
    "duplicate",
    "again",
    "bom",
    "crlf",
    "trailing comma",
    "cut",
    "array",
    "blank",
    "comment",
    "scalar",
  );
  return fc
    .tuple(pairs, shape, fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], { minLength: 10 }), again)
    .map(([ps, how, order, repeated]) => {
      const present = ps.filter((p) => p !== null) as [string, string, string][];
      const sorted = order.filter((i) => i < present.length).map((i) => present[i]!);
      const items = sorted.map(([k, v, s]) => `${s}${k}${s}:${s}${v}`);
      if (how === "duplicate" && items.length) items.push(items[0]!.replace(/:.*$/s, ':"again"'));
      if (how === "again") items.push(repeated);
      const body = `{${items.join(",")}${how === "trailing comma" ? "," : ""}}`;
      switch (how) {
        case "bom":
          return `\uFEFF${body}`;
        case "crlf":
          return `${body}\r`;
        case "cut":
          return body.slice(0, Math.max(1, body.length >> 1));
        case "array":
          return `[${body}]`;
        case "blank":
          return " \t";
        case "comment":
          return `${body} // note`;
        case "scalar":
          return items.length ? items[0]!.replace(/^[^:]*:/, "") : "null";
        default:
          return body;
      }
    });
}

function kinds(model: ModelInput): [string, Kind][] {
  const compiled = compileToSource(model);
  if (!compiled.ok) throw new Error("does not check");
  const plan = planDuckDb(model, { strict: true, idField: "id", inputFormat: "jsonl", outputFormat: "jsonl", defaultLimits: true });
  if (!plan.ok) throw new Error(plan.reason);
  return plan.query.inputs.map((c) => [c.input, c.kind as Kind]);
}

async function bothEngines(model: ModelInput, loadable: LoadableModel, input: string, exactDecimals: boolean, pieceBytes: number) {
  const bytes = new TextEncoder().encode(input);
  const sink = new ByteSink(new Uint8Array(1 << 16));
  const js = pieceScorer(loadModel(loadable), { input: "jsonl", output: "jsonl", exactDecimals, idField: "id" });
  // the file's byte order mark is dropped by the reader both engines read through
  const expected = js({ bytes: input.startsWith("\uFEFF") ? bytes.subarray(3) : bytes, first: 1 }, sink);
  const plan = planDuckDb(model, { strict: true, idField: "id", inputFormat: "jsonl", outputFormat: "jsonl", defaultLimits: true });
  if (!plan.ok) throw new Error(plan.reason);
  const out = collector();
  const got = await scoreWithDuckDb({
    query: plan.query,
    loadable,
    input: streamSource(Readable.from([Buffer.from(bytes)])),
    output: out.stream,
    exactDecimals,
    idField: "id",
    pieceBytes,
    lanes: 2,
  });
  return { js: new TextDecoder().decode(sink.view()), duckdb: out.text(), expected, got };
}

describe.each(MODELS)("%s: random JSONL lines", (name) => {
  const model = JSON.parse(readFileSync(`samples/${name}/model.json`, "utf8")) as ModelInput;
  const inputs = kinds(model);
  const compiled = compileToSource(model);
  if (!compiled.ok) throw new Error("does not check");
  const states = statesFor(compiled.check.input, 100, name.length);

  it("both engines write the same bytes", { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineArb(inputs, states), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 64, max: 2048 }),
        async (lines, exactDecimals, finalNewline, pieceBytes) => {
          const input = lines.join("\n") + (finalNewline ? "\n" : "");
          const r = await bothEngines(model, compiled.loadable, input, exactDecimals, pieceBytes);
          expect(r.duckdb).toBe(r.js);
          expect({ rows: r.got.rows, errors: r.got.errors }).toEqual(r.expected);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("lines over a megabyte: both engines write the same bytes", { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.nat(states.length - 1),
            fc.integer({ min: 1 << 20, max: (1 << 20) + 4096 }),
            fc.constantFrom("a", "é", "\\u0041", '\\"', "1,"),
            fc.constantFrom("plain", "trailing comma", "first"),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        async (rows) => {
          const lines = rows.map(([i, size, unit, how]) => {
            const pad = `"pad":"${unit.repeat(Math.ceil(size / unit.length))}"`;
            const state = JSON.stringify({ id: `R-${i}`, ...states[i] }).slice(1, -1);
            return how === "first" ? `{${pad},${state}}` : `{${state},${pad}${how === "trailing comma" ? "," : ""}}`;
          });
          const r = await bothEngines(model, compiled.loadable, lines.join("\n"), false, 4096);
          expect(r.duckdb).toBe(r.js);
          expect({ rows: r.got.rows, errors: r.got.errors }).toEqual(r.expected);
        },
      ),
      { numRuns: 4 },
    );
  });

  it("scores well-formed rows in SQL, and the rest are the JS engine's error records", async () => {
    const lines = fc.sample(lineArb(inputs, states), { numRuns: 400, seed: name.length });
    const r = await bothEngines(model, compiled.loadable, lines.join("\n"), false, 4096);
    expect(r.duckdb).toBe(r.js);
    // the generator makes both kinds of line, and SQL took some rows itself
    expect(r.expected.errors).toBeGreaterThan(0);
    expect(r.expected.rows).toBeGreaterThan(r.expected.errors);
    expect(r.got.byJs).toBeLessThan(r.got.rows);
  });
});
