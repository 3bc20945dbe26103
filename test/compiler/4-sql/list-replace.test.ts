// `list replace` through SQL: random models of its two forms — a position (literal, truncated,
// negative, 0, past either end, an input that may be null) and a match function of (item, newItem)
// whose answer may be null — over lists of numbers, strings, booleans and dates (empty, null, with
// null items the model makes), the new item null or of another scale, each compared with evaluate()
// row by row in both dialects. The control — the position as written (no count from the end, no
// null for one past the ends) and a null answer taken as no match — disagrees on the same rows.
import fc from "fast-check";
import { describe, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectControlCaught, expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { useEngines } from "./engines.js";

const engines = useEngines("SQL list replace");

const INPUTS = {
  xs: { type: ["number [-2..2]"], desc: "Which numbers?" },
  names: { type: ["string"], desc: "Which names?" },
  flags: { type: ["boolean"], desc: "Which flags?" },
  days: { type: ["date"], desc: "Which days?" },
  k: { type: "number [-3..3]", desc: "k?", blank: true },
  s: { type: "string", desc: "s?", blank: true },
  day: { type: "date", desc: "day?", blank: true },
};

const POSITIONS = ["1", "-1", "2.7", "-2.5", "0", "7", "-7", "k", "null", '"1"'];
/** A list and new items of its kind. */
const LISTS: [string, string[]][] = [
  ["xs", ["k", "null", "5", "0.25", "-1"]],
  ["for x in xs return if x > k then null else x", ["k", "1.5"]],
  ["if k > 0 then xs else null", ["0"]],
  ["names", ["s", '"a"', "null"]],
  ["flags", ["true", "null"]],
  ["days", ["day", 'date("2024-02-29")']],
];
const MATCHES = [
  "function(item, newItem) item > newItem",
  "function(a, b) a = b",
  "function(item, newItem) item < 0",
  "function(a, b) a > k or a = 0",
];

const WRAPS: ((l: string) => string)[] = [(l) => l, (l) => `count(${l})`, (l) => `${l}[1]`, (l) => `${l}[-1]`, (l) => `sum(${l})`];

/** A call of either form; matches that order items only over lists of numbers. */
const call: fc.Arbitrary<string> = fc.integer({ min: 0, max: LISTS.length - 1 }).chain((i) => {
  const [list, items] = LISTS[i]!;
  const matches = i <= 2 ? MATCHES : ["function(a, b) a = b"];
  return fc.oneof(
    fc.tuple(fc.constantFrom(...POSITIONS), fc.constantFrom(...items)).map(([p, x]) => `list replace(${list}, ${p}, ${x})`),
    fc.tuple(fc.constantFrom(...matches), fc.constantFrom(...items)).map(([m, x]) => `list replace(${list}, ${m}, ${x})`),
  );
});

const replaceModel: fc.Arbitrary<ModelInput> = fc
  .array(fc.tuple(call, fc.constantFrom(...WRAPS)), { minLength: 1, maxLength: 3 })
  .map((calls) => ({
    content: { name: "replace", inputs: INPUTS, decisions: Object.fromEntries(calls.map(([c, w], i) => [`d${i}`, w(c)])) },
  }));

const EDGES = [
  { xs: [1, -1, 0, 2], names: ["a", "b", ""], flags: [true, false], days: ["2024-02-29", "2023-12-31"], k: 1, s: "a", day: "2024-02-29" },
  { xs: [], names: [], flags: [], days: [], k: null, s: null, day: null },
  { xs: [0.5, -0.5, 2], names: ["é"], flags: [false], days: ["2023-12-31"], k: -2, s: "b", day: null },
  { xs: [2, 2], names: ["a", "a"], flags: [true, true, true], days: [], k: null, s: "a", day: "2023-12-31" },
];

describe("list replace in SQL", () => {
  it("every random model compiles in each dialect and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(replaceModel, { numRuns: 30, seed: 20261202 });
    await expectEveryModelAgrees(models, () => EDGES, engines, { states: 60, floor: 30 * 30 });
  });

  it("the control (the position as written, a null answer no match) is caught on the same rows", { timeout: 600_000 }, async () => {
    await expectControlCaught(
      INPUTS,
      ["list replace(xs, -1, k)", "list replace(xs, 7, 0)", "list replace(xs, function(item, newItem) item > newItem, k)"],
      EDGES,
      engines,
    );
  });

  it("lists of contexts, mixed kinds and matches that are no boolean are refused at their address", () => {
    const inputs = { ...INPUTS, members: { type: [{ age: "number" }], desc: "Who?" } };
    expectRefusedAtDecision(inputs, "count(list replace(members, 1, null))", "list replace() in a list of contexts");
    expectRefusedAtDecision(inputs, "count(list replace(xs, 1, s))", "a value that may be a number or a string");
    expectRefusedAtDecision(inputs, "count(list replace(xs, function(a, b) a + b, k))", "not a boolean");
    expectRefusedAtDecision(inputs, "count(list replace(xs, function(a) true, k))", "not a function of (item, newItem)");
  });
});
