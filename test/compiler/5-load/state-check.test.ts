// The state check written as straight JS from the input schema (state-check-source.ts) decides as
// ajv decides on the same schema, and the problems of a refused state (state-problems.ts) are the
// ones ajv's errors are worded as — same addresses, codes, messages and order — on the samples,
// the benchmark corpus and random models of three generators, for states drawn from the schema and
// states spoilt at random places. Its code grows with the schema, not with the types written out.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadSamples } from "../../../bench/load-samples.js";
import { CORPUS } from "../../../bench/corpus/index.js";
import { FEEL_FORMATS } from "../../../src/compiler/5-load/formats.js";
import { stateCheckSource } from "../../../src/compiler/5-load/state-check-source.js";
import { createStateValidator } from "../../../src/compiler/5-load/validate-state.js";
import { checkModel } from "../../../src/compiler/index.js";
import { ajvStateErrors } from "../../support/ajv-state-errors.js";
import { arbitraryFor } from "../../support/arbitrary-state.js";
import { inputTypesModel, mutatedState } from "../../support/generate/input-types.js";
import { generatedModel } from "../../support/generate/models.js";
import { sharedTypesModel } from "../../support/generate/shared-types.js";

type Schema = Record<string, unknown>;

const schemaOf = (model: unknown, strict = true): Schema | undefined => {
  const check = checkModel(model as never, { strict });
  return check.valid ? check.input : undefined;
};

const loadCheck = (schema: Schema) => new Function("F", stateCheckSource(schema))(FEEL_FORMATS) as (state: unknown) => boolean;

/** States of `schema`: drawn from it, or drawn and spoilt. */
const statesOf = (schema: Schema): fc.Arbitrary<unknown> => {
  const valid = arbitraryFor(schema);
  return fc.oneof(
    valid,
    valid.chain((s) => mutatedState(s)),
  );
};

interface Validators {
  ours: (state: unknown) => unknown[];
  ajv: (state: unknown) => unknown[];
  check: (state: unknown) => boolean;
}

const validators = (schema: Schema): Validators => ({
  ours: createStateValidator(schema),
  ajv: ajvStateErrors(schema),
  check: loadCheck(schema),
});

/**
 * The problems are ajv's on `state`, and, for a state JSON could give (`plain`), the generated code
 * alone decides: the walk for problems is for refused states. On other objects it may leave the
 * decision to the walk, never pass what ajv refuses.
 */
function agrees({ ours, ajv, check }: Validators, state: unknown, plain = true) {
  const expected = ajv(state);
  expect(ours(state)).toEqual(expected);
  if (plain || check(state)) expect(check(state)).toBe(expected.length === 0);
}

const FIXED: [string, Schema][] = [
  ...loadSamples().map((s): [string, Schema] => [`sample ${s.name}`, schemaOf(s.model)!]),
  ...CORPUS.map((c): [string, Schema] => [`corpus ${c.name}`, schemaOf(c.model)!]),
];

describe("the state check and ajv", () => {
  it.each(FIXED)("agree on %s, on random and spoilt states", (_name, schema) => {
    const v = validators(schema);
    fc.assert(
      fc.property(statesOf(schema), (state) => agrees(v, state)),
      { numRuns: 150 },
    );
  });

  const generated: [string, fc.Arbitrary<Schema | undefined>][] = [
    ["random input types (lenient)", inputTypesModel.map((content) => schemaOf({ content, questions: {} }, false))],
    ["types that share their parts", sharedTypesModel(5).map((m) => schemaOf({ content: m.content, questions: {} }))],
    ["the model fuzz's models", generatedModel.map((m) => schemaOf(m))],
  ];
  it.each(generated)(
    "agree on models of %s",
    (_name, models) => {
      fc.assert(
        fc.property(
          models
            .filter((s): s is Schema => s !== undefined)
            .chain((schema) => fc.tuple(fc.constant(schema), fc.array(statesOf(schema), { minLength: 4, maxLength: 4 }))),
          ([schema, states]) => {
            const v = validators(schema);
            for (const state of states) agrees(v, state);
          },
        ),
        { numRuns: 60 },
      );
    },
    120_000,
  );

  it("agree on states that are no JSON: inherited, undefined, non-enumerable, without prototype", () => {
    const schema = schemaOf({
      content: {
        name: "m",
        inputs: { n: { type: "number", desc: "n" }, s: { type: { a: "number" }, desc: "s", blank: true } },
        decisions: { d: "n" },
      },
      questions: {},
    })!;
    const hidden = { n: 1 };
    Object.defineProperty(hidden, "x", { value: Infinity, enumerable: false });
    const states = [
      Object.create({ n: 1 }),
      Object.assign(Object.create(null), { n: 1, s: { a: 2 } }),
      { n: 1, s: Object.create({ a: 1 }) },
      { n: undefined },
      { n: 1, s: undefined },
      hidden,
      new (class State {
        n = 1;
      })(),
    ];
    const v = validators(schema);
    for (const state of states) agrees(v, state, false);
  });
});

describe("the state check's size", () => {
  it("grows with the schema, not with its types written out: a type doubled 16 times", () => {
    const types: Record<string, unknown> = { t0: { a: "number [0..10]", b: "date" } };
    for (let i = 1; i <= 16; i++) types[`t${i}`] = { a: `t${i - 1}`, b: `t${i - 1}`, c: [`t${i - 1}`] };
    const schema = schemaOf({
      content: { name: "doubled", types, inputs: { x: { type: "t16", desc: "x" } }, decisions: { d: "x != null" } },
      questions: {},
    })!;
    const source = stateCheckSource(schema);
    // 3^16 parts written out; a few hundred characters of code a type
    expect(source.length).toBeLessThan(1_500 + 900 * 17);
    // each type's check is one function, called where the type is reached
    expect(source.match(/^function def\d+/gm)).toHaveLength(16);
    let state: unknown = { a: 1, b: "2024-02-29" };
    for (let i = 1; i <= 16; i++) state = { a: state, b: state, c: [] };
    const validate = createStateValidator(schema);
    expect(validate({ x: state })).toEqual([]);
    // a part spoilt deep inside: the same problems as ajv's, at the place
    (state as { a: { c: unknown[] } }).a.c = [{ a: { a: 11 } }];
    agrees(validators(schema), { x: state });
    expect(validate({ x: state }).map((e) => e.address)).toContain("inputs.x.a.c[0].a.a");
  });

  it("refuses, naming the place, a schema it cannot check rather than passing what it does not read", () => {
    expect(() => stateCheckSource({ type: "object", properties: { a: { type: "string", pattern: "^x" } } })).toThrow(
      /the keyword `pattern` at \/properties\/a/,
    );
    expect(() => stateCheckSource({ type: "object", properties: { a: { $ref: "#/$defs/nowhere" } } })).toThrow(/no `\$defs` entry/);
    expect(() => stateCheckSource({ type: "string", format: "email" })).toThrow(/the format "email"/);
  });
});
