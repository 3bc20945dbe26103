// The built-ins an outside model uses every day, through SQL: `all` and `any` of lists and of
// arguments (FEEL's three values: false or true decides, then a null or a non-boolean item makes
// null; all of [] true, any of [] false), `list contains` (a null item found by a null x; a null list
// null), `even` and `odd` (null for a non-integer). Random models of them over inputs that may be
// blank, empty lists and lists of other kinds, each compared with evaluate() row by row in both dialects.
import fc from "fast-check";
import { describe, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { useEngines } from "./engines.js";

const engines = useEngines("the outsider's built-ins in SQL");

const INPUTS = {
  flags: { type: ["boolean"], desc: "Which flags?", blank: true },
  xs: { type: ["number [-3..3]"], desc: "Which numbers?", blank: true },
  names: { type: ["string"], desc: "Which names?" },
  a: { type: "boolean", desc: "a?", blank: true },
  b: { type: "boolean", desc: "b?", blank: true },
  k: { type: "number [-4..4]", desc: "k?", blank: true },
  s: { type: "string", desc: "s?", blank: true },
};

/** Lists of booleans (null items the model makes), of other kinds, empty and null. */
const FLAGS = ["flags", "[a, b]", "[a, true]", "[false, b]", "concatenate(flags, [a])", "for x in xs return x > k", "[]", "null"];
const OTHERS = ["xs", "names", "[k]", "[null]", "[a, null]"];
const ARGS = ["a", "b", "true", "false", "null", "k > 0", "k"];
const NUMBERS = ["k", "k / 2", "k * 1.5", "-k", "k - 0.5", "count(xs)", "sum(xs)", "xs[1]"];
const MATCHES = ["k", "null", "1", "1.0", "s", "a", '"x"'];

const call: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom("all", "any"), fc.constantFrom(...FLAGS, ...OTHERS)).map(([f, l]) => `${f}(${l})`),
  fc
    .tuple(fc.constantFrom("all", "any"), fc.array(fc.constantFrom(...ARGS.slice(0, 6)), { minLength: 2, maxLength: 3 }))
    .map(([f, as]) => `${f}(${as.join(", ")})`),
  fc.tuple(fc.constantFrom("all", "any"), fc.constantFrom(...ARGS)).map(([f, x]) => `${f}(${x})`),
  fc.tuple(fc.constantFrom("even", "odd"), fc.constantFrom(...NUMBERS)).map(([f, x]) => `${f}(${x})`),
  fc
    .tuple(fc.constantFrom("xs", "[k, null]", "concatenate(xs, [1.5])", "[]", "null"), fc.constantFrom(...MATCHES.slice(0, 4)))
    .map(([l, x]) => `list contains(${l}, ${x})`),
  fc.tuple(fc.constantFrom("names", "[s]", "[]"), fc.constantFrom("s", "null", '"x"')).map(([l, x]) => `list contains(${l}, ${x})`),
  fc.tuple(fc.constantFrom("flags", "[a, b]"), fc.constantFrom("a", "null", "true")).map(([l, x]) => `list contains(${l}, ${x})`),
);

const model: fc.Arbitrary<ModelInput> = fc.array(call, { minLength: 1, maxLength: 3 }).map((calls) => ({
  content: { name: "outsider built-ins", inputs: INPUTS, decisions: Object.fromEntries(calls.map((c, i) => [`d${i}`, c])) },
}));

/** Rows that find the edges: nulls in each place, empty lists, ties of true and false. */
const EDGES = [
  { flags: [true, null, false], xs: [1, -2, 3], names: ["x", ""], a: null, b: true, k: 3, s: "x" },
  { flags: [], xs: [], names: [], a: true, b: true, k: null, s: null },
  { flags: null, xs: null, names: ["x"], a: false, b: null, k: 0, s: "" },
  { flags: [true, true], xs: [0, 1.5, -3], names: ["y"], a: true, b: false, k: -4, s: "y" },
  { flags: [null], xs: [2.5], names: [], a: null, b: null, k: 1, s: null },
];

describe("all, any, list contains, even and odd in SQL", () => {
  it("every random model compiles in each dialect and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(model, { numRuns: 40, seed: 20261203 });
    await expectEveryModelAgrees(models, () => EDGES, engines, { strict: true, states: 60, floor: 40 * 40 });
  });
});

// A duration times a whole number (`due = opened + duration("P1D") * days`): days, a part of a day
// (the date moved from its midnight, floored) and months, the number either side, negative or null.
const DATED = {
  opened: { type: "date", desc: "opened?" },
  k: { type: "number [-40..40]", desc: "k?", blank: true },
  n: { type: "number [0..400]", desc: "n?" },
};
const DURATIONS = ['duration("P1D")', 'duration("P3D")', 'duration("PT36H")', 'duration("P1M")', 'duration("P2Y")', 'duration("-P1D")'];
const timed = fc.tuple(
  fc.constantFrom(...DURATIONS),
  fc.constantFrom("floor(k)", "ceiling(n)", "-floor(k)", "floor(k) + round up(n, 0)", "count([k, n])"),
  fc.boolean(),
  fc.constantFrom("+", "-"),
);
const timesModel: fc.Arbitrary<ModelInput> = fc.array(timed, { minLength: 1, maxLength: 3 }).map((ts) => ({
  content: {
    name: "duration times number",
    inputs: DATED,
    decisions: Object.fromEntries(ts.map(([d, x, left, op], i) => [`d${i}`, `opened ${op} ${left ? `${d} * (${x})` : `(${x}) * ${d}`}`])),
  },
}));
const DATED_EDGES = [
  { opened: "2024-02-29", k: null, n: 0 },
  { opened: "2024-01-31", k: -40, n: 400 },
  { opened: "2024-03-31", k: -0.5, n: 0.5 },
  { opened: "2023-12-31", k: 1, n: 1 },
  { opened: "0001-01-01", k: 40, n: 13 },
  { opened: "9999-12-31", k: -1, n: 0 },
];

describe("a duration times a number in SQL", () => {
  it("every random model compiles in each dialect and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(timesModel, { numRuns: 30, seed: 20261204 });
    await expectEveryModelAgrees(models, () => DATED_EDGES, engines, { strict: true, states: 60, floor: 30 * 30 });
  });

  it("a number with places is refused at its address", () => {
    expectRefusedAtDecision(DATED, 'opened + duration("P1D") * k', "days * a number with places");
    expectRefusedAtDecision(DATED, 'opened + k * duration("P1M")', "months * a number with places");
  });
});
