// The byte path of JSONL scoring (rows read and records written as bytes) against the general
// path (JSON.parse, the validator, evaluate, JSON.stringify): for any piece, the same bytes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadSample } from "../../bench/load-samples.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { generalJsonlScorer, pieceScorer, type PieceScorer } from "../../src/batch/chunk-scorer.js";
import { JsonRowReader } from "../../src/batch/json-row-reader.js";
import type { RowModel } from "../../src/batch/row-model.js";
import { rowPlan } from "../../src/batch/row-plan.js";
import { compileModel, type ModelInput } from "../../src/compiler/index.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function compiled(model: ModelInput): RowModel {
  const result = compileModel(model);
  if (!result.ok) throw new Error(JSON.stringify(result.check.stages));
  return result.model;
}

function run(score: PieceScorer, text: string, first = 1) {
  const sink = new ByteSink(new Uint8Array(16)); // small, so growing is exercised too
  const out = score({ bytes: encoder.encode(text), first }, sink);
  return { ...out, text: decoder.decode(sink.view()) };
}

/**
 * A model's byte path and general path, and how many of some lines the byte reader takes (a
 * property of both paths' records is not met by the byte path declining the rows).
 */
function bothPaths(model: RowModel) {
  const reader = new JsonRowReader(rowPlan(model.inputSchema, "id")!, "id");
  const bytes = pieceScorer(model, { input: "jsonl", output: "jsonl" });
  const general = generalJsonlScorer(model, { input: "jsonl", output: "jsonl" });
  const taken = (lines: readonly string[]) => lines.filter((l) => reader.read(encoder.encode(l), 0) >= 0).length;
  let tried = 0;
  let took = 0;
  return {
    bytes,
    general,
    taken,
    /** Both paths write the same records for a piece of these lines (`text`, its first row `first`); the lines are tallied. */
    agree(lines: readonly string[], text = lines.join("\n"), first = 1): void {
      expect(run(bytes, text, first)).toEqual(run(general, text, first));
      took += taken(lines);
      tried += lines.length;
    },
    /** The share of the lines agreed on so far that the byte reader took. */
    takenShare: () => took / tried,
  };
}

/** A model with every kind of input the byte reader takes, blank ones included. */
const flat: ModelInput = {
  content: {
    name: "flat",
    inputs: {
      amount: { type: "number [0..1000000]", desc: "amount" },
      rate: { type: "number > 0", desc: "rate", blank: true },
      band: { type: "low<medium<high", desc: "band" },
      channel: { type: "web|branch|phone", desc: "channel", blank: true },
      note: { type: "string", desc: "free text" },
      vip: { type: "boolean", desc: "vip", blank: true },
      "odd \u00e9 name": { type: "number", desc: "non-ASCII name" },
      due: { type: "date", desc: "due" },
      opened: { type: "date and time", desc: "opened", blank: true },
    },
    decisions: {
      fee: "if vip = true then 0 else decimal(amount * (if rate = null then 0.015 else rate / 100), 2)",
      "tiny share": "amount / 3000000000",
      "big share": "amount * 1000000000 + 0.5",
      third: "amount / 3",
      label: 'if band = "high" then "review \\"now\\"" else note',
      "echo channel": "channel",
      "name twice": '"\u00e9" + string(odd \u00e9 name)',
      flags: '[vip, band = "low"]',
      "1": "amount > 10",
      "due again": "due",
      "opened on time": "if opened = null then null else date(opened) <= due",
      decision: [
        ["band", "amount", "=> string"],
        ["high", "> 500", "refer"],
        ["-", "-", "accept"],
      ],
    },
  },
  questions: {},
};

const lending = loadSample("lending");

/** JSON text of a value, with random spaces around it. */
const spaced = (text: string) =>
  fc.tuple(fc.constantFrom("", " ", "\t", "  "), fc.constantFrom("", " ", "\r")).map(([a, b]) => `${a}${text}${b}`);

