// A declared result is checked without a conversion record when it is a number, boolean, string
// or choice of its declared kind: on random values of every kind (singleton lists, which the
// conversion unwraps, among them) against every scalar type and lists of them, `declared` keeps
// exactly the value the conversion keeps, or refuses exactly what it refuses, with the same error.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Type } from "../../src/ir/types.js";
import { Decimal } from "../../src/runtime/decimal.js";
import { DeclaredResultError, declared } from "../../src/runtime/declared.js";
import { coerceArgument } from "../../src/runtime/types.js";
import { FeelDate, type FeelValue } from "../../src/runtime/values.js";

const CHOICES = ["retail", "trade", "staff"];

const scalar: fc.Arbitrary<FeelValue> = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => new Decimal(x)),
  fc.integer().map((x) => new Decimal(x)),
  fc.boolean(),
  fc.constantFrom(...CHOICES, "Retail", ""),
  fc.string(),
  fc.constant(new FeelDate(2024, 2, 29)),
  fc.constant(null),
);
const value: fc.Arbitrary<FeelValue> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: scalar.map((v) => [v]) },
  { weight: 1, arbitrary: scalar.map((v) => [[v]]) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
);
const scalarType: fc.Arbitrary<Type> = fc.constantFrom<Type>(
  { kind: "number" },
  { kind: "boolean" },
  { kind: "string" },
  { kind: "choice", values: CHOICES },
  { kind: "levels", values: CHOICES },
  { kind: "date" },
  { kind: "any" },
);
const type: fc.Arbitrary<Type> = fc.oneof(
  scalarType,
  scalarType.map((element): Type => ({ kind: "list", element })),
);

/** What the conversion alone makes of v: its value, or the error's message. */
function converted(v: FeelValue, t: Type): { value: FeelValue } | { error: string } {
  if (v === null || v === undefined) return { value: null };
  const c = coerceArgument(v, t);
  return c.ok ? { value: c.value } : { error: new DeclaredResultError("d", "the type", `it is ${String(v)}`).code };
}

describe("declared results", () => {
  it("keep what the conversion keeps, the same value, and refuse what it refuses", () => {
    fc.assert(
      fc.property(value, type, (v, t) => {
        const expected = converted(v, t);
        let got: { value: FeelValue } | { error: string };
        try {
          got = { value: declared(v, t, "d", "the type", []) };
        } catch (e) {
          expect(e).toBeInstanceOf(DeclaredResultError);
          expect((e as DeclaredResultError).address).toBe("decisions.d");
          got = { error: (e as DeclaredResultError).code };
        }
        if ("value" in expected && "value" in got && !Array.isArray(expected.value)) expect(got.value).toBe(expected.value);
        else expect(got).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
