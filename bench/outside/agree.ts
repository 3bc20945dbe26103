// Whether compiled decisions equal hand-written ones: exactly, except the numbers of the decisions
// a model leaves unrounded, which may differ by 1e-9 relative (decimals against doubles).
import type { OutsideModel } from "./types.js";

const RELATIVE = 1e-9;

const close = (a: number, b: number): boolean => Math.abs(a - b) <= RELATIVE * Math.max(Math.abs(a), Math.abs(b));

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function same(a: unknown, b: unknown, approximate: boolean): boolean {
  if (typeof a === "number" && typeof b === "number") return a === b || (approximate && close(a, b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i], approximate));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && same(a[k], b[k], approximate));
  }
  return a === b;
}

/** The names of the decisions on which `compiled` and `handwritten` disagree. */
export function disagreements(model: OutsideModel, compiled: Record<string, unknown>, handwritten: Record<string, unknown>): string[] {
  const names = new Set([...Object.keys(compiled), ...Object.keys(handwritten)]);
  return [...names].filter((n) => !same(compiled[n], handwritten[n], model.approximate.includes(n)));
}
