// Keys of a JSON state that name no input of the model, each with the input it most likely
// misspells among those the state does not give ("credit scroe" for "credit score"). A state that
// runs as it is answers them as warnings; one that leaves an input unestablished names the
// misspelling in the problem.
import { REQUEST_SUGGEST_CELLS, suggest } from "../compiler/1-parse/suggest.js";
import { STATE } from "../ir/diagnostic-catalogue/state.js";
import { addressedDiagnosticsOf } from "../ir/diagnostic-types.js";
import { slices } from "./next-turn.js";
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
  const found = unknownOf(state, inputs);
  return found ? found.keys.map(found.entry) : [];
}

/**
 * unknownStateKeys, letting the event loop run other work every SLICE_MS: a state of 90,000 keys
 * that name no input took 40–100 ms to word them all.
 */
export async function unknownStateKeysInTurns(state: unknown, inputs: readonly string[]): Promise<UnknownKey[]> {
  const found = unknownOf(state, inputs);
  if (!found) return [];
  const out: UnknownKey[] = [];
  const pause = slices();
  for (const key of found.keys) {
    out.push(found.entry(key));
    const paused = pause();
    if (paused) await paused;
  }
  return out;
}

/** The keys of `state` that name no input, and how each is worded; null when there are none. */
function unknownOf(state: unknown, inputs: readonly string[]): { keys: string[]; entry: (key: string) => UnknownKey } | null {
  if (state === null || typeof state !== "object" || Array.isArray(state)) return null;
  const known = setOf(inputs);
  const keys = Object.keys(state).filter((key) => !known.has(key));
  if (keys.length === 0) return null;
  const absent = inputs.filter((name) => !Object.hasOwn(state, name));
  const budget = { cells: REQUEST_SUGGEST_CELLS };
  const entry = (key: string): UnknownKey => {
    const input = suggest(key, absent, budget);
    const d =
      input === undefined
        ? diagnostic("state.unknown", { variant: "extra", key })
        : diagnostic("state.unknown", { variant: "near", key, input });
    return { input, entry: { address: `state.${key}`, code: d.code, message: d.message } };
  };
  return { keys, entry };
}
