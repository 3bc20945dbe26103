// Inlined calls over random models nobody wrote for them (the generated-models benchmark's
// generator, test/support/generate/typed-models.ts): every model whose decisions call its functions
// gives the same answers, traces and problems optimised as unoptimised (-O0, where each call is a
// call), on its random states and on the same states with an input of the wrong type or null; and
// where the code around declares locals, no inlined call makes a function to call (its arguments are
// locals of `run`, codegen/inlined.ts).
import { describe, expect, it } from "vitest";
import { compileUncached, type CompiledModel } from "../../../src/compiler/index.js";
import { compileOptionsOf, contentOf, typedModel, typedStates } from "../../support/generate/typed-models.js";

const MODELS = Number(process.env.GENERATED_MODELS ?? 24);

/** the first `n` seeds from 1 whose models' decisions call one of their functions */
function callingSeeds(n: number): number[] {
  const seeds: number[] = [];
  for (let seed = 1; seeds.length < n; seed++) {
    const m = typedModel(seed);
    if (m.functions.length > 0 && JSON.stringify(m.decisions).includes('"k":"call"')) seeds.push(seed);
  }
  return seeds;
}

function compiled(content: unknown, optimise: boolean, strict: boolean): CompiledModel {
  const c = compileUncached(content as never, { optimise, strict });
  if (!c.ok) throw new Error("the generated model does not compile");
  return c.model;
}

function outcome(m: CompiledModel, s: Record<string, unknown>): unknown {
  try {
    return m.evaluateTraced(s, { exactDecimals: true });
  } catch (e) {
    return { threw: (e as Error).message };
  }
}

/** the evaluation function of a module, without the explain function that keeps every call */
const runOf = (source: string): string => source.slice(source.indexOf("function run("), source.indexOf("function explain("));

describe("inlined calls of generated models", () => {
  it(`give the answers of the calls on ${MODELS} random models, with no function made for a call in run`, () => {
    let sites = 0;
    for (const seed of callingSeeds(MODELS)) {
      const m = typedModel(seed);
      const [content, { strict }] = [contentOf(m), compileOptionsOf(m)];
      const [inlined, called] = [compiled(content, true, strict), compiled(content, false, strict)];
      const run = runOf(inlined.source);
      // an inlined call's steps are charged in the call's place: never as the start of a function's body
      expect(run, `seed ${seed}`).not.toMatch(/=> \{ rt\.tick\(/);
      sites += (run.match(/\bia\d+ = /g) ?? []).length;
      const states = typedStates(m, 12, seed);
      const numbers = m.inputs.filter((i) => i.kind === "number").map((i) => i.name);
      // the same states with a number input of the wrong type, or null
      const odd = states
        .slice(0, 4)
        .flatMap((s, k) => (numbers.length === 0 ? [] : [{ ...s, [numbers[k % numbers.length]!]: k % 2 ? "7" : null }]));
      for (const s of [...states, ...odd]) expect(outcome(inlined, s), `seed ${seed}`).toEqual(outcome(called, s));
    }
    // arguments worked out (not names read in place) were bound to locals
    expect(sites).toBeGreaterThan(MODELS / 2);
  });
});
