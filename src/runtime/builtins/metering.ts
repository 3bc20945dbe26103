// What a built-in costs against the evaluation budget (../budget.ts), by the rule ./costs.ts gives
// it: a step per call, a step per item of each list argument and per 16 characters of each string
// argument (the work of walking them), and the length of a list or string it returns toward the
// size; built-ins that copy, hash or sort their lists pay for that too. Numbers, booleans, dates
// and ranges are bounded by themselves: those built-ins are not metered.
import { built, charge, CONTAINER_SIZE, tick } from "../budget.js";
import { expandedSize } from "../expanded-size.js";
import { FeelContext, type FeelValue } from "../values.js";
import { costRule, type CostRule } from "./costs.js";
import type { BuiltinDef, Signature } from "./def.js";

/** Characters of a string argument per step. */
const CHARACTERS_PER_STEP = 16;

/** A context's entries are walked like a list's items (context put, merge and get entries copy them all). */
const work = (v: FeelValue): number =>
  Array.isArray(v) ? v.length : typeof v === "string" ? v.length / CHARACTERS_PER_STEP : v instanceof FeelContext ? v.size : 0;

/** The work of walking the arguments; the last, when it collects a variadic call's rest, by each of its lists. */
function walkOf(args: ArrayLike<FeelValue>, variadic: boolean): number {
  let steps = 1;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (variadic && i === args.length - 1 && Array.isArray(a)) for (const x of a) steps += work(x);
    else steps += work(a);
  }
  return steps;
}

/** The expanded sizes (../expanded-size.ts) of the list, context and string arguments, the rest's lists each counted. */
function expandedOf(args: ArrayLike<FeelValue>): number {
  let n = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (Array.isArray(a) || typeof a === "string" || a instanceof FeelContext) n += expandedSize(a);
  }
  return n;
}

/** The items of the list arguments (a variadic call's rest counted as the one list it is). */
function itemsOf(args: ArrayLike<FeelValue>): number {
  let n = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (Array.isArray(a)) n += a.length;
  }
  return n;
}

/** The characters of the string arguments, for the built-ins that run a regular expression over them. */
function charactersOf(args: ArrayLike<FeelValue>): number {
  let n = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (typeof a === "string") n += a.length;
  }
  return n;
}

// The same charges for arguments of a known kind, for the direct forms of built-ins (def.ts `direct`).
export const chargeString = (s: string): void => tick(Math.ceil(1 + s.length / CHARACTERS_PER_STEP));
export const chargeStrings = (s: string, m: string): void =>
  tick(Math.ceil(1 + s.length / CHARACTERS_PER_STEP + m.length / CHARACTERS_PER_STEP));
export const chargeItems = (n: number): void => tick(1 + n);
export const chargeList = (list: readonly FeelValue[]): void => chargeItems(list.length);
/** `scans` (1 step a character) and `rewrites` (4) of two or three string arguments. */
export const chargeScanned = (perCharacter: 1 | 4, a: string, b: string, c = ""): void =>
  tick(
    Math.ceil(
      1 +
        a.length / CHARACTERS_PER_STEP +
        b.length / CHARACTERS_PER_STEP +
        c.length / CHARACTERS_PER_STEP +
        perCharacter * (a.length + b.length + c.length),
    ),
  );
/** `copies` of a list and, when given, a string delimiter. */
export function chargeCopied(list: FeelValue[], delimiter?: string): void {
  tick(Math.ceil(1 + list.length + (delimiter === undefined ? 0 : delimiter.length / CHARACTERS_PER_STEP)));
  charge(expandedSize(list) + (delimiter === undefined ? 0 : expandedSize(delimiter)));
}

/** `hashes` of one list. */
export const chargeHashed = (list: FeelValue[]): void => tick(1 + list.length + expandedSize(list));

/** A result counts toward the size when it is a string, a list or a context (its entries). */
export function chargeResult<T extends FeelValue>(result: T): T {
  if (typeof result === "string" || Array.isArray(result)) return built(result);
  if (result instanceof FeelContext) charge(result.size);
  return result;
}

/** What each rule charges before the call, and whether the result's length counts after it. */
const BEFORE: Record<
  Exclude<CostRule, "free">,
  { before(args: ArrayLike<FeelValue>, variadic: boolean): void; after?(result: FeelValue): void; result: boolean }
