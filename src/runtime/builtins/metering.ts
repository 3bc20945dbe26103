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

/** What a metered call with these arguments is charged. */
const chargeCall = (a: FeelValue, b?: FeelValue): void => tick(Math.ceil(1 + work(a) + (b === undefined ? 0 : work(b))));

// The same charges for arguments of a known kind, for ./direct.ts.
export const chargeString = (s: string): void => tick(Math.ceil(1 + s.length / CHARACTERS_PER_STEP));
export const chargeStrings = (s: string, m: string): void =>
  tick(Math.ceil(1 + s.length / CHARACTERS_PER_STEP + m.length / CHARACTERS_PER_STEP));
export const chargeItems = (n: number): void => tick(1 + n);
export const chargeList = (list: readonly FeelValue[]): void => chargeItems(list.length);

/** A result counts toward the size when it is a string or a list. */
const chargeResult = <T extends FeelValue>(result: T): T => (typeof result === "string" || Array.isArray(result) ? built(result) : result);

function metered(impl: Signature["impl"]): Signature["impl"] {
  // by argument count, so the common calls make no array of their arguments
  return function (a?: FeelValue, b?: FeelValue, c?: FeelValue): FeelValue {
    switch (arguments.length) {
      case 1:
        chargeCall(a!);
        return chargeResult(impl(a!));
      case 2:
        chargeCall(a!, b!);
        return chargeResult(impl(a!, b!));
      case 3:
        tick(Math.ceil(1 + work(a!) + work(b!) + work(c!)));
        return chargeResult(impl(a!, b!, c!));
      default: {
        // eslint-disable-next-line prefer-rest-params -- a rest parameter would allocate on the short calls too
        const args = Array.from(arguments as ArrayLike<FeelValue>);
        let steps = 1;
        for (const x of args) steps += work(x);
        tick(Math.ceil(steps));
        return chargeResult(impl(...args));
      }
    }
  };
}

/** The def with its implementations metered, unless its kind needs none. */
export const withMetering = (def: BuiltinDef): BuiltinDef =>
  UNMETERED.has(def.kind) ? def : { ...def, signatures: def.signatures.map((s) => ({ ...s, impl: metered(s.impl) })) };
