// Small models for the reader and uncertainty tests.
import { readFileSync } from "node:fs";
import { compileModel, type CompiledModel } from "../../src/compiler/index.js";
import type { InputIR } from "../../src/ir/ir.js";
import { readState } from "../../src/providers/read-state.js";
import { jsonReader } from "../../src/providers/readers/json-reader.js";
import type { Reader, ReadValue } from "../../src/providers/types.js";

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

/** A motor claim's three dates, worded as the date readers' tests ask for them. */
export const CLAIM_DATES = {
  "incident date": { type: "date", desc: "On what date did the incident happen?" },
  "report date": { type: "date", desc: "On what date was the claim reported to the insurer?" },
  "policy start": { type: "date", desc: "On what date did the policy start?" },
};

/** A motor claim's amount, beside its dates where a test needs it. */
export const CLAIM_AMOUNT = { "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" } };

/** The JSON reader's own values for a state read through the whole reading pipeline of `model`. */
export async function readJsonThrough(model: CompiledModel, state: unknown): Promise<Record<string, ReadValue>> {
  let raw: Record<string, ReadValue> = {};
  const recording: Reader = {
    name: "json",
    read: async (req) => {
      const r = await jsonReader.read(req);
      raw = r.values;
      return r;
    },
  };
  await readState(model, state, recording, "fast");
  return raw;
}
