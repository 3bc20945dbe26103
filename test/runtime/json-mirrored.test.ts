// A struct read from a JSON object whose fields are all plain values in the declared order keeps that
// object (FeelContext.json), and writing the context out copies it instead of converting each value
// back (runtime/json.ts). Over random struct types and JSON objects (fields in order or not, missing
// or extra, -0, fractions, huge and tiny doubles, nested structs and lists), what both writers give
// must be what converting entry by entry gives, with the same charges, and always a fresh object.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Type } from "../../src/ir/types.js";
import { spentSoFar, withBudget } from "../../src/runtime/budget.js";
import { fromJson, toJson, toJsonAs } from "../../src/runtime/json.js";
import { FeelContext, type FeelValue } from "../../src/runtime/values.js";
import { structJson } from "../support/struct-json.js";

const PLAIN: Type[] = [
  { kind: "number" },
  { kind: "string" },
  { kind: "boolean" },
  { kind: "choice", values: ["card", "loan"] },
  { kind: "levels", values: ["low", "high"] },
];
const fieldType: fc.Arbitrary<Type> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PLAIN) },
  { weight: 1, arbitrary: fc.constant<Type>({ kind: "list", element: { kind: "number" } }) },
  { weight: 1, arbitrary: fc.constant<Type>({ kind: "struct", fields: [["x", { kind: "number" }]] }) },
);
const structType: fc.Arbitrary<Extract<Type, { kind: "struct" }>> = fc
  .uniqueArray(fc.constantFrom("kind", "balance", "limit", "months open", "2", "a b"), { minLength: 1, maxLength: 5 })
  .chain((names) => fc.tuple(...names.map((name) => fieldType.map((t): [string, Type] => [name, t]))))
  .map((fields) => ({ kind: "struct", fields }));

const NUMBERS = fc.oneof(
  fc.integer({ min: -5, max: 2000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 0.1, 1e300, -1e-300, 5e-324, 2 ** 53 + 2, 1234.56),
);
function jsonOf(t: Type): fc.Arbitrary<unknown> {
  const other = fc.constantFrom(null, "x", true, 7.5, -0, [1], { x: 1 });
  const plain = (a: fc.Arbitrary<unknown>) => fc.oneof({ weight: 9, arbitrary: a }, { weight: 1, arbitrary: other });
  switch (t.kind) {
    case "number":
      return plain(NUMBERS);
    case "boolean":
      return plain(fc.boolean());
    case "choice":
    case "levels":
      return plain(fc.constantFrom(...t.values));
    case "list":
      return fc.array(jsonOf(t.element), { maxLength: 3 });
    case "struct":
      return structJson(t, jsonOf, NUMBERS, 5);
    default:
      return plain(fc.string({ maxLength: 4 }));
  }
}

/** The same value with every context rebuilt from its entries, so that it keeps no JSON object: the entry-by-entry writer's input. */
function unmirrored(v: FeelValue): FeelValue {
  if (Array.isArray(v)) return v.map(unmirrored);
  if (!(v instanceof FeelContext)) return v;
  const entries = new Map<string, FeelValue>();
  v.forEachEntry((k, x) => entries.set(k, unmirrored(x)));
  return new FeelContext(entries);
}

/** The JS typeof of a plain field's JSON value, by its kind (runtime/json.ts reads those as they are). */
const PLAIN_TYPEOF: Record<string, string> = { number: "number", string: "string", boolean: "boolean", choice: "string", levels: "string" };

/** Whether `json` is an object whose keys are `t`'s fields in order, each a plain value that is written back as it is. */
const mirrors = (json: Record<string, unknown>, t: Extract<Type, { kind: "struct" }>): boolean =>
  Object.keys(json).every((k, i) => {
    const ft = t.fields[i];
    return ft !== undefined && ft[0] === k && typeof json[k] === PLAIN_TYPEOF[ft[1].kind] && !Object.is(json[k], -0);
  });

const written = (f: () => unknown) => withBudget({}, () => ({ answer: f(), spent: spentSoFar() }));

describe("a struct read from JSON and written out again", () => {
  it("keeps its JSON object exactly when every field is plain, in order, and written back as it is", () => {
    fc.assert(
      fc.property(
        structType.chain((t) => fc.tuple(fc.constant(t), jsonOf(t))),
        ([t, json]) => {
          const v = fromJson(json, t) as FeelContext;
          expect(v.json).toBe(mirrors(json as Record<string, unknown>, t) ? json : null);
        },
      ),
      { numRuns: 800 },
    );
  });

  it("writes what converting entry by entry writes, charged alike, as a fresh object", () => {
    fc.assert(
      fc.property(
        structType.chain((t) => fc.tuple(fc.constant(t), fc.array(jsonOf(t), { maxLength: 4 }))),
        ([t, items]) => {
          const list: Type = { kind: "list", element: t };
          const v = fromJson(items, list);
          const reference = written(() => toJson(unmirrored(v)));
          for (const out of [written(() => toJsonAs(v, list)), written(() => toJson(v))]) {
            expect(out).toEqual(reference);
            (out.answer as Record<string, unknown>[]).forEach((o, i) => {
              expect(o).not.toBe(items[i]);
              o.kind = "changed";
            });
          }
          // the copies were changed, not the state nor the context
          expect(written(() => toJson(v))).toEqual(reference);
          expect(withBudget({}, () => toJson(v, { exactDecimals: true }))).toEqual(
            withBudget({}, () => toJson(unmirrored(v), { exactDecimals: true })),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps the object of an account as a bureau file gives it", () => {
    const account: Extract<Type, { kind: "struct" }> = {
      kind: "struct",
      fields: [
        ["kind", { kind: "choice", values: ["card", "loan"] }],
        ["balance", { kind: "number" }],
        ["defaulted", { kind: "boolean" }],
      ],
    };
    const json = { kind: "card", balance: 1234.56, defaulted: false };
    const v = fromJson(json, account) as FeelContext;
    expect(v.json).toBe(json);
    expect(toJsonAs(v, account)).toEqual(json);
    expect(toJsonAs(v, account)).not.toBe(json);
    expect((fromJson({ ...json, balance: -0 }, account) as FeelContext).json).toBeNull();
  });
});
