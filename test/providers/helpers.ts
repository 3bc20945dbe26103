// Small models for the reader and uncertainty tests.
import { readFileSync } from "node:fs";
import { compileModel, type CompiledModel } from "../../src/compiler/index.js";
import type { InputIR } from "../../src/ir/ir.js";

export function compile(model: Record<string, unknown>): CompiledModel {
  const r = compileModel(model);
  if (!r.ok)
    throw new Error(
      JSON.stringify(
        r.check.stages.filter((s) => !s.ok),
        null,
        1,
      ),
    );
  return r.model;
}

export const sample = (name: string): CompiledModel =>
  compile(JSON.parse(readFileSync(new URL(`../../samples/${name}/model.json`, import.meta.url), "utf8")));

/** The IR of inputs declared as in a model's `inputs`, through the real analyser. */
export function inputsOf(inputs: Record<string, unknown>): InputIR[] {
  const names = Object.keys(inputs);
  return compile({ content: { name: "t", inputs, decisions: { echo: `count([${names.map(() => "1").join(", ")}])` } } }).ir.inputs;
}
