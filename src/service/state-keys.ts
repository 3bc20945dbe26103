// Keys of a JSON state that name no input of the model, each with the input it most likely
// misspells among those the state does not give ("credit scroe" for "credit score"). A state that
// runs as it is answers them as warnings; one that leaves an input unestablished names the
// misspelling in the problem.
import { REQUEST_SUGGEST_CELLS, suggest } from "../compiler/1-parse/suggest.js";
import { STATE } from "../ir/diagnostic-catalogue/state.js";
import { addressedDiagnosticsOf } from "../ir/diagnostic-types.js";
import type { ProblemEntry } from "./problems.js";

const diagnostic = addressedDiagnosticsOf(STATE);

export interface UnknownKey {
  /** the input the key probably misspells */
  input?: string;
  entry: ProblemEntry;
}

/** The names of a frozen list of inputs (a model's, run.ts) as a set, made once per list. */
const sets = new WeakMap<readonly string[], ReadonlySet<string>>();

function setOf(inputs: readonly string[]): ReadonlySet<string> {
  let known = sets.get(inputs);
  if (known === undefined) {
    known = new Set(inputs);
    if (Object.isFrozen(inputs)) sets.set(inputs, known);
  }
  return known;
}

export function unknownStateKeys(state: unknown, inputs: readonly string[]): UnknownKey[] {
  if (state === null || typeof state !== "object" || Array.isArray(state)) return [];
  const known = setOf(inputs);
  const unknown = Object.keys(state).filter((key) => !known.has(key));
  if (unknown.length === 0) return [];
  const absent = inputs.filter((name) => !Object.hasOwn(state, name));
  const budget = { cells: REQUEST_SUGGEST_CELLS };
  return unknown.map((key) => {
    const input = suggest(key, absent, budget);
    const d =
      input === undefined
        ? diagnostic("state.unknown", { variant: "extra", key })
        : diagnostic("state.unknown", { variant: "near", key, input });
    return { input, entry: { address: `state.${key}`, code: d.code, message: d.message } };
  });
}
