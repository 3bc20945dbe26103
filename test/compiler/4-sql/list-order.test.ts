// `sort` and `mode` through SQL: random models of `sort(l)`, `sort(l, precedes)` of `a < b` or
// `a > b` (either way round) and `mode(l)` over lists of numbers, strings, dates and booleans
// (empty, null, with null items the model makes, duplicates, 1 and 1.0 alike), each compared with
// evaluate() row by row in both dialects. The control — the dialect's own sort, nulls last, and
// no null for items that cannot be ordered — disagrees on the same rows.
import fc from "fast-check";
import { describe, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectControlCaught, expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { useEngines } from "./engines.js";

const engines = useEngines("SQL list order");

const INPUTS = {
  xs: { type: ["number [-2..2]"], desc: "Which numbers?" },
  names: { type: ["string"], desc: "Which names?" },
  flags: { type: ["boolean"], desc: "Which flags?" },
  days: { type: ["date"], desc: "Which days?" },
  k: { type: "number [-3..3]", desc: "k?", blank: true },
  s: { type: "string", desc: "s?", blank: true },
};

/** Lists of each kind: inputs, with null items, with 1 and 1.0, duplicates, null. */
const LISTS = [
  "xs",
  "for x in xs return if x > k then null else x",
  "concatenate(xs, [1, 1.0, k])",
  "for x in xs return x + 0.0",
  "if k > 0 then xs else null",
  "names",
  'concatenate(names, [s, "b", "a"])',
  "flags",
  "concatenate(flags, [true])",
  "days",
  'for d in days return if d > date("2024-01-01") then null else d',
  "[]",
  "[null, null]",
];
const PRECEDES = ["function(a, b) a < b", "function(a, b) a > b", "function(x, y) y < x", "function(x, y) y > x"];

const call: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...LISTS), fc.constantFrom(...PRECEDES))
  .chain(([l, p]) => fc.constantFrom(`sort(${l})`, `sort(${l}, ${p})`, `mode(${l})`));

const WRAPS: ((l: string) => string)[] = [(l) => l, (l) => `count(${l})`, (l) => `${l}[1]`, (l) => `${l}[-1]`];

const orderModel: fc.Arbitrary<ModelInput> = fc
  .array(fc.tuple(call, fc.constantFrom(...WRAPS)), { minLength: 1, maxLength: 3 })
  .map((calls) => ({
    content: { name: "order", inputs: INPUTS, decisions: Object.fromEntries(calls.map(([c, w], i) => [`d${i}`, w(c)])) },
  }));

const EDGES = [
  { xs: [1, -1, 0, 2, -1], names: ["b", "a", "", "é", "a"], flags: [true, false], days: ["2024-02-29", "2023-12-31"], k: 1, s: "a" },
  { xs: [], names: [], flags: [], days: [], k: null, s: null },
  { xs: [0.5, -0.5, 2, 0.5, 2], names: ["é"], flags: [false], days: ["2023-12-31"], k: -2, s: "b" },
  { xs: [2, 2, 1], names: ["a", "a", "Z", "z"], flags: [true, true, true], days: ["2025-01-01", "2023-01-01"], k: 3, s: "a" },
  { xs: [1], names: ["😀", "\uffff"], flags: [true, false, false], days: ["2023-01-01", "2023-01-01"], k: 0, s: "😀" },
];

describe("sort and mode in SQL", () => {
  it("every random model compiles in each dialect and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(orderModel, { numRuns: 30, seed: 20261202 });
    await expectEveryModelAgrees(models, () => EDGES, engines, { states: 60, floor: 30 * 30 });
  });

  it("the control (the dialect's sort, nulls last, booleans sorted) is caught on the same rows", { timeout: 600_000 }, async () => {
    await expectControlCaught(
      INPUTS,
      [
        "sort(for x in xs return if x > k then null else x)",
        "mode(concatenate(flags, [true]))",
        "sort(concatenate(names, [s]), function(a, b) a > b)",
      ],
      EDGES,
      engines,
    );
  });

  it("lists of contexts and lists, and other precedes functions, are refused at their address", () => {
    const inputs = { ...INPUTS, members: { type: [{ age: "number" }], desc: "Who?" } };
    expectRefusedAtDecision(inputs, "count(sort(members))", "sort() of a list of contexts");
    expectRefusedAtDecision(inputs, "count(mode([xs, xs]))", "mode() of a list of lists");
    expectRefusedAtDecision(inputs, "count(sort(xs, function(a, b) a <= b))", "precedes function");
    expectRefusedAtDecision(inputs, "count(sort(xs, function(a, b) a < k))", "precedes function");
    expectRefusedAtDecision(inputs, "count(sort(xs, function(a, b) abs(a) < abs(b)))", "precedes function");
  });
});
