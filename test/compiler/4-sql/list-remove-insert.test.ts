// `remove`, `insert before` and `sublist` through SQL: random models over lists of numbers, strings, booleans
// and dates (empty, null, with null items the model makes, duplicates) at positions literal,
// truncated, negative, 0, past either end (one past the end too: `insert before` cannot append),
// an input that may be null, or no number, the new item null or of another scale, a sublist's
// length under one, past the end, truncated, null or no number (lists of contexts too), each compared
// with evaluate() row by row in both dialects. The control — the position as written (no count from
// the end, no null past the ends), a length cut at the end — disagrees on the same rows.
import fc from "fast-check";
import { describe, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectControlCaught, expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { useEngines } from "./engines.js";

const engines = useEngines("SQL remove, insert before and sublist");

const INPUTS = {
  xs: { type: ["number [-2..2]"], desc: "Which numbers?" },
  names: { type: ["string"], desc: "Which names?" },
  flags: { type: ["boolean"], desc: "Which flags?" },
  days: { type: ["date"], desc: "Which days?" },
  k: { type: "number [-5..5]", desc: "k?", blank: true },
  s: { type: "string", desc: "s?", blank: true },
  day: { type: "date", desc: "day?", blank: true },
  members: { type: [{ age: "number [0..120]", name: "string" }], desc: "Who?" },
};

const POSITIONS = ["1", "-1", "2.7", "-2.5", "0", "3", "-3", "7", "-7", "k", "count(xs) + 1", "null", '"1"'];
/** A list and new items of its kind. */
const LISTS: [string, string[]][] = [
  ["xs", ["k", "null", "5", "0.25", "1.0"]],
  ["for x in xs return if x > k then null else x", ["k", "1.5"]],
  ["if k > 0 then xs else null", ["0"]],
  ["[]", ["k", "null"]],
  ["names", ["s", '"a"', "null"]],
  ["flags", ["true", "null"]],
  ["days", ["day", 'date("2024-02-29")']],
];

const LENGTHS = ["1", "2", "2.9", "0", "-1", "k", "count(xs)", "null", '"2"'];

const WRAPS: ((l: string) => string)[] = [(l) => l, (l) => `count(${l})`, (l) => `${l}[1]`, (l) => `${l}[-1]`];

const call: fc.Arbitrary<string> = fc.integer({ min: 0, max: LISTS.length - 1 }).chain((i) => {
  const [list, items] = LISTS[i]!;
  return fc.oneof(
    fc.constantFrom(...POSITIONS).map((p) => `remove(${list}, ${p})`),
    fc.tuple(fc.constantFrom(...POSITIONS), fc.constantFrom(...items)).map(([p, x]) => `insert before(${list}, ${p}, ${x})`),
    fc.constantFrom(...POSITIONS).map((p) => `sublist(${list}, ${p})`),
    fc.tuple(fc.constantFrom(...POSITIONS), fc.constantFrom(...LENGTHS)).map(([p, n]) => `sublist(${list}, ${p}, ${n})`),
    fc.tuple(fc.constantFrom(...POSITIONS), fc.constantFrom(...LENGTHS)).map(([p, n]) => `sublist(members, ${p}, ${n}).age`),
  );
});

const editModel: fc.Arbitrary<ModelInput> = fc
  .array(fc.tuple(call, fc.constantFrom(...WRAPS)), { minLength: 1, maxLength: 3 })
  .map((calls) => ({
    content: { name: "edit", inputs: INPUTS, decisions: Object.fromEntries(calls.map(([c, w], i) => [`d${i}`, w(c)])) },
  }));

const EDGES = [
  {
    xs: [1, -1, 0, 2],
    names: ["a", "b", ""],
    flags: [true, false],
    days: ["2024-02-29", "2023-12-31"],
    k: 1,
    s: "a",
    day: "2024-02-29",
    members: [
      { age: 3, name: "a" },
      { age: 4, name: "b" },
      { age: 5, name: "c" },
    ],
  },
  { xs: [], names: [], flags: [], days: [], k: null, s: null, day: null, members: [] },
  { xs: [0.5, -0.5, 2], names: ["é"], flags: [false], days: ["2023-12-31"], k: -2, s: "b", day: null },
  { xs: [2, 2], names: ["a", "a"], flags: [true, true, true], days: [], k: -1, s: "a", day: "2023-12-31" },
  { xs: [1, 1, 1], names: ["a"], flags: [], days: ["2023-12-31"], k: 4, s: null, day: "2023-12-31" },
];

describe("remove, insert before and sublist in SQL", () => {
  it("every random model compiles in each dialect and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(editModel, { numRuns: 30, seed: 20261202 });
    await expectEveryModelAgrees(models, () => EDGES, engines, { states: 60, floor: 30 * 30 });
  });

  it("the control (the position as written, a length cut at the end) is caught on the same rows", { timeout: 600_000 }, async () => {
    await expectControlCaught(
      INPUTS,
      ["remove(xs, -1)", "insert before(names, k, s)", "remove(xs, 7)", "sublist(xs, 2, k)"],
      EDGES,
      engines,
    );
  });

  it("lists of contexts and lists, and items of another kind, are refused at their address", () => {
    const inputs = { ...INPUTS, members: { type: [{ age: "number" }], desc: "Who?" } };
    expectRefusedAtDecision(inputs, "count(remove(members, 1))", "remove() in a list of contexts");
    expectRefusedAtDecision(inputs, "count(insert before([xs], 1, xs))", "insert before() in a list of lists");
    expectRefusedAtDecision(inputs, "count(insert before(xs, 1, s))", "lists of different kinds");
  });
});
