// DuckDB's own JSON reader for JSONL files (jsonl-screen.ts, jsonl-file.ts, jsonl-engine.ts),
// property-tested: random files of valid rows (keys in any order, JSON's whitespace, ids of every
// type, extra keys, non-ASCII strings) with every fault kind mixed in at a low rate — a line that is
// not JSON, not an object, a repeated key, a value of the wrong type, a blank line, CRLF, a last
// line without line feed, numbers JSON.parse and DuckDB might read apart (long, far exponents,
// -0), escapes, a byte order mark, an explicit null id, lines mutated at random — scored by
// `scoreJsonlFile` (the screen sends a file to `read_json` or to the piece engine) and by the JS
// engine's own scorer: the same bytes, whichever reader read it. Both readers must be taken.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
import { BLOCK, screenJsonl, type ScreenKind } from "../../src/batch/duckdb/jsonl-screen.js";
import { jsonlRows } from "../../src/batch/duckdb/jsonl-file.js";
import { DuckDBInstance } from "@duckdb/node-api";
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

/** Fault kinds the screen declines on every line they are applied to (whatever the line). */
const ALWAYS_DECLINED = [
  "not JSON",
  "trailing comma",
  "comment",
  "not an object",
  "repeated unread key",
  "escape",
  "control character",
  "blank",
  "byte order mark",
  "lone surrogate",
];

/** A valid line the screen takes (no escaped id, no number JSON.parse reads as Infinity). */
const takenLine = (states: Record<string, unknown>[]) => validLine(states).filter((l) => !l.includes("1e400") && !l.includes("\\"));

/**
 * A file of lines the screen takes with `declined` lines of the kinds it always declines put among
 * them: at most a quarter of the lines (`split`: read_json reads the rest) or most of them (the pieces).
 */
