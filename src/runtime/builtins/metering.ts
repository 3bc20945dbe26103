// What a built-in costs against the evaluation budget (../budget.ts): a step per call, a step per
// item of each list argument and per 16 characters of each string argument (the work of walking
// them), and the length of a list or string it returns counts toward the size. Numbers, booleans,
// dates and ranges are bounded by themselves: those built-ins are not metered.
import { built, tick } from "../budget.js";
import type { FeelValue } from "../values.js";
import type { BuiltinDef, BuiltinKind, Signature } from "./def.js";

const UNMETERED: ReadonlySet<BuiltinKind> = new Set(["number", "boolean", "temporal", "range"]);

/** Characters of a string argument per step. */
const CHARACTERS_PER_STEP = 16;

const work = (v: FeelValue): number => (Array.isArray(v) ? v.length : typeof v === "string" ? v.length / CHARACTERS_PER_STEP : 0);

function metered(impl: Signature["impl"]): Signature["impl"] {
  return (...args) => {
    let steps = 1;
    for (const a of args) steps += work(a);
    tick(Math.ceil(steps));
    const result = impl(...args);
    return typeof result === "string" || Array.isArray(result) ? built(result) : result;
  };
}

/** The def with its implementations metered, unless its kind needs none. */
export const withMetering = (def: BuiltinDef): BuiltinDef =>
  UNMETERED.has(def.kind) ? def : { ...def, signatures: def.signatures.map((s) => ({ ...s, impl: metered(s.impl) })) };
