// Types that share their parts (a named type used twice, a context built of another twice) can be
// exponentially larger written out than the model that declares them. The compiler must never
// write them out: the generated module, the input schema, type comparisons and messages grow with
// the model's text. And the schema written with `$defs` must mean what the types written out mean.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameType, typeToString } from "../../src/compiler/2-analyse/expressions/compat.js";
import { typeSchema } from "../../src/compiler/2-analyse/schema/derive.js";
import { analyseModel } from "../../src/compiler/2-analyse/index.js";
import { compileToSource, compileUncached, checkModel, type CompileResult } from "../../src/compiler/index.js";
import { createStateValidator } from "../../src/compiler/5-load/validate-state.js";
import { expandedSize, type Type } from "../../src/ir/types.js";
import { sharedTypesModel, sharedTypesState } from "../support/generate/shared-types.js";

const question = { out: { type: "number", instructions: "q" } };

/** `t0 = number`, `t(i) = {a: t(i-1), b: t(i-1)}` … t(n): 2^n numbers written out. */
function doublingTypes(n: number) {
  const types: Record<string, unknown> = { t0: "number" };
  for (let i = 1; i <= n; i++) types[`t${i}`] = { a: `t${i - 1}`, b: `t${i - 1}` };
  return {
    content: {
      name: "d",
      types,
      inputs: { n: { type: "number", desc: "n?" }, x: { type: `t${n}`, desc: "x?", blank: true } },
      decisions: { out: "n" },
    },
    questions: question,
  };
}

/** `c0 = n`, `c(i) = {a: c(i-1), b: c(i-1)}` … c(n): a context of 2^n numbers, its type inferred. */
function doublingContexts(n: number) {
  const decisions: Record<string, string> = { c0: "n" };
  for (let i = 1; i <= n; i++) decisions[`c${i}`] = `{a: c${i - 1}, b: c${i - 1}}`;
  decisions.out = "n";
  return { content: { name: "d", inputs: { n: { type: "number", desc: "n?" } }, decisions }, questions: question };
}

const sourceOf = (model: unknown): string => {
  const r = compileToSource(model as never);
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages));
  return r.loadable.source;
};

describe("types that share their parts", () => {
  it.each([
    ["named types", doublingTypes],
    ["contexts built of contexts", doublingContexts],
  ])("%s: the module and the input schema grow with the model's text, by a constant per doubling", (_, make) => {
    const sizes = [8, 16, 24].map((n) => {
      const model = make(n);
      return {
        text: JSON.stringify(model).length,
        source: sourceOf(model).length,
        schema: JSON.stringify(checkModel(model as never).input).length,
      };
    });
    // 8 more doublings (256 times as much written out) add about as much as the text they take
    const added = (k: "source" | "schema", i: number) => sizes[i + 1]![k] - sizes[i]![k];
    const text = sizes[1]!.text - sizes[0]!.text;
    for (const k of ["source", "schema"] as const) {
      expect(added(k, 1), k).toBeLessThan(40 * text);
      expect(Math.abs(added(k, 1) - added(k, 0)), k).toBeLessThan(text);
    }
  });

  it("compares types without writing them out, as writing them out compares them", () => {
    const r = checkModel(doublingTypes(40) as never);
    expect(r.valid).toBe(true);
    const compiled = compileUncached(doublingTypes(6) as never) as Extract<CompileResult, { ok: true }>;
    const t = compiled.model.ir.types;
    expect(sameType(t.t6!, structuredClone(t.t6!))).toBe(true);
    expect(sameType(t.t6!, t.t5!)).toBe(false);
    const changed = structuredClone(t.t6!) as Extract<Type, { kind: "struct" }>;
    let inner = changed;
    while (inner.fields[1]![1].kind === "struct") inner = inner.fields[1]![1] as typeof inner;
    inner.fields[1]![1] = { kind: "string" };
    expect(sameType(t.t6!, changed)).toBe(false);
  });

  it("writes a type in a message cut at 200 characters", () => {
    const compiled = compileUncached(doublingTypes(30) as never) as Extract<CompileResult, { ok: true }>;
    const shown = typeToString(compiled.model.ir.types.t30!);
    expect(shown.length).toBe(201);
    expect(shown.endsWith("…")).toBe(true);
    expect(typeToString(compiled.model.ir.types.t2!)).toBe("{a: {a: number, b: number}, b: {a: number, b: number}}");
    expect(expandedSize(compiled.model.ir.types.t30!)).toBe(2 ** 31 - 1);
  });

  it("a state is valid against the schema with $defs exactly when against the types written out, with the same errors (generated)", () => {
    fc.assert(
      fc.property(
        sharedTypesModel(5).chain((model) => {
          const { ir, input } = analyseModel(model.content, { strict: true });
          if (!ir) throw new Error("a generated model does not check");
          const small = ir.inputs.every((i) => expandedSize(i.type) <= 400);
          const states = small
            ? fc.array(fc.oneof(sharedTypesState(model, 0), sharedTypesState(model, 0.1)), { minLength: 4, maxLength: 4 })
            : fc.constant([]);
          return fc.tuple(fc.constant({ ir, input }), states);
        }),
        ([{ ir, input }, states]) => {
          expect(JSON.stringify(input).length).toBeLessThan(4_000);
          if (states.length === 0) return;
          // the schema as it was written before $defs: every type written out, a blank input's type with null added
          const writtenOut = {
            ...input,
            $defs: undefined,
            properties: Object.fromEntries(
              ir.inputs.map((i) => {
                const s = typeSchema(i.type);
                return [i.name, { description: i.desc, ...(i.blank ? { ...s, type: [s.type, "null"] } : s) }];
              }),
            ),
          };
          const withDefs = createStateValidator(input);
          const written = createStateValidator(writtenOut);
          const sorted = (errors: unknown[]) => errors.map((e) => JSON.stringify(e)).sort();
          for (const state of states) expect(sorted(withDefs(state))).toEqual(sorted(written(state)));
        },
      ),
      { numRuns: 40 },
    );
  }, 180_000);
});
