// Certified doubles: `decimal(x, 2)` (and the other roundings to literal places) of an arithmetic
// expression worked out in JS doubles, with a bound on how far the double can be from FEEL's
// decimal result, carried along by running error analysis. When the double lies farther than the
// bound from every point where the rounding changes, the decimal result rounds the same way and the
// double's rounding is the answer; otherwise (and for anything not a finite number) the caller
// takes the exact decimal path. The argument is written out in docs/numbers.md.
//
// The expression is a postfix program of numbers (codegen/certified-program.ts writes it): an
// opcode, then its arguments. Loops and aggregates over lists (`sum(for i in 1..count(l) return
// l[i] / ...)`, `sum(l)`, `count(l)`, `l[i]`) run inside it, so that a whole net present value is
// one pass over doubles: a loop's body is the instructions that follow its head, run once per item.
import { refund, tick } from "./budget.js";
import { Decimal, isDecimal } from "./decimal.js";
import type { FeelValue } from "./values.js";

/**
 * IN k: operand k; LIT x: the literal x; NEG and the binary operators: the top of the stack;
 * VAR d: the variable of the enclosing loop at depth d; ITEM k: list operand k at the position on
 * top (FEEL's `l[i]`); COUNT k and SUM k: `count` and `sum` of list operand k; FOR d n: the sum of
 * the next n instructions' value over the integers from the next-to-top to the top (`sum(for v in
 * a..b return ...)`), the variable at depth d; EACH k d n: the same over the items of list operand k.
 */
export const CERTIFIED_OPS = {
  IN: 0,
  LIT: 1,
  ADD: 2,
  SUB: 3,
  MUL: 4,
  DIV: 5,
  POW: 6,
  NEG: 7,
  VAR: 8,
  ITEM: 9,
  COUNT: 10,
  SUM: 11,
  FOR: 12,
  EACH: 13,
} as const;
const OP = CERTIFIED_OPS;

/** Unit roundoff of a double: every correctly rounded operation is within U × |result| of the exact one. */
const U = 2 ** -53;
/** Integers below this are held exactly, and so are the results of + - × on them that stay below it. */
const EXACT_INTEGERS = 2 ** 53;
/** Largest integer exponent worked by squaring: at most 2 × 31 products. */
const MAX_EXPONENT = 2 ** 31;
/** Comfortably above the smallest normal double (2^-1022). */
const MIN_NORMAL = 2 ** -1000;
/** Room for the rounding of the bound's own arithmetic and for FEEL's 34-digit roundings (each far below U). */
const SAFETY = 2;

const values = new Float64Array(64);
const errors = new Float64Array(64);
/** The variables of the loops being run, by depth. */
const loopValues = new Float64Array(16);
const loopErrors = new Float64Array(16);
/** The stack's top slot, and the budget steps taken by the loops of the current run. */
let top = -1;
let ticks = 0;

/** A decimal pushed as the nearest double: no error for an integer below 2^53, else half an ulp. */
function push(v: FeelValue): boolean {
  if (!isDecimal(v) || top + 1 >= values.length) return false;
  const x = v.toNumber();
  const size = Math.abs(x);
  // beyond the doubles' range, or too small for U to bound the conversion (a zero must be one)
  if (!Number.isFinite(x) || (size < MIN_NORMAL && (x !== 0 || !v.isZero()))) return false;
  values[++top] = x;
  errors[top] = Number.isInteger(x) && size < EXACT_INTEGERS && v.isInteger() ? 0 : size * U;
  return true;
}

/** The error of a literal's double: none for an integer below 2^53 (codegen passes other integers' text as operands), else half an ulp. */
const literalError = (x: number) => (Number.isInteger(x) && Math.abs(x) < EXACT_INTEGERS ? 0 : Math.abs(x) * U);

/** A result of + - × on exact operands that is an integer below 2^53 is exact too. */
const exactResult = (ea: number, eb: number, v: number) => ea === 0 && eb === 0 && Number.isInteger(v) && Math.abs(v) < EXACT_INTEGERS;

