// How the reference declares a built-in: its parameter lists (DMN 1.5, 10.3.4, for named calls)
// and an implementation over reference values. Argument kinds are checked by the implementation:
// a wrong kind gives null (10.3.2.10: a function given arguments outside its domain is null).
import { isList, isNum, type Num, type RValue } from "./values.js";

export interface RefBuiltin {
  /** alternative parameter lists; `...name` collects the rest */
  signatures: string[][];
  impl: (args: RValue[], signature: number) => RValue;
}

export const n = (v: RValue | undefined): Num | null => (v !== undefined && isNum(v) ? v : null);
export const s = (v: RValue | undefined): string | null => (typeof v === "string" ? v : null);
export const list = (v: RValue | undefined): RValue[] | null => (v === undefined ? null : isList(v) ? v : null);
/** an integer argument as a JS number, or null */
export const int = (v: RValue | undefined): number | null => {
  const x = n(v);
  return x !== null && x.isInteger() && x.abs().lte(Number.MAX_SAFE_INTEGER) ? x.toNumber() : null;
};
/** the variadic form `f(a, b, c)` read as `f([a, b, c])`; a single argument is the list (null: none) */
export const listArg = (args: RValue[]): RValue[] | null =>
  args.length === 1 ? (isList(args[0]!) ? args[0] : args[0] === null ? null : [args[0]!]) : args;
/** code points: FEEL strings are sequences of characters, not UTF-16 units */
export const chars = (x: string): string[] => Array.from(x);
