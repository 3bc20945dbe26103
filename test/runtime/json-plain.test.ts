// fromJsonPlain and itemConverterPlain (runtime/json.ts), which generated code calls for inputs
// with no temporal part so that a bundle of the model reaches no temporal parser: on any JSON and
// any such type they give what fromJson and itemConverter give, problems included.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Type } from "../../src/ir/types.js";
import { collectProblems, fromJson, fromJsonPlain, itemConverter, itemConverterPlain } from "../../src/runtime/index.js";
import { show, type V } from "./helpers.js";

const fieldName = fc.constantFrom("a", "b", "amount", "name", "constructor");

/** Types with no temporal part, nested a few levels. */
const plainType: fc.Arbitrary<Type> = fc.letrec<{ type: Type }>((tie) => ({
  type: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<Type>(
      { kind: "number" },
      { kind: "string" },
      { kind: "boolean" },
      { kind: "any" },
      { kind: "choice", values: ["x", "y"] },
    ),
    fc.record({ kind: fc.constant("list" as const), element: tie("type") }),
    fc.record({ kind: fc.constant("range" as const), element: tie("type") }),
    fc.record({
      kind: fc.constant("struct" as const),
      fields: fc.uniqueArray(fc.tuple(fieldName, tie("type")), { selector: ([n]) => n, maxLength: 3 }),
    }),
  ),
})).type;

/** JSON with numbers, numeric strings and the field names above, so typed reads take their paths. */
const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.oneof(
      fc.integer({ min: -2000, max: 2000 }),
      fc.double({ noNaN: true }),
      fc.constantFrom("1.5", " 12 ", "x", "", "2024-01-31"),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fieldName, tie("value"), { maxKeys: 3 }),
    fc.record({ start: tie("value"), end: tie("value"), startIncluded: fc.boolean() }),
  ),
})).value;

/** The value as text and the problems reading it raised. */
const read = (f: () => unknown) => {
  const { result, problems } = collectProblems(() => f());
  return { value: show(result as V), problems };
};

describe("fromJsonPlain", () => {
  it("reads any JSON of a type without temporal part as fromJson does", () => {
    fc.assert(
      fc.property(plainType, json, (t, j) => {
        expect(read(() => fromJsonPlain(j, t))).toEqual(read(() => fromJson(j, t)));
      }),
      { numRuns: 2000 },
    );
  });

  it("converts the items of a list as itemConverter does", () => {
    fc.assert(
      fc.property(plainType, json, (element, j) => {
        const list = { kind: "list" as const, element };
        expect(read(() => itemConverterPlain(list)(j))).toEqual(read(() => itemConverter(list)(j)));
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses a temporal string it is never given, where fromJson reads it (the check can fail)", () => {
    const date: Type = { kind: "date" };
    expect(read(() => fromJsonPlain("2024-01-31", date))).not.toEqual(read(() => fromJson("2024-01-31", date)));
  });
});
