// A decision whose type nobody declares (not the model, not a table's heading, not its question)
// has the type the analyser inferred from its expression, and its values are not held to that type
// at run time (codegen/declared.ts): the inference is what vouches for them. Shown by declaring
// each such decision's inferred type in the model, which holds the values to it, on random models
// and the models written outside the project: the holds never fail on states the input schema
// admits, and the two models answer alike.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type CompiledModel, type ModelInput } from "../../../src/compiler/index.js";
import { typeToString } from "../../../src/compiler/2-analyse/expressions/compat.js";
import { OUTSIDE } from "../../../bench/outside/index.js";
import { statesOf } from "../../../bench/corpus/random.js";
import { arbitraryFor } from "../../support/arbitrary-state.js";
import { generatedModel } from "../../support/generate/models.js";

type Content = { decisions: Record<string, unknown> } & Record<string, unknown>;
type Model = { content: Content; questions?: unknown } | Content;

const contentOf = (m: Model): Content => ("content" in m ? (m.content as Content) : m);

function compiled(m: Model, strict: boolean): CompiledModel {
  const c = compileUncached(m as unknown as ModelInput, { strict });
  if (!c.ok) throw new Error(JSON.stringify(c.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error")));
  return c.model;
}

/** The model with `name`'s type written as `type` (a type's text, or the model's form for a list of a named type). */
function declaring(m: Model, name: string, type: unknown): Model {
  const content = contentOf(m);
  const body = content.decisions[name];
  const decision = typeof body === "string" ? { type, expr: body } : { ...(body as object), type };
  const declared = { ...content, decisions: { ...content.decisions, [name]: decision } };
  return "content" in m ? { ...m, content: declared } : declared;
}

/**
 * The model with every inferred type it can write down declared, as the type's text or as one of
 * the model's named types or a list of one (a struct type declared inline is not the named type
 * an input has); a type with no such form (`any` inside a list) stays inferred. And the names declared.
 */
function withTypesDeclared(m: Model, inferred: CompiledModel, strict: boolean): { model: Model; names: string[] } {
  let model = m;
  const names: string[] = [];
  const named = Object.keys((contentOf(m).types as object | undefined) ?? {});
  for (const d of inferred.ir.decisions.filter((d) => d.inferred)) {
    for (const type of [typeToString(d.type), ...named.flatMap((n) => [n, [n]])]) {
      const next = declaring(model, d.name, type);
      const c = compileUncached(next as unknown as ModelInput, { strict });
      if (!c.ok || typeToString(c.model.ir.decisions.find((x) => x.name === d.name)!.type) !== typeToString(d.type)) continue;
      model = next;
      names.push(d.name);
      break;
    }
  }
  return { model, names };
}

/** `rt.declared(…, "name", …)`: the statement holding a decision to its type. */
const holds = (source: string, name: string): boolean =>
  new RegExp(`rt\\.declared\\([^;]*, ${JSON.stringify(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, `).test(source);

function agree(m: Model, strict: boolean, states: unknown[]): { declared: string[]; held: string[] } {
  const inferred = compiled(m, strict);
  for (const d of inferred.ir.decisions.filter((d) => d.inferred)) expect(holds(inferred.source, d.name), d.name).toBe(false);
  const { model, names } = withTypesDeclared(m, inferred, strict);
  const declared = compiled(model, strict);
  for (const state of states) {
    if (!inferred.validate(state).ok) continue;
    const [a, b] = [inferred, declared].map((c) => JSON.stringify(c.evaluate(state as Record<string, unknown>, { exactDecimals: true })));
    expect(a, JSON.stringify(state)).toBe(b);
  }
  return { declared: names, held: names.filter((n) => holds(declared.source, n)) };
}

describe("decisions of inferred types", () => {
  it("the models written outside: inferred types hold on their states, and a list of structs is no longer held to its own type", () => {
    const held: string[] = [];
    for (const m of OUTSIDE) {
      const r = agree(m.model as unknown as Model, !m.lenient, statesOf(m.state, 300, 17));
      held.push(...r.held.map((n) => `${m.name}: ${n}`));
    }
    // declared, these are held (their types have constraints or compound parts): inferred, they were not
    expect(held).toContain("bureau-score: revolving");
    expect(held).toContain("bureau-score: arrears kinds");
    expect(held.length).toBeGreaterThan(20);
  });

  it("random models: inferred types hold on random states of the input schema", () => {
    let declared = 0;
    fc.assert(
      fc.property(generatedModel, fc.integer(), (m, seed) => {
        const c = compileUncached(m as unknown as ModelInput);
        if (!c.ok) return;
        const states = fc.sample(arbitraryFor(c.model.inputSchema), { numRuns: 12, seed });
        declared += agree(m as unknown as Model, true, states).declared.length;
      }),
      { numRuns: 40 },
    );
    expect(declared).toBeGreaterThan(40);
  });
});
