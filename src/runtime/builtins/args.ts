// Argument checks shared by the built-ins. Each returns the typed value or undefined; the
// built-in then answers null with a problem naming the function and parameter.
import { type Decimal, isDecimal } from "../decimal.js";
import { describe } from "../kinds.js";
import { problem } from "../problems.js";
import { FeelContext, type FeelValue } from "../values.js";

/** null plus a problem saying which argument of which function was wrong. */
export const bad = (fn: string, param: string, v: FeelValue, want: string): null =>
  problem(`${fn}(): ${param} must be ${want}, not ${v === undefined ? "absent" : describe(v)}`);

export const isNum = (v: FeelValue): v is Decimal => isDecimal(v);
export const isStr = (v: FeelValue): v is string => typeof v === "string";
export const isCtx = (v: FeelValue): v is FeelContext => v instanceof FeelContext;

/** DMN 1.5 singleton-list conversion for list parameters; null (or absent) is no list. */
export function asList(v: FeelValue | undefined): FeelValue[] | undefined {
  if (v === null || v === undefined) return undefined;
  return Array.isArray(v) ? v : [v];
}

/** An integer argument (a number truncated toward zero), as a JS number. */
export function asInt(v: FeelValue | undefined): number | undefined {
  if (!isDecimal(v)) return undefined;
  const n = (v.isInteger() ? v : v.trunc()).toNumber();
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Code points of a string: FEEL strings index and count by code point. */
export const codePoints = (s: string): string[] => Array.from(s);

const SURROGATE = /[\uD800-\uDFFF]/;

/** Whether UTF-16 units and code points differ in `s`: without surrogates an index is both. */
export const hasSurrogates = (s: string): boolean => SURROGATE.test(s);

/** The number of code points of `s` (what `codePoints(s).length` is), without making the array. */
export function codePointCount(s: string): number {
  let n = s.length;
  // a pair (high then low surrogate) is one code point; a lone surrogate counts as one, as in Array.from
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * DMN 1.5 singleton-list conversion for parameters that take a single value: a list of one item
 * stands for the item (e.g. `upper case(names[item = "Bob"])`).
 */
export function scalars<F extends (...args: FeelValue[]) => FeelValue>(impl: F): F {
  // by argument count, so the common calls allocate no argument arrays
  return function (a?: FeelValue, b?: FeelValue, c?: FeelValue): FeelValue {
    switch (arguments.length) {
      case 0:
        return impl();
      case 1:
        return impl(one(a));
      case 2:
        return impl(one(a), one(b));
      case 3:
        return impl(one(a), one(b), one(c));
      default:
        // eslint-disable-next-line prefer-rest-params -- a rest parameter would allocate on the short calls too
        return impl(...Array.from(arguments as ArrayLike<FeelValue>, one));
    }
  } as F;
}

const one = (a: FeelValue | undefined): FeelValue => (Array.isArray(a) && a.length === 1 ? a[0]! : (a as FeelValue));

/** The same conversion for every signature of a definition. */
export function scalarDef<D extends { name: string; signatures: readonly { impl: (...args: FeelValue[]) => FeelValue }[] }>(def: D): D {
  return { ...def, signatures: def.signatures.map((s) => ({ ...s, impl: scalars(s.impl) })) };
}
