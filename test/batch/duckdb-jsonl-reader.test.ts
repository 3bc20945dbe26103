// DuckDB's own JSON reader for JSONL files (jsonl-screen.ts, jsonl-file.ts, jsonl-engine.ts),
// property-tested: random files of valid rows (keys in any order, JSON's whitespace, ids of every
// type, extra keys, non-ASCII strings) with every fault kind mixed in at a low rate — a line that is
// not JSON, not an object, a repeated key, a value of the wrong type, a blank line, CRLF, a last
// line without line feed, numbers JSON.parse and DuckDB might read apart (long, far exponents,
// -0), escapes, a byte order mark, an explicit null id, lines mutated at random — scored by
// `scoreJsonlFile` (the screen sends a file to `read_json` or to the piece engine) and by the JS
// engine's own scorer: the same bytes, whichever reader read it. Both readers must be taken.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { compileToSource } from "../../src/compiler/index.js";
import { loadModel } from "../../src/compiler/5-load/compiled-model.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { pieceScorer } from "../../src/batch/chunk-scorer.js";
import { planDuckDb } from "../../src/batch/duckdb/plan.js";
import { scoreJsonlFile } from "../../src/batch/duckdb/jsonl-engine.js";
import { screenJsonl, type ScreenKind } from "../../src/batch/duckdb/jsonl-screen.js";
import type { ModelInput } from "../../src/ir/model.js";
import { statesFor } from "../compiler/4-sql/differential.js";

const MODELS = ["lending", "kyc-risk"];
const dir = mkdtempSync(join(tmpdir(), "pdm-jsonl-reader-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ODD_NUMBERS = [
  "-0",
  "-0.0",
  "1e400",
  "-1e400",
  "1e-400",
  "12345678901234567890",
  "0.1000000000000000055511151231257827",
  "700.0000000000000000001",
  "1e23",
  "9007199254740993",
  "1.5e-30",
  "01",
  "1.",
  ".5",
  "+1",
  "NaN",
];
/** Values of the wrong type for some input, flat (the screen reads them as JSON texts) and nested (it declines those). */
const WRONG_FLAT = ['"5"', "true", "null", '""', '"2024-02-30"', "0", "-1", "1e3", "2.50"];
const WRONG_VALUES = [...WRONG_FLAT, "[]", "{}", '{"a":1}', "[1, 2]"];
const IDS = fc.oneof(
  fc.nat(99_999).map((n) => `"R-${n}"`),
  fc.nat(1e9).map(String),
  fc.constantFrom("null", "true", "false", "-0", "1e3", "1.0", "12345678901234567890", '"caf\u00e9"', '"\\u00e9"', '""'),
);
const SPACE = fc.constantFrom("", "", "", " ", "\t", "  ");

/** A valid state's line: its keys in any order, whitespace JSON allows, an id of any type, extra keys. */
function validLine(states: Record<string, unknown>[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.nat(states.length - 1),
      fc.option(IDS, { freq: 4, nil: undefined }),
      fc.option(fc.constantFrom('"x"', "1e400", "-0", '"\u00e9t\u00e9 \u{1f600}"', "null", "123456789012345678901"), {
        freq: 3,
        nil: undefined,
      }),
      fc.array(fc.tuple(SPACE, SPACE), { minLength: 12, maxLength: 12 }),
      fc.integer(),
    )
    .map(([i, id, extra, spaces, seed]) => {
      const pairs = Object.entries(states[i]!).map(([k, v]) => [JSON.stringify(k), JSON.stringify(v)] as [string, string]);
      if (id !== undefined) pairs.push(['"id"', id]);
      if (extra !== undefined) pairs.push(['"note"', extra]);
      // a seeded shuffle of the keys
      for (let k = pairs.length - 1; k > 0; k--) {
        const j = Math.abs(seed * (k + 7)) % (k + 1);
        [pairs[k], pairs[j]] = [pairs[j]!, pairs[k]!];
      }
      const text = pairs.map(([k, v], n) => `${spaces[n % 12]![0]}${k}${spaces[n % 12]![1]}:${v}`).join(",");
      return `${spaces[0]![1]}{${text}}`;
    });
}

/** The line with an input's value replaced by (or, when absent, given as) one of `values`. */
function wrongType(l: string, r: number, inputs: [string, ScreenKind][], values: string[]): string {
  const [name] = inputs[r % inputs.length]!;
  return withValue(l, JSON.stringify(name), values[r % values.length]!);
}

/** The line with the key's value replaced by `value`, or the pair added when the key is absent. */
function withValue(l: string, key: string, value: string): string {
  const m = new RegExp(`${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*:\\s*`).exec(l);
  if (!m) return l.replace(/\}\s*$/, `,${key}:${value}}`);
  const start = m.index + m[0].length;
  // the valid lines' values hold no comma or brace
  return l.slice(0, start) + value + l.slice(start + l.slice(start).search(/\s*[,}]/));
}