/** Values for an input key: mostly plain and valid, sometimes tricky or wrong (the general path must then answer). */
function valueText(kind: "number" | "band" | "channel" | "string" | "boolean" | "date" | "dateTime"): fc.Arbitrary<string> {
  const day = fc
    .date({ min: new Date("1900-01-01"), max: new Date("2199-12-31"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const plain: Record<typeof kind, fc.Arbitrary<string>> = {
    number: fc.oneof(
      fc.integer({ min: 0, max: 1_000_000 }).map(String),
      fc.integer({ min: 1, max: 99_999_999 }).map((n) => (n / 100).toFixed(n % 3)),
    ),
    band: fc.constantFrom('"low"', '"medium"', '"high"'),
    channel: fc.constantFrom('"web"', '"branch"', '"phone"', "null"),
    string: fc.oneof(
      fc.string({ unit: "grapheme-ascii" }).map((s) => JSON.stringify(s)),
      fc.constantFrom('"café"'),
    ),
    boolean: fc.constantFrom("true", "false", "null"),
    date: day.map((d) => `"${d}"`),
    dateTime: fc
      .tuple(day, fc.constantFrom("T00:00:00", "T23:59:59.125", "T12:30:00Z", "T08:00:00+05:30", "T09:15:00@Europe/Paris"))
      .map(([d, t]) => `"${d}${t}"`),
  };
  const tricky: Record<typeof kind, fc.Arbitrary<string>> = {
    number: fc.oneof(
      fc.double({ min: -10, max: 2e6, noNaN: true }).map(String),
      fc.constantFrom(
        "-5",
        "0",
        "-0",
        "0.0",
        "1.50",
        "12.345000",
        "1e3",
        "2.5E-1",
        "123456789012345678",
        "0.000000000000000000000001",
        "999999.999999999999",
        "1000000.0000000001",
      ),
    ),
    band: fc.constantFrom('"HIGH"', '"lo\u0077"'),
    channel: fc.constantFrom('"fax"'),
    string: fc.oneof(
      fc.string().map((s) => JSON.stringify(s)),
      fc.constantFrom('"tab\there"', '"\ud83d\ude00"'),
    ),
    boolean: fc.constantFrom('"true"'),
    date: fc.constantFrom(
      '"2023-02-29"',
      '"2024-02-29"',
      '"2024-13-01"',
      '"12024-01-31"',
      '"2024-1-01"',
      '"2024-01-01T00:00:00"',
      '"\u0032024-01-01"',
    ),
    dateTime: fc.constantFrom(
      '"2024-01-01"',
      '"2024-01-01T24:00:00"',
      '"2024-01-01T10:00:00+15:00"',
      '"2024-02-30T10:00:00"',
      '"2024-01-01t10:00:00"',
    ),
  };
  const odd = fc.constantFrom("null", '"x"', "true", "[1]", '{"a":1}', "-", "1e999", "01", '"\u0041"', "");
  return fc.oneof({ weight: 20, arbitrary: plain[kind] }, { weight: 3, arbitrary: tricky[kind] }, { weight: 1, arbitrary: odd });
}

const FLAT_KEYS = {
  amount: "number",
  rate: "number",
  band: "band",
  channel: "channel",
  note: "string",
  vip: "boolean",
  "odd \u00e9 name": "number",
  due: "date",
  opened: "dateTime",
} as const;

/** One JSONL line for the flat model: keys in any order, some missing or repeated, extra fields and ids. */
const flatLine: fc.Arbitrary<string> = fc
  .tuple(
    fc.shuffledSubarray(Object.keys(FLAT_KEYS), { minLength: 8 }),
    fc.boolean(),
    fc.option(
      fc.oneof(
        fc.string({ unit: "grapheme-ascii" }).map((s) => JSON.stringify(s)),
        fc.string().map((s) => JSON.stringify(s)),
        fc.constantFrom("17", "-3", "1.5", "null", "true", '"r\\"1"', '["a"]', '{"x":[1,{"y":null}]}', "12345678901234567"),
      ),
    ),
    fc.array(
      fc.tuple(
        fc.constantFrom('"extra"', '"nested"', '"extra"', '"nested"', '"extra"', '"amount\\u0020"', '"note"'),
        fc.constantFrom("1", '"s"', "[1,2,{}]", '{"a":{"b":[true,false,null]}}', "-1.5e-3", '"\\n\\"x\\""'),
      ),
      { maxLength: 2 },
    ),
  )
  .chain(([keys, trailingComma, id, extras]) =>
    fc.tuple(...keys.map((k) => valueText(FLAT_KEYS[k as keyof typeof FLAT_KEYS]).chain(spaced))).map((values) => {
      const members = keys.map((k, i) => `${JSON.stringify(k)}:${values[i]}`);
      if (id !== null) members.splice(members.length >> 1, 0, `"id":${id}`);
      for (const [k, v] of extras) members.push(`${k}:${v}`);
      return `{${members.join(",")}${trailingComma && members.length % 7 === 0 ? "," : ""}}`;
    }),
  );

describe("byte path", () => {
  const model = compiled(flat);

  it("plans only models whose inputs and names it can read as bytes", () => {
    expect(rowPlan(model.inputSchema, "id")?.map((s) => [s.name, s.value.kind, s.blank])).toEqual([
      ["amount", "number", false],
      ["rate", "number", true],
      ["band", "enum", false],
      ["channel", "enum", true],
      ["note", "string", false],
      ["vip", "boolean", true],
      ["odd \u00e9 name", "number", false],
      ["due", "string", false],
      ["opened", "string", true],
    ]);
    expect(rowPlan(model.inputSchema, 'say "id"')).toBeNull();
    expect(rowPlan(compiled(loadSample("eligibility").model).inputSchema, "id")).not.toBeNull(); // structs and lists
  });

  it("reads inputs as JSON.parse does, and takes the plain rows", () => {
    const reader = new JsonRowReader(rowPlan(model.inputSchema, "id")!, "id");
    const row =
      '{"id": "a-1", "amount": 1200.50, "band":"high", "note":"caf\u00e9 \\"x\\"", "odd \u00e9 name": -0.25, "rate": 2e0, "skip": {"a": [1, "]"]}, "due": "2024-02-29"}\r';
    const bytes = encoder.encode(`${row}\n{"amount": 1}`);
    const next = reader.read(bytes, 0);
    expect(next).toBe(encoder.encode(row).length + 1);
    expect(reader.state()).toEqual({
      amount: 1200.5,
      rate: 2,
      band: "high",
      channel: undefined,
      note: 'caf\u00e9 "x"',
      vip: undefined,
      "odd \u00e9 name": -0.25,
      due: "2024-02-29",
      opened: undefined,
    });
    expect(decoder.decode(bytes.subarray(reader.idStart, reader.idEnd))).toBe('"a-1"');
    expect(reader.read(bytes, next)).toBe(-1); // required inputs missing: left to the general path
    for (const bad of [
      '{"amount": 1e3',
      '{"amount": 5, "amount": 6, "band": "low", "note": "", "odd \u00e9 name": 1}',
      "[1]",
      '{"amount": 01}',
      '{"amount": 2000000, "band": "low", "note": "", "odd \u00e9 name": 1, "due": "2024-01-01"}',
      '{"amount": 2, "band": "low", "note": "", "odd \u00e9 name": 1, "due": "2023-02-29"}',
    ])
      expect(reader.read(encoder.encode(bad), 0)).toBe(-1);
  });

  it("reads a free string's bytes as JSON.parse reads the decoded line, ill-formed UTF-8 included (generated)", () => {
    const reader = new JsonRowReader(rowPlan(model.inputSchema, "id")!, "id");
    const head = encoder.encode('{"amount": 1, "band": "low", "odd \u00e9 name": 2, "due": "2024-01-01", "note": "');
    const tail = encoder.encode('"}');
    // any bytes but the quote, the backslash and control characters: ASCII, well-formed and
    // ill-formed UTF-8 (truncated sequences, overlong forms, surrogates, stray continuations)
    const byte = fc.oneof(fc.integer({ min: 0x20, max: 0xff }), fc.constantFrom(0xc0, 0xe0, 0xed, 0xa0, 0xf0, 0xf4, 0x90, 0x80, 0xbf));
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 12 }), (text) => {
        const note = Uint8Array.from(text.filter((c) => c !== 0x22 && c !== 0x5c));
        const row = new Uint8Array([...head, ...note, ...tail]);
        expect(reader.read(row, 0)).toBe(row.length);
        expect(reader.state().note).toBe((JSON.parse(decoder.decode(row)) as { note: string }).note);
      }),
      { numRuns: 3000 },
    );
  });

  it("writes the same records as the general path for any piece (flat model)", () => {
    const paths = bothPaths(model);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            { weight: 6, arbitrary: flatLine },
            { weight: 1, arbitrary: fc.constantFrom("", " ", "{", "{}", "null", '{"amount":}') },
          ),
          { maxLength: 12 },
        ),
        fc.boolean(),
        fc.nat(1000),
        (lines, finalLf, first) => paths.agree(lines, lines.join("\n") + (finalLf ? "\n" : ""), first + 1),
      ),
      { numRuns: 400 },
    );
    // the byte path took a good share of the rows: the property is not met by declining them
    expect(paths.takenShare()).toBeGreaterThan(0.08);
  });

  it("writes the same records as the general path for the samples it plans, row for row", () => {
    for (const name of ["lending", "kyc-risk", "pricing", "claims-triage", "eligibility"]) {
      const sample = loadSample(name);
      const m = compiled(sample.model);
      expect(rowPlan(m.inputSchema, "id")).not.toBeNull();
      const lines = sample.cases.map((c, i) => JSON.stringify({ id: `${name}-${i}`, ...c.state }));
      const fast = run(pieceScorer(m, { input: "jsonl", output: "jsonl" }), lines.join("\n"));
      expect(fast).toEqual(run(generalJsonlScorer(m, { input: "jsonl", output: "jsonl" }), lines.join("\n")));
      expect(fast.errors).toBe(0);
      const records = fast.text
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(records.map((r) => r.decisions)).toEqual(sample.cases.map((c) => c.expected.decisions));
    }
  });

  it("keeps the id field's own name, and takes --id fields that are inputs", () => {
    const m = compiled(lending.model);
    const line = JSON.stringify({ ...lending.cases[0]!.state, ref: "A-1", id: "ignored" });
    for (const idField of ["ref", "employment", "missing"]) {
      const options = { input: "jsonl", output: "jsonl", idField } as const;
      expect(run(pieceScorer(m, options), line)).toEqual(run(generalJsonlScorer(m, options), line));
    }
  });
});

