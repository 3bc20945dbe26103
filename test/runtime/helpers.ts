// Shared helpers for the runtime tests: build values tersely and show results as FEEL text.
import * as rt from "../../src/runtime/index.js";
import { BudgetExceeded, withBudget, type EvaluationLimits } from "../../src/runtime/budget.js";

export type V = rt.FeelValue;

/** A FEEL number from text or a JS number. */
export const n = (v: string | number): rt.Decimal => rt.num(String(v));
export const ns = (...vs: (string | number)[]): rt.Decimal[] => vs.map(n);
export const ctx = (obj: Record<string, V>): rt.FeelContext => rt.FeelContext.of(obj);
export const t = (text: string): V => rt.temporalLiteral(text);

/** A built-in called positionally. */
export const b = (name: string, ...args: V[]): V => rt.call(rt.builtin(name), args);
/** A built-in called with named arguments. */
export const bn = (name: string, args: Record<string, V>): V => rt.callNamed(rt.builtin(name), Object.entries(args));

/** FEEL string() of a result; "null" for null so tables can compare text. */
export const show = (v: V): string => (v === null ? "null" : typeof v === "string" ? JSON.stringify(v) : rt.toFeelString(v));

/** Runs fn and returns its result with the problems it reported. */
export const withProblems = <T>(fn: () => T) => rt.collectProblems(fn);

/** The limit an evaluation stopped at, or "none". */
export function stopped(run: () => unknown, limits: Partial<EvaluationLimits>): string {
  try {
    withBudget(limits, run);
    return "none";
  } catch (e) {
    if (e instanceof BudgetExceeded) return e.kind;
    throw e;
  }
}
