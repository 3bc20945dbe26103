// The records of a receipt (`given`, `read`, `decisions`, the state's `inputs`) are keyed by names
// from models and states, so nothing may be inherited ("constructor" absent, "__proto__" a key
// like any other), and they are written as JSON and as canonical JSON on every call, so they keep
// fast properties: an object made with no prototype is a dictionary to V8, written more slowly.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import canonicalize from "canonicalize";
import { describe, expect, it } from "vitest";
import { canonicalJson, canonicalJsonOfText } from "../../src/compiler/canonical-json.js";
import { decisionRecords, givenInputs, provenance, readRecords } from "../../src/service/receipt.js";

setFlagsFromString("--allow-natives-syntax");
const hasFastProperties = runInNewContext("(o) => %HasFastProperties(o)") as (o: object) => boolean;

const names = fc.uniqueArray(
  fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom("__proto__", "constructor", "toString", "0", "é", "\u{1F600}")),
  { minLength: 1, maxLength: 8 },
);
const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string({ unit: "binary" }));

/** a state as JSON.parse makes it: "__proto__" an own key */
const stateOf = (keys: string[], values: unknown[]): Record<string, unknown> =>
  JSON.parse(`{${keys.map((k, i) => `${JSON.stringify(k)}:${JSON.stringify(values[i] ?? null)}`).join(",")}}`) as Record<string, unknown>;

/** the same record made with no prototype, as the receipt's records were */
const bare = (r: Record<string, unknown>): Record<string, unknown> => {
  const out = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(r)) Object.defineProperty(out, k, { value: r[k], enumerable: true, writable: true, configurable: true });
  return out;
};

describe("a receipt's records", () => {
  it("hold every name as an own key, inherit nothing, and write as records without a prototype do", () => {
    fc.assert(
      fc.property(names, fc.array(value, { minLength: 8, maxLength: 8 }), (keys, values) => {
        const state = stateOf(keys, values);
        const given = givenInputs(state, keys);
        const decisions = decisionRecords(state, {});
        const origins = provenance(state, keys, given).inputs;
        const read = readRecords(Object.fromEntries(keys.map((k) => [k, { value: state[k], confidence: 1 }])));
        for (const record of [given, decisions, origins, read] as Record<string, unknown>[]) {
          // (integer names first, as in any object)
          expect(Object.keys(record).sort()).toEqual([...keys].sort());
          for (const k of Object.keys(record)) expect(Object.getOwnPropertyDescriptor(record, k)?.enumerable).toBe(true);
          if (!keys.includes("constructor")) expect(record.constructor).toBeUndefined();
          if (!keys.includes("toString")) expect(record.toString).toBeUndefined();
          const text = JSON.stringify(bare(record));
          expect(JSON.stringify(record)).toBe(text);
          expect(canonicalJson(record)).toBe(canonicalize(bare(record)));
          expect(canonicalJsonOfText(record)).toBe(canonicalize(JSON.parse(text)));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("keep fast properties", () => {
    const state = { "credit score": 780, "annual income": 120000, employment: "salaried" };
    const keys = Object.keys(state);
    const given = givenInputs(state, keys);
    const records = [
      given,
      decisionRecords(state, {}),
      provenance(state, keys, given).inputs,
      readRecords({ a: { value: 1, confidence: 1 } }),
    ];
    expect(records.map(hasFastProperties)).toEqual([true, true, true, true]);
  });
});
