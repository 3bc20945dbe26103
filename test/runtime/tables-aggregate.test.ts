// A COLLECT table's aggregators (runtime/tables.ts) call the catalogue's built-ins, each looked up
// in the group it is declared in: sum, min and max among the aggregates, count among the list
// built-ins. On any outputs each gives what the built-in gives for the list of them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builtin } from "../../src/runtime/builtins/index.js";
import { call, num } from "../../src/runtime/index.js";
import { hit } from "../../src/runtime/tables.js";
import { show, type V } from "./helpers.js";

const AGGREGATIONS = [
  ["SUM", "sum"],
  ["MIN", "min"],
  ["MAX", "max"],
  ["COUNT", "count"],
] as const;

describe("COLLECT aggregators", () => {
  it("give the built-in's answer for the matched rules' outputs", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000, max: 10_000 }), { minLength: 1, maxLength: 8 }), (ints) => {
        const values = ints.map((i) => num(String(i)));
        const rules = values.map((_, i) => i + 1);
        for (const [aggregation, name] of AGGREGATIONS) {
          const r = hit("COLLECT", aggregation, rules, values, [null], null);
          expect(show(r.value as V), aggregation).toBe(show(call(builtin(name), [values]) as V));
        }
        expect(show(hit("COLLECT", "COUNT", rules, values, [null], null).value as V)).toBe(String(values.length));
      }),
      { numRuns: 200 },
    );
  });
});