> = {
  walk: { before: (args, variadic) => tick(Math.ceil(walkOf(args, variadic))), result: true },
  copies: {
    before(args, variadic) {
      tick(Math.ceil(walkOf(args, variadic)));
      charge(expandedOf(args));
    },
    result: false,
  },
  hashes: {
    before(args, variadic) {
      tick(Math.ceil(walkOf(args, variadic)) + expandedOf(args));
    },
    result: true,
  },
  makes: {
    before: (args, variadic) => tick(Math.ceil(walkOf(args, variadic))),
    after(result) {
      if (Array.isArray(result)) charge(result.length * CONTAINER_SIZE);
    },
    result: true,
  },
  scans: { before: (args, variadic) => tick(Math.ceil(walkOf(args, variadic) + charactersOf(args))), result: true },
  rewrites: { before: (args, variadic) => tick(Math.ceil(walkOf(args, variadic) + 4 * charactersOf(args))), result: true },
  sorts: {
    before(args, variadic) {
      const n = itemsOf(args);
      tick(Math.ceil(walkOf(args, variadic)) + n * Math.ceil(Math.log2(Math.max(n, 1))));
    },
    result: true,
  },
};

function metered(impl: Signature["impl"], variadic: boolean, rule: Exclude<CostRule, "free">): Signature["impl"] {
  const { before, after, result } = BEFORE[rule];
  // the common rule by argument count, so the common calls make no array of their arguments
  if (rule === "walk" && !variadic) {
    return function (a?: FeelValue, b?: FeelValue, c?: FeelValue): FeelValue {
      switch (arguments.length) {
        case 1:
          tick(Math.ceil(1 + work(a!)));
          return chargeResult(impl(a!));
        case 2:
          tick(Math.ceil(1 + work(a!) + work(b!)));
          return chargeResult(impl(a!, b!));
        case 3:
          tick(Math.ceil(1 + work(a!) + work(b!) + work(c!)));
          return chargeResult(impl(a!, b!, c!));
        default: {
          // eslint-disable-next-line prefer-rest-params -- a rest parameter would allocate on the short calls too
          const args = Array.from(arguments as ArrayLike<FeelValue>);
          before(args, false);
          return chargeResult(impl(...args));
        }
      }
    };
  }
  const finish = (r: FeelValue): FeelValue => {
    after?.(r);
    return result ? chargeResult(r) : r;
  };
  // the other rules and variadic calls by argument count too: the array the rule reads, and a
  // direct call, not a spread
  return function (a?: FeelValue, b?: FeelValue, c?: FeelValue, d?: FeelValue): FeelValue {
    switch (arguments.length) {
      case 1:
        before([a!], variadic);
        return finish(impl(a!));
      case 2:
        before([a!, b!], variadic);
        return finish(impl(a!, b!));
      case 3:
        before([a!, b!, c!], variadic);
        return finish(impl(a!, b!, c!));
      case 4:
        before([a!, b!, c!, d!], variadic);
        return finish(impl(a!, b!, c!, d!));
      default: {
        // eslint-disable-next-line prefer-rest-params -- a rest parameter would allocate on the short calls too
        const args = Array.from(arguments as ArrayLike<FeelValue>);
        before(args, variadic);
        return finish(impl(...args));
      }
    }
  };
}

/**
 * The steps a call of `def` with these arguments (not variadic) ticks, for the rules that charge by
 * the arguments alone (free and walk, whose results are no strings, lists or contexts); undefined
 * for the others. Code that decides such a call's result without making it charges these instead.
 */
export function callSteps(def: Pick<BuiltinDef, "name" | "kind">, args: readonly FeelValue[]): number | undefined {
  const rule = costRule(def);
  return rule === "free" ? 0 : rule === "walk" ? Math.ceil(walkOf(args, false)) : undefined;
}

/** The def with its implementations metered by its rule, unless its rule is free. */
export function withMetering(def: BuiltinDef): BuiltinDef {
  const rule = costRule(def);
  if (rule === "free") return def;
  return { ...def, signatures: def.signatures.map((s) => ({ ...s, impl: metered(s.impl, s.variadic === true, rule) })) };
}