function declinedArb(
  states: Record<string, unknown>[],
  inputs: [string, ScreenKind][],
  split: boolean,
): fc.Arbitrary<{ text: string; declined: number; split: boolean }> {
  const faulty = fc
    .tuple(takenLine(states), fc.constantFrom(...ALWAYS_DECLINED), fc.nat(1 << 20))
    .map(([l, fault, r]) => FAULTS[fault]!(l, r, inputs));
  return fc
    .tuple(
      fc.array(takenLine(states), { minLength: 3, maxLength: 60 }),
      fc.array(faulty, { minLength: 1, maxLength: 60 }),
      fc.nat(),
      fc.boolean(),
    )
    .map(([good, bad, seed, finalNewline]) => {
      // a split file: at most a third as many declined lines as taken ones; else more than the taken ones
      const declined = split
        ? bad.slice(0, Math.max(1, Math.floor(good.length / 3)))
        : Array.from({ length: good.length + 1 }, (_, k) => bad[k % bad.length]!);
      const lines = [...good];
      declined.forEach((l, k) => lines.splice((seed * (k + 3)) % (lines.length + 1), 0, l));
      // a last blank line is a line only when a line feed ends it
      const end = finalNewline || lines[lines.length - 1] === "" ? "\n" : "";
      return { text: lines.join("\n") + end, declined: declined.length, split };
    });
}

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

  /** The file scored by DuckDB's JSONL engine: its records and counts are the JS engine's. */
  const scoredAlike = async (path: string, options: { exactDecimals: boolean; guessBytes?: number; lanes?: number }) => {
    const bytes = readFileSync(path);
    const sink = new ByteSink(new Uint8Array(1 << 16));
    const js = pieceScorer(loadModel(compiled.loadable), {
      input: "jsonl",
      output: "jsonl",
      exactDecimals: options.exactDecimals,
      idField: "id",
    });
    // the file's byte order mark is dropped by the reader the JS engine reads through
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    const expected = js({ bytes: bom ? bytes.subarray(3) : bytes, first: 1 }, sink);
    const got = await scoreJsonlFile({
      model,
      strict: true,
      loadable: compiled.loadable,
      query: plan.query,
      input: path,
      output: `${path}.out`,
      idField: "id",
      ...options,
    });
    expect(readFileSync(`${path}.out`, "utf8")).toBe(new TextDecoder().decode(sink.view()));
    expect({ rows: got.rows, errors: got.errors }).toEqual(expected);
    return got;
  };

  it("both engines write the same bytes", { timeout: 600_000 }, async () => {
    let n = 0;
    // random files; files with a few declined lines (split); files with many (the pieces)
    const files = fc.oneof(
      { weight: 2, arbitrary: fileArb(states, inputs).map(({ text }) => ({ text, declined: undefined, split: undefined })) },
      { weight: 1, arbitrary: declinedArb(states, inputs, true) },
      { weight: 1, arbitrary: declinedArb(states, inputs, false) },
    );
    await fc.assert(
      // DuckDB started on the file's first lines (a few bytes to most of the file) while the screen reads the rest, or on the whole screen's verdict
      fc.asyncProperty(
        files,
        fc.boolean(),
        fc.option(fc.integer({ min: 1, max: 3000 })),
        async ({ text, declined, split }, exactDecimals, guess) => {
          const path = join(dir, `${name}-${n++}.jsonl`);
          writeFileSync(path, text);
          const got = await scoredAlike(path, { exactDecimals, guessBytes: guess ?? undefined, lanes: 2 });
          readers.set(got.reader, (readers.get(got.reader) ?? 0) + 1);
          if (got.guessed) readers.set("guessed", (readers.get("guessed") ?? 0) + 1);
          else if (guess !== null && got.reader !== "pieces" && Buffer.byteLength(text) > guess)
            readers.set("guess dropped", (readers.get("guess dropped") ?? 0) + 1);
          if (got.reader !== "pieces") byJsOnReadJson += got.byJs;
          // the declined lines, and those only, went to the JS engine beside read_json; or the whole file to the pieces
          if (split !== undefined)
            expect({ reader: got.reader, exactLines: got.exactLines }).toEqual(
              split ? { reader: "split", exactLines: declined } : { reader: "pieces", exactLines: 0 },
            );
        },
      ),
      { numRuns: 60 },
    );
    // the screen sent files every way, and some rows read by read_json were the JS engine's (wrong types, odd ids, declined lines)
    expect(readers.get("read_json") ?? 0).toBeGreaterThan(5);
    expect(readers.get("split") ?? 0).toBeGreaterThan(5);
    expect(readers.get("pieces") ?? 0).toBeGreaterThan(5);
    // records scored from the first lines were dropped for the whole screen's (kept: the test below)
    expect(readers.get("guess dropped") ?? 0).toBeGreaterThan(3);
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

  it("records DuckDB scored from the file's first lines are kept when the whole file is what they showed, else the whole screen's are written", async () => {
    const keys = [...inputs.map(([k, kind]) => ({ name: k, kind })), { name: "id", kind: "string" as const }];
    const line = (i: number, j: number) => JSON.stringify({ id: `R-${j}`, ...states[i] });
    let n = 0;
    let kept = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(states.length - 1), { minLength: 2, maxLength: 30 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
        fc.option(fc.tuple(fc.constantFrom(...Object.keys(FAULTS)), fc.nat(1 << 20), fc.nat()), { freq: 2, nil: undefined }),
        async (first, later, fault) => {
          // the later lines repeat the first ones' values (so their types and digits), one perhaps with a fault
          const head = first.map((i, j) => line(i, j));
          const tail = later.map((r, j) => line(first[r % first.length]!, head.length + j));
          if (fault) {
            const [kind, r, at] = fault;
            tail[at % tail.length] = FAULTS[kind]!(tail[at % tail.length]!, r, inputs);
          }
          const text = `${[...head, ...tail].join("\n")}\n`;
          const path = join(dir, `${name}-guess-${n++}.jsonl`);
          writeFileSync(path, text);
          const prefix = join(dir, `${name}-guess-head.jsonl`);
          writeFileSync(prefix, `${head.join("\n")}\n`);
          const headScreen = await screenJsonl(prefix, keys, keys.length - 1);
          const got = await scoredAlike(path, { exactDecimals: false, guessBytes: Buffer.byteLength(head.join("\n")) + 1 });
          const headTaken = headScreen.clean && headScreen.declined === 0;
          // the same lines again: kept; a line the screen declines later on: dropped
          if (!fault && headTaken) expect(got.guessed).toBe(true);
          if (
            fault &&
            ALWAYS_DECLINED.includes(fault[0]) &&
            tail.join("\n") !== later.map((r, j) => line(first[r % first.length]!, head.length + j)).join("\n")
          )
            expect(got.guessed).toBeUndefined();
          if (got.guessed) kept++;
        },
      ),
      { numRuns: 40, seed: name.length },
    );
    expect(kept).toBeGreaterThan(5);
  });

  it("rows SQL leaves past the first lines are read back from the file, whose line starts the screen had not yet found", async () => {
    // the states over and over: the first round is what the whole file shows; rows SQL leaves in every block of lines
    for (const [lines, end] of [
      [BLOCK * 3 + 17, "\n"],
      [BLOCK * 2, ""],
      [BLOCK * 2, "\n"],
    ] as const) {
      const text = Array.from({ length: lines }, (_, j) => JSON.stringify({ id: `R-${j}`, ...states[j % states.length] })).join("\n") + end;
      const path = join(dir, `${name}-blocks.jsonl`);
      writeFileSync(path, text);
      const got = await scoredAlike(path, { exactDecimals: false, guessBytes: text.split("\n", states.length).join("\n").length + 1 });
      expect(got.guessed).toBe(true);
      expect(got.byJs).toBeGreaterThan((got.rows / BLOCK) * 2);
    }
  });

  it("the screen's verdict on a line, and what it finds there, do not hang on the lines before it (the shape of the last line taken)", async () => {
    const keys = [...inputs.map(([k, kind]) => ({ name: k, kind })), { name: "id", kind: "string" as const }];
    let n = 0;
    const screened = async (lines: string[]) => {
      const path = join(dir, `${name}-shape-${n}.jsonl`);
      const copy = join(dir, `${name}-shape-${n++}.copy`);
      writeFileSync(path, lines.join("\n"));
      const screen = await screenJsonl(path, keys, keys.length - 1, copy);
      const marked = screen.clean && screen.declined > 0 ? readFileSync(copy, "utf8").split("\n") : [];
      rmSync(copy, { force: true });
      return { screen, declined: lines.map((_, i) => marked[i]?.startsWith(`{"${screen.clean ? screen.marker : ""}":`) === true) };
    };
    // lines of one key order (most keep it), values from random states, some changed where the
    // shape is compared: a key's byte changed, dropped or doubled, keys swapped, a key repeated or
    // dropped, space around a key, a value of another type
    const PUT = ["a", '"', "\\", " ", "\u00e9", "\u0001", "", "xx", "d", "I"];
    const change = (pairs: [string, string][], kind: number, r: number): [string, string][] => {
      const at = r % pairs.length;
      const [k, v] = pairs[at]!;
      const out = [...pairs];
      if (kind === 0) {
        const c = 1 + (r % Math.max(1, k.length - 2));
        out[at] = [k.slice(0, c) + PUT[r % PUT.length]! + k.slice(c + (r % 3 === 0 ? 0 : 1)), v];
      } else if (kind === 1) out.push([pairs[(r >> 3) % pairs.length]![0], WRONG_FLAT[r % WRONG_FLAT.length]!]);
      else if (kind === 2 && pairs.length > 1) [out[at], out[(at + 1) % pairs.length]] = [out[(at + 1) % pairs.length]!, out[at]!];
      else if (kind === 3) out.splice(at, 1);
      else if (kind === 4) out[at] = [` ${k}`, v];
      else out[at] = [k, WRONG_FLAT[r % WRONG_FLAT.length]!];
      return out;
    };
    const file = fc.tuple(
      fc.array(fc.tuple(fc.nat(states.length - 1), fc.option(fc.tuple(fc.nat(5), fc.nat(1 << 20)), { freq: 4, nil: undefined })), {
        minLength: 2,
        maxLength: 40,
      }),
      fc.nat(),
    );
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(file, async ([rows, seed]) => {
        const order = (k: string) => [...k].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193), seed | 0);
        const lines = rows.map(([i, changed], j) => {
          const state = { id: `R-${j}`, ...states[i]! };
          let pairs = Object.entries(state)
            .sort(([a], [b]) => order(a) - order(b))
            .map(([k, v]) => [JSON.stringify(k), JSON.stringify(v)] as [string, string]);
          if (changed && pairs.length > 0) pairs = change(pairs, changed[0], changed[1]);
          return `{${pairs.map(([k, v]) => `${k}:${v}`).join(",")}}`;
        });
        const whole = await screened(lines);
        const alone = await Promise.all(lines.map((l) => screened([l])));
        // each line alone: taken when its one-line file is clean with nothing declined
        const taken = alone.map(({ screen }) => screen.clean && screen.declined === 0);
        if (whole.screen.clean) expect(whole.declined.map((d) => !d)).toEqual(taken);
        else expect(taken.filter((t) => !t).length * 4).toBeGreaterThan(lines.length);
        // with every line taken, what the screen found is what each line alone shows it
        if (whole.screen.clean && whole.screen.declined === 0) {
          compared++;
          const each = alone.map(({ screen }) => screen as Extract<typeof screen, { clean: true }>);
          expect(whole.screen.typed).toEqual(keys.map((_, k) => each.every((s) => s.typed[k])));
          expect(whole.screen.idNull).toBe(each.some((s) => s.idNull));
          const digits: Record<string, { int: number; scale: number }> = {};
          for (const s of each)
            for (const [k, d] of Object.entries(s.digits))
              digits[k] = { int: Math.max(d.int, digits[k]?.int ?? 0), scale: Math.max(d.scale, digits[k]?.scale ?? 0) };
          expect(whole.screen.digits).toEqual(digits);
        }
      }),
      { numRuns: 150, seed: name.length },
    );
    expect(compared).toBeGreaterThan(10);
  });
});

