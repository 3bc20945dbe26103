// The check-valid model fuzz: every random model that checkModel accepts compiles optimised and at
// -O0, and runs on random states of its input schema without throwing; the two compilations give
// the same answers. Shared by the test and scripts/fuzz-models.ts.
import fc from "fast-check";
import { checkModel, compileUncached, type CompiledModel } from "../../src/compiler/index.js";
import { arbitraryFor } from "../support/arbitrary-state.js";
import { generatedModel, type GeneratedModel } from "../support/generate/models.js";

export const modelCounts = { generated: 0, valid: 0, runs: 0 };

const STATES_PER_MODEL = 8;

function compiled(model: GeneratedModel, optimise: boolean): CompiledModel {
  const c = compileUncached(model, { optimise });
  if (!c.ok)
    throw new Error(
      `checks but does not compile${optimise ? "" : " at -O0"}: ${JSON.stringify(c.check.stages.flatMap((s) => s.diagnostics))}`,
    );
  return c.model;
}

function runs(model: GeneratedModel, seed: number): void {
  modelCounts.generated++;
  if (!checkModel(model).valid) return;
  modelCounts.valid++;
  const [optimised, plain] = [compiled(model, true), compiled(model, false)];
  for (const state of fc.sample(arbitraryFor(optimised.inputSchema), { numRuns: STATES_PER_MODEL, seed }) as Record<string, unknown>[]) {
    const validity = optimised.validate(state);
    if (!validity.ok) throw new Error(`a state drawn from the input schema is refused: ${JSON.stringify(validity.errors)}`);
    modelCounts.runs++;
    const [a, b] = [optimised, plain].map((m) => JSON.stringify(m.evaluate(state, { exactDecimals: true })));
    if (a !== b) throw new Error(`optimised ${a} but -O0 ${b} on ${JSON.stringify(state)}`);
  }
}

export const modelProperty = fc.property(generatedModel, fc.integer(), (model, seed) => runs(model, seed));
