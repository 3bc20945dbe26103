// sum(l.f) and mean(l.f) of a number field read from the raw JSON items (runtime/raw-items.ts
// rawAggregate, and keptSum for the fields a filter kept) add the JSON doubles as scaled integers and make
// one decimal: each must give the decimal the built-in gives over the items' decimals — the same
// value at the same scale (so the same text), the same null and problem, the same steps — on lists
// whose partial sums pass 2^53 at their scale, whose scales reach 22 and past, of long fractions,
// huge and tiny magnitudes, -0, and fields that are no finite number.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withBudget, spentSoFar } from "../../src/runtime/budget.js";
import { aggregateBuiltins, builtinOf } from "../../src/runtime/generated-api.js";
import {
  field,
  itemConverter,
  keptSum,
  positional,
  projected,
  rawAggregate,
  rawArray,
  rawDouble,
  rawField,
  rawProject,
  unread,
} from "../../src/runtime/index.js";
import { collectProblems } from "../../src/runtime/problems.js";
import { Decimal } from "../../src/runtime/decimal.js";
import type { FeelValue } from "../../src/runtime/values.js";
import type { Type } from "../../src/ir/types.js";
import { fromJson } from "../../src/runtime/json.js";

const TWO_53 = 2 ** 53;
/** A JSON number for a field: scaled decimals at the edges of the safe integers and of the scales, and doubles of every kind. */
const json = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -99999, max: 99999 }).map((c) => c / 100) },
  { weight: 2, arbitrary: fc.integer({ min: TWO_53 - 40, max: TWO_53 - 1 }).map((m) => (m % 3 === 0 ? -m : m)) },
  { weight: 2, arbitrary: fc.integer({ min: -40, max: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }), fc.integer({ min: 0, max: 24 }))
      .map(([c, k]) => Number(`${c}e-${k}`)),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 9 }).map((d) => (TWO_53 - 1) / 10 ** d) },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(-0, 0.1 + 0.2, 5e-324, Number.MAX_VALUE, 1e21, 1e-7, 999999999999999.9, 0.0000000000000000000001),
  },
);
const fieldJson = fc.oneof(
  { weight: 12, arbitrary: json },
  { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity, "1", null, undefined, true) },
);
const items = fc.array(
  fieldJson.map((a) => (a === undefined ? {} : { a })),
  { minLength: 1, maxLength: 8 },
);

const TYPE: Extract<Type, { kind: "list" }> = { kind: "list", element: { kind: "struct", fields: [["a", { kind: "number" }]] } };
const item = itemConverter(TYPE);
const convert = (raw: unknown) => fromJson(raw, TYPE);
const direct = { sum: positional(builtinOf(aggregateBuiltins, "sum"), 1), mean: positional(builtinOf(aggregateBuiltins, "mean"), 1) };

/** A value as text with its scale and kind (so 1.50 and 1.5 differ), the problems heard and the steps spent. */
function observed(f: () => FeelValue) {
  return collectProblems(() =>
    withBudget({ steps: 1e6 }, () => {
      const v = f();
      const shown = v instanceof Decimal ? `${v.toString()} ${String((v as unknown as { k: number }).k)}` : JSON.stringify(v);
      return { shown, steps: spentSoFar().steps };
    }),
  );
}

describe("sums of raw number fields", () => {
  for (const how of ["sum", "mean"] as const) {
    const aggregate = direct[how];
    it(`${how}: rawAggregate gives what the built-in gives over the projection: value, scale, problems, steps`, () => {
      fc.assert(
        fc.property(items, (raw) => {
          const fast = observed(() => rawAggregate(rawArray(raw), undefined, () => convert(raw), item, 0, "a", how, aggregate));
          const projected = observed(() => aggregate(rawProject(rawArray(raw), undefined, () => convert(raw), item, 0, "a", "number")));
          const converted = observed(() => aggregate(field(convert(raw), 0, "a")));
          expect(fast).toEqual(projected);
          expect(fast.result.shown).toBe(converted.result.shown);
        }),
        { numRuns: 3000 },
      );
    });

    it(`${how}: keptSum gives what the built-in gives over the kept fields' decimals`, () => {
      fc.assert(
        fc.property(items, (raw) => {
          const kept = (read: (o: Record<string, unknown>) => unknown) => raw.map((o) => read(o) ?? unread(item(o)));
          const doubles = kept((o) => rawDouble(o, "a")) as (number | ReturnType<typeof unread>)[];
          const fast = observed(() => keptSum(doubles, 0, "a", how === "mean", aggregate));
          const decimals = kept((o) => rawField(o, "a", "number")) as Parameters<typeof projected>[0];
          expect(fast).toEqual(observed(() => aggregate(projected(decimals, 0, "a"))));
        }),
        { numRuns: 3000 },
      );
    });
  }
});