type Fault = (line: string, rnd: number, inputs: [string, ScreenKind][]) => string;

/** Every fault kind, each applied to a valid line. */
const FAULTS: Record<string, Fault> = {
  "not JSON": (l, r) => l.slice(0, 1 + (r % Math.max(1, l.length - 1))),
  "trailing comma": (l) => l.replace(/\}\s*$/, ",}"),
  comment: (l) => `${l} // note`,
  "not an object": (l, r) => ["[1,2]", "null", '"text"', "42", `[${l}]`][r % 5]!,
  "repeated key": (l, r, inputs) => {
    const [name] = inputs[r % inputs.length]!;
    return l.replace(/\}\s*$/, `,${JSON.stringify(name)}:${WRONG_VALUES[r % WRONG_VALUES.length]}}`);
  },
  "repeated unread key": (l) => l.replace(/\}\s*$/, ',"note":1,"note":2}'),
  "wrong type": (l, r, inputs) => wrongType(l, r, inputs, WRONG_VALUES),
  "wrong flat type": (l, r, inputs) => wrongType(l, r, inputs, WRONG_FLAT),
  "odd number": (l, r, inputs) => {
    const numbers = inputs.filter(([, k]) => k === "number");
    if (!numbers.length) return l;
    const key = JSON.stringify(numbers[r % numbers.length]![0]);
    return `{${key}:${ODD_NUMBERS[r % ODD_NUMBERS.length]},${l.replace(/^\s*\{/, "").replace(new RegExp(`${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:[^,}]*,?`), "")}`.replace(
      /,\s*\}$/,
      "}",
    );
  },
  escape: (l) => l.replace(/"([a-z])/, (_, c: string) => `"\\u00${c.charCodeAt(0).toString(16)}`),
  "control character": (l) => l.replace('"', '"\u0001'),
  blank: (_l, r) => ["", " ", "\t", "\r"][r % 4]!,
  crlf: (l) => `${l}\r`,
  "carriage return inside": (l) => l.replace(",", ",\r"),
  "null id": (l) => withValue(l, '"id"', "null"),
  "byte order mark": (l) => `\uFEFF${l}`,
  "lone surrogate": (l) => l.replace(/\}\s*$/, ',"note":"\\ud800"}'),
  mutated: (l, r) => {
    const at = r % (l.length + 1);
    const put = [",", "}", "{", '"', "\\", " ", "0", "-", "e", ".", "\u00e9", ":", "n", "\u0000"][r % 14]!;
    return r % 3 === 0 ? l.slice(0, at) + l.slice(at + 1) : l.slice(0, at) + put + l.slice(r % 3 === 1 ? at : at + 1);
  },
};

function fileArb(states: Record<string, unknown>[], inputs: [string, ScreenKind][]): fc.Arbitrary<{ text: string; faults: string[] }> {
  const line = fc.oneof(
    { weight: 30, arbitrary: validLine(states).map((l) => ({ l, fault: "" })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(validLine(states), fc.constantFrom(...Object.keys(FAULTS)), fc.nat(1 << 20))
        .map(([l, fault, r]) => ({ l: FAULTS[fault]!(l, r, inputs), fault })),
    },
  );
  // most files carry no fault or one kind; some several
  return fc.tuple(fc.array(line, { minLength: 1, maxLength: 60 }), fc.boolean(), fc.boolean()).map(([lines, finalNewline, bomFirst]) => {
    const text = lines.map((x) => x.l).join("\n") + (finalNewline ? "\n" : "");
    return { text: bomFirst && lines.length % 7 === 0 ? `\uFEFF${text}` : text, faults: lines.map((x) => x.fault).filter(Boolean) };
  });
}

describe.each(MODELS)("%s: DuckDB's JSON reader or the pieces, the JS engine's bytes", (name) => {
  const model = JSON.parse(readFileSync(`samples/${name}/model.json`, "utf8")) as ModelInput;
  const compiled = compileToSource(model);
  if (!compiled.ok) throw new Error("does not check");
  const plan = planDuckDb(model, { strict: true, idField: "id", inputFormat: "jsonl", outputFormat: "jsonl", defaultLimits: true });
  if (!plan.ok) throw new Error(plan.reason);
  const inputs = plan.query.inputs.map((c) => [c.input, c.kind as ScreenKind] as [string, ScreenKind]);
  const states = statesFor(compiled.check.input, 100, name.length + 1);
  const readers = new Map<string, number>();
  let byJsOnReadJson = 0;

  it("both engines write the same bytes", { timeout: 600_000 }, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fileArb(states, inputs), fc.boolean(), async ({ text }, exactDecimals) => {
        const path = join(dir, `${name}-${n++}.jsonl`);
        writeFileSync(path, text);
        const bytes = readFileSync(path);
        const sink = new ByteSink(new Uint8Array(1 << 16));
        const js = pieceScorer(loadModel(compiled.loadable), { input: "jsonl", output: "jsonl", exactDecimals, idField: "id" });
        // the file's byte order mark is dropped by the reader the JS engine reads through
        const expected = js({ bytes: text.startsWith("\uFEFF") ? bytes.subarray(3) : bytes, first: 1 }, sink);
        const out = `${path}.out`;
        const got = await scoreJsonlFile({
          model,
          strict: true,
          loadable: compiled.loadable,
          query: plan.query,
          input: path,
          output: out,
          exactDecimals,
          idField: "id",
          lanes: 2,
        });
        readers.set(got.reader, (readers.get(got.reader) ?? 0) + 1);
        if (got.reader === "read_json") byJsOnReadJson += got.byJs;
        expect(readFileSync(out, "utf8")).toBe(new TextDecoder().decode(sink.view()));
        expect({ rows: got.rows, errors: got.errors }).toEqual(expected);
      }),
      { numRuns: 60 },
    );
    // the screen sent files both ways, and some rows read by read_json were the JS engine's (wrong types, odd ids)
    expect(readers.get("read_json") ?? 0).toBeGreaterThan(5);
    expect(readers.get("pieces") ?? 0).toBeGreaterThan(5);
    expect(byJsOnReadJson).toBeGreaterThan(0);
  });

  it("the screen declines each fault kind DuckDB's reader would read apart, and takes the others", async () => {
    // valid lines, but for those with an escape (an id) or a number JSON.parse reads as Infinity (an error record, whichever key holds it)
    const sample = fc.sample(validLine(states), { numRuns: 30, seed: 7 }).filter((l) => !l.includes("1e400") && !l.includes("\\"));
    expect(sample.length).toBeGreaterThan(10);
    const keys = [...inputs.map(([k, kind]) => ({ name: k, kind })), { name: "id", kind: "string" as const }];
    const verdict = async (lines: string[]) => {
      const path = join(dir, `${name}-screen.jsonl`);
      writeFileSync(path, lines.join("\n"));
      const screen = await screenJsonl(path, keys, keys.length - 1);
      return screen.clean ? "" : `line ${screen.line}: ${screen.reason}: ${lines[screen.line - 1]}`;
    };
    expect(await verdict(sample)).toBe("");
    const declined = [
      "not JSON",
      "trailing comma",
      "comment",
      "not an object",
      "repeated key",
      "repeated unread key",
      "escape",
      "control character",
      "blank",
      "carriage return inside",
      "byte order mark",
      "lone surrogate",
    ];
    for (const fault of declined) {
      // a mutation that leaves the line as it was is no fault: a kind declines when some line of it is declined
      const lines = sample.map((l, r) => FAULTS[fault]!(l, r + 1, inputs));
      expect(await verdict(lines), fault).not.toBe("");
    }
    // taken: CRLF, flat values of the wrong type (read as JSON texts), an explicit null id
    for (const fault of ["crlf", "wrong flat type", "null id"])
      expect(await verdict(sample.map((l, r) => FAULTS[fault]!(l, r, inputs))), fault).toBe("");
    if (inputs.some(([, k]) => k === "number"))
      expect(await verdict(sample.map((l, r) => FAULTS["odd number"]!(l, r, inputs)))).not.toBe("");
  });
});
