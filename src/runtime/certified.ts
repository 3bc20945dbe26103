// Certified doubles: `decimal(x, 2)` (and the other roundings to literal places) of an arithmetic
// expression worked out in JS doubles, with a bound on how far the double can be from FEEL's
// decimal result, carried along by running error analysis. When the double lies farther than the
// bound from every point where the rounding changes, the decimal result rounds the same way and the
// double's rounding is the answer; otherwise (and for anything not a finite number) the caller
// takes the exact decimal path. The argument is written out in docs/numbers.md.
//
// The expression is a postfix program of numbers (codegen/expr.ts writes it): an opcode, then its
// argument for IN (operand index) and LIT (the literal's double).
import { Decimal, isDecimal } from "./decimal.js";
import type { FeelValue } from "./values.js";

export const CERTIFIED_OPS = { IN: 0, LIT: 1, ADD: 2, SUB: 3, MUL: 4, DIV: 5, POW: 6, NEG: 7 } as const;

/** Unit roundoff of a double: every correctly rounded operation is within U × |result| of the exact one. */
const U = 2 ** -53;
/** Largest integer exponent worked by squaring: at most 2 × 31 products. */
const MAX_EXPONENT = 2 ** 31;
/** Comfortably above the smallest normal double (2^-1022). */
const MIN_NORMAL = 2 ** -1000;
/** Room for the rounding of the bound's own arithmetic and for FEEL's 34-digit roundings (each far below U). */
const SAFETY = 2;

const values = new Float64Array(64);
const errors = new Float64Array(64);

/** A value read from a double, with its error: none for integers a double holds exactly, else half an ulp. */
const readError = (x: number) => (Number.isInteger(x) && Math.abs(x) <= 2 ** 53 ? 0 : Math.abs(x) * U);

/** a × b into slot i, with its error. */
function multiply(i: number, a: number, ea: number, b: number, eb: number): void {
  const v = a * b;
  values[i] = v;
  errors[i] = Math.abs(a) * eb + Math.abs(b) * ea + ea * eb + U * Math.abs(v);
}

/** base ** n into slot i by squaring, n a whole number; false when the exponent is not one. */
function power(i: number, n: number): boolean {
  if (!Number.isInteger(n) || Math.abs(n) > MAX_EXPONENT) return false;
  // (plain variables rather than destructured pairs: this loop runs on every evaluation)
  let base = values[i]!;
  let eBase = errors[i]!;
  let acc = 1;
  let eAcc = 0;
  for (let k = Math.abs(n); k > 0; k = Math.floor(k / 2)) {
    if (k % 2 === 1) {
      multiply(i, acc, eAcc, base, eBase);
      acc = values[i]!;
      eAcc = errors[i]!;
    }
    if (k > 1) {
      multiply(i, base, eBase, base, eBase);
      base = values[i]!;
      eBase = errors[i]!;
    }
  }
  values[i] = acc;
  errors[i] = eAcc;
  return n >= 0 || divide(i, 1, 0, acc, eAcc);
}

/** a / b into slot i; false when b's interval holds zero. */
function divide(i: number, a: number, ea: number, b: number, eb: number): boolean {
  const size = Math.abs(b);
  if (!(size > eb)) return false;
  const v = a / b;
  values[i] = v;
  errors[i] = (Math.abs(a) * eb + size * ea) / (size * (size - eb)) + U * Math.abs(v);
  return true;
}

/** Runs the program; the top of the stack is left in slot 0. False when it cannot be certified. */
function run(program: number[], operands: FeelValue[]): boolean {
  let top = -1;
  for (let pc = 0; pc < program.length; pc++) {
    const op = program[pc]!;
    if (op === CERTIFIED_OPS.IN || op === CERTIFIED_OPS.LIT) {
      const arg = program[++pc]!;
      let x: number;
      if (op === CERTIFIED_OPS.LIT) x = arg;
      else {
        const v = operands[arg];
        if (!isDecimal(v)) return false;
        x = v.toNumber();
      }
      if (!Number.isFinite(x) || ++top >= values.length) return false;
      values[top] = x;
      errors[top] = readError(x);
      continue;
    }
    if (op === CERTIFIED_OPS.NEG) {
      values[top] = -values[top]!;
      continue;
    }
    const a = values[top - 1]!;
    const ea = errors[top - 1]!;
    const b = values[top]!;
    const eb = errors[top]!;
    top--;
    if (op === CERTIFIED_OPS.ADD || op === CERTIFIED_OPS.SUB) {
      const v = op === CERTIFIED_OPS.ADD ? a + b : a - b;
      values[top] = v;
      errors[top] = ea + eb + U * Math.abs(v);
    } else if (op === CERTIFIED_OPS.MUL) multiply(top, a, ea, b, eb);
    else if (op === CERTIFIED_OPS.DIV) {
      if (!divide(top, a, ea, b, eb)) return false;
    } else if (eb !== 0 || !power(top, b)) return false; // POW: an exponent known exactly
    // beyond the doubles' range, or among the subnormals, where U no longer bounds an operation's error
    const v = Math.abs(values[top]!);
    if (!Number.isFinite(v) || !Number.isFinite(errors[top]!) || (v !== 0 && v < MIN_NORMAL)) return false;
  }
  return top === 0;
}

/** Rounding modes by decimal.js number: UP, DOWN, CEIL and FLOOR change at whole units, the half modes at halves. */
const DIRECTED: Partial<Record<number, (s: number) => number>> = {
  0: (s) => (s > 0 ? Math.ceil(s) : Math.floor(s)),
  1: Math.trunc,
  2: Math.ceil,
  3: Math.floor,
};

/**
 * The program's value rounded to `places` in `mode` (decimal.js numbering), when the double
 * certifies it; undefined when the exact path must decide.
 */
export function certifiedPlaces(program: number[], operands: FeelValue[], places: number, mode: number): Decimal | undefined {
  if (!run(program, operands)) return undefined;
  const scale = 10 ** places;
  const s = values[0]! * scale;
  const bound = SAFETY * (errors[0]! * scale + U * Math.abs(s)) + Number.MIN_VALUE;
  if (!(Math.abs(s) < 2 ** 52)) return undefined;
  const directed = DIRECTED[mode];
  // the nearest point where the rounding changes: a whole unit (directed modes) or a half
  const edge = directed ? Math.round(s) : Math.floor(s) + 0.5;
  if (Math.abs(s - edge) <= bound) return undefined;
  let k = directed ? directed(s) : Math.round(s);
  // a zero keeps the sign of what was rounded: the exact path decides it
  if (k === 0) return undefined;
  let kept = places;
  while (kept > 0 && k % 10 === 0) [k, kept] = [k / 10, kept - 1];
  return Decimal.scaled(k, kept);
}