/** A model with lists and structures as inputs; its decisions show every field the model is given, in order. */
const nested: ModelInput = {
  content: {
    name: "nested",
    types: { person: { name: "string", age: "number [0..120]", band: "low|medium|high", disabled: "boolean" } },
    inputs: {
      applicant: { type: "person", desc: "applicant" },
      members: { type: ["person"], desc: "members" },
      flows: { type: ["number"], desc: "flows" },
      tags: { type: ["string"], desc: "tags", blank: true },
    },
    decisions: {
      "applicant as text": "string(applicant)",
      "members as text": "string(members)",
      total: "sum(flows)",
      ages: "for m in members return m.age",
      "tag count": "if tags = null then null else count(tags)",
      everyone: "concatenate([applicant], members)",
    },
  },
  questions: {},
};

/** Mostly `plain`, sometimes `odd`: the general path must answer the odd ones. */
const mostly = <T>(plain: fc.Arbitrary<T>, odd: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.oneof({ weight: 30, arbitrary: plain }, { weight: 1, arbitrary: odd });

/** JSON text of a person: fields in any order, sometimes one missing, repeated, extra or of the wrong type. */
const personText: fc.Arbitrary<string> = fc
  .tuple(
    mostly<number>(fc.constant(4), fc.constant(3)).chain((n) =>
      fc.shuffledSubarray(["name", "age", "band", "disabled"], { minLength: n, maxLength: n }),
    ),
    fc.record({
      name: mostly(
        fc.string({ unit: "grapheme-ascii", maxLength: 6 }).map((x) => JSON.stringify(x)),
        fc.constantFrom('"Zoë"', '"a\\"b"', "null", "7"),
      ),
      age: mostly(fc.integer({ min: 0, max: 120 }).map(String), fc.constantFrom("121", "-1", "30.5", '"30"', "null", "1e1")),
      band: mostly(fc.constantFrom('"low"', '"medium"', '"high"'), fc.constantFrom('"HIGH"', "null")),
      disabled: mostly(fc.constantFrom("true", "false"), fc.constantFrom("null", '"true"')),
    }),
    mostly(fc.constant(""), fc.constantFrom(', "extra": 1', ', "age": 40', ' , "name" : "dup"')),
  )
  .map(([keys, values, tail]) => `{ ${keys.map((k) => `"${k}":${values[k as keyof typeof values]}`).join(", ")}${tail} }`);

const listText = <T>(item: fc.Arbitrary<T>, show: (x: T) => string) =>
  mostly(
    fc.array(item, { maxLength: 3 }).map((xs) => `[${xs.map(show).join(" ,")}]`),
    fc.constantFrom("null", "[1,]", "[", '{"a":1}', "[[1]]"),
  );

const nestedLine: fc.Arbitrary<string> = fc
  .record({
    applicant: mostly(personText, fc.constantFrom("null", "[]", "{}", '"me"')),
    members: listText(personText, (x) => x),
    flows: listText(fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.double({ noNaN: true, noDefaultInfinity: true })), (x) =>
      JSON.stringify(x),
    ),
    tags: listText(fc.string({ maxLength: 5 }), (x) => JSON.stringify(x)),
  })
  .chain((fields) =>
    fc.shuffledSubarray(Object.keys(fields), { minLength: 3 }).map((keys) => {
      const members = keys.map((k) => `"${k}": ${fields[k as keyof typeof fields]}`);
      return `{"id": 1, ${members.join(", ")}}`;
    }),
  );