/** a × b into slot i, with its error. */
function multiply(i: number, a: number, ea: number, b: number, eb: number): void {
  const v = a * b;
  values[i] = v;
  errors[i] = exactResult(ea, eb, v) ? 0 : Math.abs(a) * eb + Math.abs(b) * ea + ea * eb + U * Math.abs(v);
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

/** a + b into slot i: FEEL's sum and `+` round each step as a double does, to 34 digits. */
function add(i: number, a: number, ea: number, b: number, eb: number): void {
  const v = a + b;
  values[i] = v;
  errors[i] = exactResult(ea, eb, v) ? 0 : ea + eb + U * Math.abs(v);
}

/** The list operand k, when it is a list (FEEL's singletons and nulls are left to the exact path). */
const listOf = (operands: FeelValue[], k: number): FeelValue[] | null => {
  const l = operands[k];
  return Array.isArray(l) ? l : null;
};

/** The 0-based index FEEL's `l[p]` picks (negative p counts from the end), or -1 when p is not an exact position in it. */
function position(list: FeelValue[], p: number, ep: number): number {
  // the index is read with the first item as `item`: only a number there leaves every name to the model
  if (ep !== 0 || !isDecimal(list[0])) return -1;
  if (p >= 1 && p <= list.length) return p - 1;
  return p <= -1 && p >= -list.length ? list.length + p : -1;
}

/** Runs program[from, end); each instruction leaves the stack as it says. False when it cannot be certified. */
function run(program: number[], from: number, end: number, operands: FeelValue[]): boolean {
  for (let pc = from; pc < end; pc++) {
    const op = program[pc]!;
    if (op === OP.IN) {
      if (!push(operands[program[++pc]!]!)) return false;
      continue;
    }
    if (op === OP.LIT) {
      const x = program[++pc]!;
      if (++top >= values.length) return false;
      values[top] = x;
      errors[top] = literalError(x);
      continue;
    }
    if (op === OP.NEG) {
      values[top] = -values[top]!;
      continue;
    }
    if (op >= OP.VAR) {
      const next = structured(program, pc, operands);
      if (next < 0) return false;
      pc = next;
    } else {
      const a = values[top - 1]!;
      const ea = errors[top - 1]!;
      const b = values[top]!;
      const eb = errors[top]!;
      top--;
      if (op === OP.ADD) add(top, a, ea, b, eb);
      else if (op === OP.SUB) add(top, a, ea, -b, eb);
      else if (op === OP.MUL) multiply(top, a, ea, b, eb);
      else if (op === OP.DIV) {
        if (!divide(top, a, ea, b, eb)) return false;
      } else if (eb !== 0 || !power(top, b)) return false; // POW: an exponent known exactly
    }
    // beyond the doubles' range, or among the subnormals, where U no longer bounds an operation's error
    const v = Math.abs(values[top]!);
    if (!Number.isFinite(v) || !Number.isFinite(errors[top]!) || (v !== 0 && v < MIN_NORMAL)) return false;
  }
  return true;
}

/** The instructions with arguments beyond one number: runs the one at pc, returns the last pc it used, or -1. */
function structured(program: number[], pc: number, operands: FeelValue[]): number {
  const op = program[pc]!;
  const arg = program[pc + 1]!;
  if (op === OP.VAR) {
    if (++top >= values.length) return -1;
    values[top] = loopValues[arg]!;
    errors[top] = loopErrors[arg]!;
    return pc + 1;
  }
  if (op === OP.FOR || op === OP.EACH) return loop(program, pc, operands);
  const list = listOf(operands, arg);
  if (list === null) return -1;
  if (op === OP.ITEM) {
    const at = position(list, values[top]!, errors[top]!);
    top--;
    return at >= 0 && push(list[at]!) ? pc + 1 : -1;
  }
  if (op === OP.COUNT) {
    if (++top >= values.length) return -1;
    values[top] = list.length;
    errors[top] = 0;
    return pc + 1;
  }
  // SUM: FEEL adds the items in order from zero, each sum rounded; an empty list's sum is null
  if (list.length === 0 || !push(list[0]!)) return -1;
  for (let i = 1; i < list.length; i++) {
    if (!push(list[i]!)) return -1;
    top--;
    add(top, values[top]!, errors[top]!, values[top + 1]!, errors[top + 1]!);
  }
  return pc + 1;
}

/**
 * FOR d n (after the two endpoints) or EACH k d n: the body's values summed in order, as FEEL's
 * `sum` adds the list the `for` builds. Every pass is a budget step, as in the exact loop.
 */
function loop(program: number[], pc: number, operands: FeelValue[]): number {
  const each = program[pc] === OP.EACH;
  const list = each ? listOf(operands, program[pc + 1]!) : null;
  const head = each ? pc + 2 : pc + 1;
  const depth = program[head]!;
  const body = head + 2;
  const end = body + program[head + 1]!;
  // `for v in a..b` needs integer endpoints (a descending range when a > b); a list, its positions
  const first = each ? 0 : values[top - 1]!;
  const last = each ? (list?.length ?? 0) - 1 : values[top]!;
  if (each) {
    if (list === null || list.length === 0) return -1;
  } else {
    if (errors[top - 1] !== 0 || errors[top] !== 0 || !Number.isInteger(first) || !Number.isInteger(last)) return -1;
    top -= 2;
  }
  if (depth >= loopValues.length) return -1;
  const step = first <= last ? 1 : -1;
  const sum = top + 1;
  for (let v = first; ; v += step) {
    tick();
    ticks++;
    if (list !== null) {
      if (!push(list[v]!)) return -1;
      loopValues[depth] = values[top]!;
      loopErrors[depth] = errors[top--]!;
    } else {
      loopValues[depth] = v;
      loopErrors[depth] = 0;
    }
    if (!run(program, body, end, operands)) return -1;
    // the body left its value in the slot after the sum's (the sum starts as the first value)
    if (v !== first) {
      top--;
      add(sum, values[sum]!, errors[sum]!, values[top + 1]!, errors[top + 1]!);
      const size = Math.abs(values[sum]!);
      if (!Number.isFinite(size) || (size !== 0 && size < MIN_NORMAL)) return -1;
    }
    if (v === last) break;
  }
  return end - 1;
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
  top = -1;
  ticks = 0;
  const answer = run(program, 0, program.length, operands) && top === 0 ? rounded(places, mode) : undefined;
  // the exact path walks the same loops again and counts them itself
  if (answer === undefined) refund(ticks);
  return answer;
}

/** The value in slot 0 rounded, when its bound keeps it clear of the rounding's edges. */
function rounded(places: number, mode: number): Decimal | undefined {
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
