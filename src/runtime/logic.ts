// Three-valued logic (DMN 1.5 10.3.2.5): a non-boolean operand counts as null.
import type { FeelValue } from "./values.js";

export function and(a: FeelValue, b: FeelValue): boolean | null {
  if (a === false || b === false) return false;
  return a === true && b === true ? true : null;
}

export function or(a: FeelValue, b: FeelValue): boolean | null {
  if (a === true || b === true) return true;
  return a === false && b === false ? false : null;
}

export function not(a: FeelValue): boolean | null {
  return typeof a === "boolean" ? !a : null;
}

export const isTrue = (v: FeelValue): boolean => v === true;
