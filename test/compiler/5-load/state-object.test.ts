import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stateObject } from "../../../src/compiler/5-load/state-object.js";

// Names that could break a literal made from text: quotes, backslashes, line and paragraph
// separators, code, prototype names, numeric-looking keys, lone surrogates.
const hostile = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  '"',
  "'",
  "\\",
  "`${v}`",
  "}; throw 1; {",
  "\u2028",
  "\u2029",
  "\ud800",
  "",
  "0",
  "1e3",
  "-1",
  "v",
);
const name = fc.oneof(hostile, fc.string(), fc.string({ unit: "binary" }));

describe("state objects made from slot values", () => {
  it("equal JSON.parse's object of the same names and values, own keys only and the prototype untouched (generated)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(name, { maxLength: 12 }), fc.array(fc.jsonValue(), { maxLength: 12 }), (names, given) => {
        const values = names.map((_, i) => given[i] ?? null);
        const made = stateObject(names)(values);
        const parsed = JSON.parse(`{${names.map((n, i) => `${JSON.stringify(n)}: ${JSON.stringify(values[i])}`).join(",")}}`) as object;
        // (not toStrictEqual: it reads `constructor`, which may be one of the generated keys)
        expect(Object.keys(made)).toEqual(Object.keys(parsed));
        expect(JSON.stringify(made)).toBe(JSON.stringify(parsed));
        expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
        for (const [i, n] of names.entries()) {
          expect(Object.prototype.hasOwnProperty.call(made, n)).toBe(true);
          expect(made[n]).toBe(values[i]);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("makes a new object for every call, absent values kept as undefined own keys", () => {
    const make = stateObject(["a", "__proto__"]);
    const first = make([1, undefined]);
    const second = make([2, { x: 1 }]);
    expect(first).not.toBe(second);
    expect(Object.keys(first)).toEqual(["a", "__proto__"]);
    expect(first.a).toBe(1);
    expect(Object.getOwnPropertyDescriptor(second, "__proto__")?.value).toEqual({ x: 1 });
    expect(Object.getPrototypeOf(second)).toBe(Object.prototype);
  });
});