describe("a file split between read_json and the JS engine", () => {
  const model = JSON.parse(readFileSync("samples/lending/model.json", "utf8")) as ModelInput;
  const compiled = compileToSource(model);
  if (!compiled.ok) throw new Error("does not check");
  const plan = planDuckDb(model, { strict: true, idField: "id", inputFormat: "jsonl", outputFormat: "jsonl", defaultLimits: true });
  if (!plan.ok) throw new Error(plan.reason);
  const states = statesFor(compiled.check.input, 100, 3);
  const taken = fc.sample(takenLine(states), { numRuns: 300, seed: 11 });
  const score = (input: string, output: string) =>
    scoreJsonlFile({
      model,
      strict: true,
      loadable: compiled.loadable,
      query: plan.query,
      input,
      output,
      exactDecimals: false,
      idField: "id",
      lanes: 2,
    });
  const copies = () => readdirSync(dir).filter((f) => f.endsWith(".lines.jsonl"));

  it(
    "lines longer than the screen's buffer and bytes that are not UTF-8 go to the JS engine, the rest to read_json",
    { timeout: 60_000 },
    async () => {
      const enc = new TextEncoder();
      const declined = [
        // a byte order mark on the first line, a line over a megabyte, one over the screen's 4 MiB buffer, a byte that is not UTF-8
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), enc.encode(taken[0]!)]),
        enc.encode(`{"note":"${"a".repeat(1_500_000)}","id":"long"}`),
        enc.encode(`{"id":"longer","note":"${"\u00e9".repeat(2_600_000)}"}`),
        Buffer.concat([enc.encode('{"id":"R-1","employment":"'), Buffer.from([0xff, 0xfe]), enc.encode('"}')]),
      ];
      const lines: Uint8Array[] = taken.slice(1).map((l) => enc.encode(l));
      lines.splice(0, 0, declined[0]!);
      lines.splice(40, 0, declined[1]!);
      lines.splice(41, 0, declined[2]!);
      lines.splice(200, 0, declined[3]!);
      const bytes = Buffer.concat(lines.flatMap((l) => [l, Buffer.from("\n")]));
      const path = join(dir, "split.jsonl");
      writeFileSync(path, bytes);
      const sink = new ByteSink(new Uint8Array(1 << 16));
      const js = pieceScorer(loadModel(compiled.loadable), { input: "jsonl", output: "jsonl", exactDecimals: false, idField: "id" });
      const expected = js({ bytes: bytes.subarray(3), first: 1 }, sink);
      const got = await score(path, `${path}.out`);
      expect({ reader: got.reader, exactLines: got.exactLines }).toEqual({ reader: "split", exactLines: 4 });
      expect(readFileSync(`${path}.out`, "utf8")).toBe(new TextDecoder().decode(sink.view()));
      expect({ rows: got.rows, errors: got.errors }).toEqual(expected);
      expect(copies()).toEqual([]);
    },
  );

  it("a file whose name DuckDB would take for a pattern (*, ? or [) is read by the pieces, with the same bytes", async () => {
    const text = taken.slice(0, 50).join("\n") + "\n";
    const sink = new ByteSink(new Uint8Array(1 << 16));
    const js = pieceScorer(loadModel(compiled.loadable), { input: "jsonl", output: "jsonl", exactDecimals: false, idField: "id" });
    const expected = js({ bytes: new TextEncoder().encode(text), first: 1 }, sink);
    for (const name of ["applicants[1].jsonl", "applicants*.jsonl", "applicants?.jsonl"]) {
      const path = join(dir, name);
      writeFileSync(path, text);
      const got = await score(path, join(dir, `out-${name.replace(/[^a-z]/g, "")}.jsonl`));
      expect({ name, reader: got.reader, declined: got.declined }).toEqual({
        name,
        reader: "pieces",
        declined: "a file name with *, ? or [",
      });
      expect(readFileSync(join(dir, `out-${name.replace(/[^a-z]/g, "")}.jsonl`), "utf8")).toBe(new TextDecoder().decode(sink.view()));
      expect({ rows: got.rows, errors: got.errors }).toEqual(expected);
    }
  });

  it("a declined line's row is never SQL's, even an empty object's (a row with no id and no inputs)", async () => {
    // no explicit null id (which would leave every row without an id to the JS engine)
    const some = taken.filter((l) => !/"id"\s*:\s*null/.test(l));
    const lines = [...some.slice(0, 10), "{},", "{}", " {} ", ...some.slice(10, 20), '{"note":"\\t"}'];
    const path = join(dir, "markers.jsonl");
    writeFileSync(path, lines.join("\n"));
    const keys = [
      ...plan.query.inputs.map((c) => ({ name: c.input, kind: c.kind as ScreenKind })),
      { name: "id", kind: "string" as const },
    ];
    const copy = join(dir, "markers.copy.jsonl");
    const screen = await screenJsonl(path, keys, keys.length - 1, copy);
    if (!screen.clean) throw new Error(screen.reason);
    expect({ read: screen.read, declined: screen.declined }).toEqual({ read: copy, declined: 2 });
    const rows = jsonlRows(screen, plan.query.inputs, "id");
    const instance = await DuckDBInstance.create(":memory:");
    const connection = await instance.connect();
    try {
      const plain = (await connection.runAndReadAll(`SELECT "$line", "$plain" FROM ${rows.sql} ORDER BY "$line"`)).getRows();
      // the valid lines are SQL's to score but for the empty objects (their inputs missing); the declined ones never
      const declined = new Set([11, 24]);
      expect(plain.filter(([, p]) => p === true).every(([line]) => !declined.has(Number(line)))).toBe(true);
      expect(plain.filter(([line]) => declined.has(Number(line))).map(([, p]) => p)).toEqual([false, false]);
      // the empty objects the screen takes: SQL may score them (their id is missing), as it may any taken line
      expect(plain.filter(([line]) => line === 12n || line === 13n).map(([, p]) => p)).toEqual([true, true]);
    } finally {
      connection.closeSync();
      instance.closeSync();
      rmSync(copy, { force: true });
    }
  });

  it("the copy read_json reads is removed when scoring fails", async () => {
    const path = join(dir, "split-fails.jsonl");
    writeFileSync(path, [...taken.slice(0, 20), "not json", ...taken.slice(20, 40)].join("\n"));
    // the output is a directory: the records cannot be renamed onto it
    const output = join(dir, "a-directory");
    mkdirSync(output);
    await expect(score(path, output)).rejects.toThrow();
    expect(copies()).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});
