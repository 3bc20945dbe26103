// Random models whose named types share their parts: each type is a structure of one to three
// fields, each a scalar, an earlier type or a list of one, so a chain of n types can be 2^n parts
// written out while the model's text grows by a line per type. With them, random states of those
// types and states spoilt at random places, for the properties that the compiler and the input
// schema grow with the text and mean what the types written out mean.
import fc from "fast-check";

const SCALARS = ["number", "string", "boolean", "date", "low|mid|high", "number [0..10]"] as const;
const FIELD_NAMES = ["a", "b", "c", "next", "items", "when"] as const;

export type FieldSpec = { scalar: (typeof SCALARS)[number] } | { ref: number; list: boolean };

export interface SharedTypesModel {
  /** the model's content: types t0 … t(n-1), inputs x0 … of some of them, a decision per input */
  content: Record<string, unknown>;
  /** each type's fields, by index: what states are made from */
  types: [string, FieldSpec][][];
  inputs: { name: string; type: number; blank: boolean }[];
}

/** Type i's fields: names without repeats, each a scalar or (for i > 0) a type before i. */
const fieldsOf = (i: number): fc.Arbitrary<[string, FieldSpec][]> =>
  fc.uniqueArray(
    fc.tuple(
      fc.constantFrom(...FIELD_NAMES),
      i === 0
        ? fc.constantFrom(...SCALARS).map((scalar): FieldSpec => ({ scalar }))
        : fc.oneof(
            { weight: 1, arbitrary: fc.constantFrom(...SCALARS).map((scalar): FieldSpec => ({ scalar })) },
            // mostly the type just before, so chains double
            {
              weight: 3,
              arbitrary: fc.tuple(fc.nat(i - 1), fc.boolean()).map(([back, list]): FieldSpec => ({ ref: i - 1 - (back % 2), list })),
            },
          ),
    ),
    { minLength: 1, maxLength: 3, selector: ([name]) => name },
  );

const specText = (f: FieldSpec): unknown => ("scalar" in f ? f.scalar : f.list ? [`t${f.ref}`] : `t${f.ref}`);

/** `count` types (up to maxTypes) and one to three inputs of them. */
export const sharedTypesModel = (maxTypes: number): fc.Arbitrary<SharedTypesModel> =>
  fc
    .integer({ min: 1, max: maxTypes })
    .chain((n) => fc.tuple(fc.tuple(...Array.from({ length: n }, (_, i) => fieldsOf(i))), fc.constant(n)))
    .chain(([types, n]) =>
      fc
        .array(fc.tuple(fc.nat(n - 1), fc.boolean()), { minLength: 1, maxLength: 3 })
        .map((ins) => ({ types, inputs: ins.map(([t, blank], k) => ({ name: `x${k}`, type: t % 2 === 0 ? n - 1 : t % n, blank })) })),
    )
    .map(({ types, inputs }) => ({
      types,
      inputs,
      content: {
        name: "shared types",
        types: Object.fromEntries(types.map((fields, i) => [`t${i}`, Object.fromEntries(fields.map(([k, f]) => [k, specText(f)]))])),
        inputs: Object.fromEntries(
          inputs.map((x) => [x.name, { type: `t${x.type}`, desc: `${x.name}?`, ...(x.blank ? { blank: true } : {}) }]),
        ),
        decisions: Object.fromEntries(inputs.map((x) => [`has ${x.name}`, `${x.name} != null`])),
      },
    }));

const SCALAR_VALUES: Record<(typeof SCALARS)[number], fc.Arbitrary<unknown>> = {
  number: fc.integer({ min: -5, max: 5 }),
  string: fc.constantFrom("", "x", "é"),
  boolean: fc.boolean(),
  date: fc.constantFrom("2024-02-29", "2023-01-01"),
  "low|mid|high": fc.constantFrom("low", "high"),
  "number [0..10]": fc.integer({ min: 0, max: 10 }),
};

/** What a spoilt value becomes: a value of another kind, null, or (in an object) the field left out. */
const WRONG: fc.Arbitrary<unknown> = fc.constantFrom(null, 7, "7", true, [], {}, "2023-02-30", 11, "medium");

/** A value of type `t`, each part spoilt with probability `spoil` (0 for a valid state). */
function valueOf(model: SharedTypesModel, t: number, spoil: number): fc.Arbitrary<unknown> {
  const part = (arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
    spoil === 0 ? arb : fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), arb, WRONG).map(([p, good, bad]) => (p < spoil ? bad : good));
  const fields = model.types[t]!.map(([name, f]): [string, fc.Arbitrary<unknown>] => {
    if ("scalar" in f) return [name, part(SCALAR_VALUES[f.scalar])];
    const inner = fc.constant(null).chain(() => valueOf(model, f.ref, spoil));
    return [name, part(f.list ? fc.array(inner, { maxLength: 2 }) : inner)];
  });
  return part(fc.record(Object.fromEntries(fields)));
}

/** A state of the model's inputs: valid when `spoil` is 0, else spoilt at random places. */
export const sharedTypesState = (model: SharedTypesModel, spoil: number): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(Object.fromEntries(model.inputs.map((x) => [x.name, valueOf(model, x.type, spoil)])));