describe("byte path, lists and structures", () => {
  const model = compiled(nested);

  it("plans lists of numbers, strings and structures, and structures", () => {
    const plan = rowPlan(model.inputSchema, "id");
    expect(plan?.map((s) => [s.name, s.value.kind, s.blank])).toEqual([
      ["applicant", "object", false],
      ["members", "list", false],
      ["flows", "list", false],
      ["tags", "list", true],
    ]);
  });

  it("writes the same records as the general path for any piece", () => {
    const paths = bothPaths(model);
    fc.assert(
      fc.property(fc.array(nestedLine, { maxLength: 8 }), (lines) => paths.agree(lines)),
      { numRuns: 300 },
    );
    // the byte path took a good share of the rows: the property is not met by declining them
    expect(paths.takenShare()).toBeGreaterThan(0.2);
  });
});

describe("byte path, constant tables out", () => {
  // a decision that picks one of a few constant lists of contexts (the compiler hoists them: the
  // same objects on every row), and one that builds a list from the row
  const tables: ModelInput = {
    content: {
      name: "tables",
      inputs: {
        status: { type: "single|joint|other", desc: "status" },
        income: { type: "number [0..1000000]", desc: "income" },
      },
      decisions: {
        brackets:
          'if status = "single" then [{lower: 0, upper: 11600, rate: 0.1}, {lower: 11600, upper: null, rate: 0.12}] ' +
          'else if status = "joint" then [{lower: 0, upper: 23200, rate: 0.1}, {lower: 23200, upper: null, rate: 0.125}] ' +
          "else [{lower: 0, upper: null, rate: 0.15}]",
        shares: "for b in brackets return {rate: b.rate, part: decimal(income * b.rate, 2)}",
        labels: '{status: status, "0": 1}',
      },
    },
  };
  const model = compiled(tables);

  it("writes the same records as the general path, row after row", () => {
    const { bytes, general, taken } = bothPaths(model);
    const line = fc
      .tuple(fc.nat(999), fc.constantFrom("single", "joint", "other", "none"), fc.integer({ min: -5, max: 1_000_000 }))
      .map(([n, status, income]) => JSON.stringify({ id: `r${n}`, status, income }));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
        const text = lines.join("\n");
        expect(run(bytes, text)).toEqual(run(general, text));
      }),
      { numRuns: 200 },
    );
    const valid = Array.from({ length: 30 }, (_, i) => JSON.stringify({ status: ["single", "joint", "other"][i % 3], income: 1000 * i }));
    expect(taken(valid)).toBe(valid.length);
    expect(run(bytes, valid.join("\n"))).toEqual(run(general, valid.join("\n")));
  });
});

