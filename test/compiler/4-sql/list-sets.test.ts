// `distinct values`, `union` and `index of` through SQL: random models of them over lists of
// numbers (a small domain: duplicates, 1 beside 1.0), strings, booleans and dates, with null items
// the model makes, empty and null lists, and matches that are null or of another kind, each
// compared with evaluate() row by row in both dialects. The control — the dialect's own distinct
// (nulls dropped or one, order lost) and `=` for FEEL's equality — disagrees on the same rows.
import fc from "fast-check";
import { describe, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectControlCaught, expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { useEngines } from "./engines.js";

const engines = useEngines("SQL list sets");

const INPUTS = {
  xs: { type: ["number [-2..2]"], desc: "Which numbers?" },
  ys: { type: ["number [0..3]"], desc: "Which others?" },
  names: { type: ["string"], desc: "Which names?" },
  flags: { type: ["boolean"], desc: "Which flags?" },
  days: { type: ["date"], desc: "Which days?" },
  k: { type: "number [-2..2]", desc: "k?", blank: true },
  s: { type: "string", desc: "s?", blank: true },
  day: { type: "date", desc: "day?", blank: true },
};

/** Lists of each kind, some with null items the model makes. */
const NUMBERS = [
  "xs",
  "ys",
  "[]",
  "null",
  "for x in xs return if x > k then null else x",
  "concatenate(xs, [k, null, 1.0])",
  "xs[item != 0]",
];
const OTHERS = [
  "names",
  "flags",
  "days",
  "for n in names return if n = s then null else n",
  "concatenate(flags, [null, true])",
  "concatenate(days, [day])",
];
/** Matches: inputs that may be null, literals, null, another kind. */
const MATCHES = ["k", "1", "0.0", "null", "s", '"a"', "day", "true", '"1"'];

/** A list made of the built-ins, read as scalars: every item, its count, its sum, its ends. */
const WRAPS: ((l: string) => string)[] = [(l) => l, (l) => `count(${l})`, (l) => `${l}[1]`, (l) => `${l}[-1]`, (l) => `sum(${l})`];

const numberList = fc.constantFrom(...NUMBERS);
const anyList = fc.constantFrom(...NUMBERS, ...OTHERS);
const listOfKind = fc.oneof(
  fc.tuple(numberList, numberList),
  fc.constantFrom(...OTHERS).map((l) => [l, l.startsWith("for") ? "names" : l.includes("flags") ? "flags" : l] as [string, string]),
);

const call: fc.Arbitrary<string> = fc.oneof(
  anyList.map((l) => `distinct values(${l})`),
  listOfKind.map(([a, b]) => `union(${a}, ${b})`),
  numberList.map((l) => `union(${l})`),
  fc.tuple(numberList, numberList, numberList).map(([a, b, c]) => `union(${a}, ${b}, ${c})`),
  fc.tuple(anyList, fc.constantFrom(...MATCHES)).map(([l, m]) => `index of(${l}, ${m})`),
);

const setModel: fc.Arbitrary<ModelInput> = fc
  .array(fc.tuple(call, fc.constantFrom(...WRAPS)), { minLength: 1, maxLength: 3 })
  .map((calls) => ({
    content: {
      name: "sets",
      inputs: INPUTS,
      decisions: Object.fromEntries(calls.map(([c, w], i) => [`d${i}`, w(c)])),
    },
  }));

/** Rows that find the edges: duplicates of every kind, null inputs, empty lists. */
const EDGES = [
  {
    xs: [1, 1, -1, 0, 1, 2],
    ys: [1, 0, 1, 3],
    names: ["a", "b", "a", "", ""],
    flags: [true, true, false],
    days: ["2024-02-29", "2024-02-29"],
    k: 1,
    s: "a",
    day: "2024-02-29",
  },
  { xs: [], ys: [], names: [], flags: [], days: [], k: null, s: null, day: null },
  { xs: [0.5, 0.5, -0.5], ys: [3, 3], names: ["é", "e", "é"], flags: [false], days: ["2023-12-31"], k: 0, s: "b", day: null },
  { xs: [2, 2, 2], ys: [0], names: ["a"], flags: [true, false, true], days: [], k: null, s: "a", day: "2023-12-31" },
];

describe("distinct values, union and index of in SQL", () => {
  it("every random model compiles in each dialect and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(setModel, { numRuns: 30, seed: 20261202 });
    await expectEveryModelAgrees(models, () => EDGES, engines, { states: 60, floor: 30 * 30 });
  });

  it("the control (the dialect's own distinct, `=` for FEEL's) is caught on the same rows", { timeout: 600_000 }, async () => {
    const controls = [
      "distinct values(concatenate(xs, [k, null, 1.0]))",
      "union(names, for n in names return if n = s then null else n)",
      "index of(concatenate(xs, [null]), k)",
      "index of(concatenate(days, [day, null]), day)",
    ];
    await expectControlCaught(INPUTS, controls, EDGES, engines);
  });

  it("lists of lists or contexts, mixed kinds and arguments that are no list are refused at their address", () => {
    const inputs = { ...INPUTS, members: { type: [{ age: "number" }], desc: "Who?" } };
    expectRefusedAtDecision(inputs, "count(distinct values(members))", "distinct values() of a list of contexts");
    expectRefusedAtDecision(inputs, "count(union([xs], [ys]))", "union() of a list of lists");
    expectRefusedAtDecision(inputs, "count(union(xs, names))", "a concatenation of lists of different kinds");
    expectRefusedAtDecision(inputs, "count(index of(members, k))", "index of() of a list of contexts");
    expectRefusedAtDecision(inputs, "count(distinct values(k))", "distinct values() of a number (not a list)");
  });
});
