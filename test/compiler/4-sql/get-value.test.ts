// `get value(m, key)` through SQL with a computed key: random models over contexts whose entries
// are known (literals with null entries, numbers of different scales, lists; a list's item, null
// when the list is empty; a decision's context), the key a string input, a choice of names (some
// named but for case), null, or no string, each compared with evaluate() row by row in both dialects.
// The control — an entry named in any case, as DuckDB's struct_extract names one — disagrees on the
// same rows.
import fc from "fast-check";
import { describe, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectControlCaught, expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { useEngines } from "./engines.js";

const engines = useEngines("SQL get value");

const INPUTS = {
  members: { type: [{ age: "number [0..120]", weight: "number" }], desc: "Who?" },
  k: { type: "number [-3..3]", desc: "k?", blank: true },
  s: { type: "string", desc: "s?", blank: true },
};

const CONTEXTS = [
  "{a: k, b: null, total: k * 2, Weight: 2.5}",
  '{name: s, Nick: "x", age: null}',
  "{a: [k, 1], B: [], c: null}",
  "members[1]",
  "members[-1]",
  "c",
  "null",
];
const KEYS = [
  "s",
  'if k > 1 then "a" else if k > 0 then "A" else if k > -1 then "total" else "b"',
  'if k > 0 then "age" else "name"',
  'if k > 0 then "Weight" else "weight"',
  '"a"',
  '"age"',
  'if k > 2 then null else "a"',
  "k",
];
const WRAPS: ((v: string) => string)[] = [(v) => v, (v) => `${v} = null`];

const getModel: fc.Arbitrary<ModelInput> = fc
  .array(fc.tuple(fc.constantFrom(...CONTEXTS), fc.constantFrom(...KEYS), fc.constantFrom(...WRAPS)), { minLength: 1, maxLength: 3 })
  .map((calls) => ({
    content: {
      name: "get",
      inputs: INPUTS,
      decisions: {
        c: "{a: k, B: 0.5, name: 1}",
        // a literal key: the entry it names, of whatever kind the others are
        e: 'get value({a: k, age: s}, "age")',
        ...Object.fromEntries(calls.map(([m, key, w], i) => [`d${i}`, w(`get value(${m}, ${key})`)])),
      },
    },
  }));

const EDGES = [
  { members: [{ age: 30, weight: 70.5 }], k: 2, s: "a" },
  { members: [], k: null, s: null },
  {
    members: [
      { age: 1, weight: null },
      { age: 2, weight: 3 },
    ],
    k: 1,
    s: "A",
  },
  { members: [{ age: 0, weight: 0 }], k: 0, s: "total" },
  { members: [{ age: 120, weight: -1 }], k: -2, s: "Name" },
  { members: [{ age: 5, weight: 1 }], k: -3, s: "name" },
  { members: [{ age: 7, weight: 2 }], k: 3, s: "TOTAL" },
  { members: [{ age: 8, weight: 2.25 }], k: 3, s: "AGE" },
  { members: [{ age: 9, weight: 4 }], k: 1, s: "Weight" },
  { members: [{ age: 10, weight: 5 }], k: 2, s: "Age" },
];

describe("get value in SQL", () => {
  it("every random model compiles in each dialect and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(getModel, { numRuns: 30, seed: 20261202 });
    await expectEveryModelAgrees(models, () => EDGES, engines, { states: 60, floor: 30 * 30 });
  });

  it("the control (an entry named in any case) is caught on the same rows", { timeout: 600_000 }, async () => {
    await expectControlCaught(INPUTS, ["get value({a: k, total: 2.5}, s)", "get value(members[1], s)"], EDGES, engines);
  });

  it("entries of different kinds and contexts of contexts are refused at their address", () => {
    expectRefusedAtDecision(INPUTS, "get value({a: k, b: s}, s)", "a value that may be a number or a string");
    expectRefusedAtDecision(INPUTS, 'get value({a: k, b: s}, if k > 0 then "a" else "b")', "a value that may be a number or a string");
    expectRefusedAtDecision(INPUTS, "get value({a: {b: 1}}, s)", "get value() of a context holding contexts");
  });
});