describe("byte path, wide rows", () => {
  // Sixty inputs, some named as the prototype's keys, a third of them blank: the state is made
  // from the values by slot, whatever the row's key order and whichever keys it leaves out.
  const odd = ["__proto__", "constructor", "toString", "hasOwnProperty", "net income"];
  const names = Array.from({ length: 60 }, (_, i) => odd[i] ?? `x${i}`);
  const blank = (i: number) => i % 3 === 0;
  const wide: ModelInput = {
    content: {
      name: "wide",
      inputs: Object.fromEntries(names.map((n, i) => [n, { type: "number [0..1000]", desc: n, ...(blank(i) ? { blank: true } : {}) }])),
      decisions: {
        total: `sum([${names.map((n) => `if ${n} = null then 0 else ${n}`).join(", ")}])`,
        weighted: `sum([${names.map((n, i) => `if ${n} = null then ${i} else ${n} * ${i + 1}`).join(", ")}])`,
        proto: "__proto__",
        missing: `count([${names.map((n) => `${n} = null`).join(", ")}][item])`,
      },
    },
  };
  const model = compiled(wide);

  it("writes the same records as the general path for rows of any key order and blanks", () => {
    const paths = bothPaths(model);
    // required inputs mostly in range (now and then not: the row is left to the general path),
    // blank ones given, null or left out
    const inRange = fc.integer({ min: 0, max: 1000 });
    const required = fc.oneof({ weight: 400, arbitrary: inRange }, fc.constantFrom(1000.5, -1, null));
    const optional = fc.option(fc.option(inRange, { nil: null }), { nil: undefined });
    const line = fc
      .tuple(
        fc.tuple(...names.map((_, i) => (blank(i) ? optional : required))),
        fc.shuffledSubarray(
          names.map((_, i) => i),
          { minLength: 60 },
        ),
      )
      .map(([values, order]) => {
        const members = order
          .filter((i) => values[i] !== undefined)
          .map((i) => `${JSON.stringify(names[i])}: ${JSON.stringify(values[i])}`);
        return `{"id": 7, ${members.join(", ")}}`;
      });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => paths.agree(lines)),
      { numRuns: 150 },
    );
    // the byte path took most rows: the property is not met by declining them
    expect(paths.takenShare()).toBeGreaterThan(0.5);
  });
});
