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
 * a..b return ...)`), the variable at depth d; EACH k d n: the same over the items of list operand k;
 * SET r: the top taken off into register r, GET r: register r pushed (a part of a loop's body that
 * does not depend on the loop, `1 + r` in `l[i] / (1 + r) ** i`, worked out once before the loop).
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
  SET: 14,
  GET: 15,
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
/** The variables of the loops being run, by depth, and the registers of SET and GET. */
const loopValues = new Float64Array(16);
const loopErrors = new Float64Array(16);
const savedValues = new Float64Array(16);
const savedErrors = new Float64Array(16);
/** The budget steps taken by the loops of the current run. */
let ticks = 0;

/** A decimal read into slot i as the nearest double: no error for an integer below 2^53, else half an ulp. */
function read(v: FeelValue, i: number): boolean {
  if (!isDecimal(v)) return false;
  const x = v.toNumber();
  const size = Math.abs(x);
  // beyond the doubles' range, or too small for U to bound the conversion (a zero must be one)
  if (!Number.isFinite(x) || (size < MIN_NORMAL && (x !== 0 || !v.isZero()))) return false;
  values[i] = x;
  errors[i] = Number.isInteger(x) && size < EXACT_INTEGERS && v.isInteger() ? 0 : size * U;
  return true;
}

/** Whether slot i is still a number U bounds: not beyond the doubles' range nor among the subnormals. */
function usable(i: number): boolean {
  const v = Math.abs(values[i]!);
  return Number.isFinite(v) && Number.isFinite(errors[i]!) && (v === 0 || v >= MIN_NORMAL);
}

/** The error of a literal's double: none for an integer below 2^53 (codegen passes other integers' text as operands), else half an ulp. */
const literalError = (x: number) => (Number.isInteger(x) && Math.abs(x) < EXACT_INTEGERS ? 0 : Math.abs(x) * U);

/** A sum or difference of exact operands that is an integer below 2^53 is exact too (positions such as `i + 1`). */
const exactResult = (ea: number, eb: number, v: number) => ea === 0 && eb === 0 && Number.isInteger(v) && Math.abs(v) < EXACT_INTEGERS;

/** a × b into slot i, with its error. */
function multiply(i: number, a: number, ea: number, b: number, eb: number): void {
  const v = a * b;
  values[i] = v;
  errors[i] = Math.abs(a) * eb + Math.abs(b) * ea + ea * eb + U * Math.abs(v);
}

/** base ** k into slot i by squaring (the base in slot i), k a whole number from 0 to MAX_EXPONENT. */
function powerBySquaring(i: number, k: number): void {
  // each product by the rule of `multiply`, in local variables: this loop runs for every power
  let base = values[i]!;
  let eBase = errors[i]!;
  let acc = 1;
  let eAcc = 0;
  // in 32-bit integers: `%` on a double is a call into C
  for (let bits = k >>> 0; bits > 0; bits >>>= 1) {
    if ((bits & 1) === 1) {
      const v = acc * base;
      eAcc = Math.abs(acc) * eBase + Math.abs(base) * eAcc + eAcc * eBase + U * Math.abs(v);
      acc = v;
    }
    if (bits > 1) {
      const v = base * base;
      eBase = 2 * Math.abs(base) * eBase + eBase * eBase + U * Math.abs(v);
      base = v;
    }
  }
  values[i] = acc;
  errors[i] = eAcc;
}

/**
 * `base ** n` (slots i and i + 1), n a whole number known exactly. The step remembers the last
 * base (value and bound) it raised and the power it got: raising the same base to one more is one
 * product by the rule of `multiply` (a loop's `(1 + r) ** i` costs one multiplication a pass), to
 * the same power no work. Any chain of products bounded by that rule bounds the power, so the
 * remembered power may come from an earlier pass or an earlier call.
 */
function powerStep(i: number): Step {
  // base, its bound, |n|, the power and its bound; in a typed array, as a closure's own variables
  // would box every double written to them
  const last = new Float64Array([NaN, NaN, -1, 1, 0]);
  return () => {
    const n = values[i + 1]!;
    if (errors[i + 1] !== 0 || !Number.isInteger(n) || Math.abs(n) > MAX_EXPONENT) return false;
    const k = Math.abs(n);
    const base = values[i]!;
    const eBase = errors[i]!;
    // a zero base is left to squaring: the sign of a zero power depends on the zero's own sign
    const same = base === last[0] && eBase === last[1] && base !== 0;
    if (same && k === last[2]! + 1) multiply(i, last[3]!, last[4]!, base, eBase);
    else if (same && k === last[2]) {
      values[i] = last[3]!;
      errors[i] = last[4]!;
    } else powerBySquaring(i, k);
    const power = values[i]!;
    const error = errors[i]!;
    last[0] = base;
    last[1] = eBase;
    last[2] = k;
    last[3] = power;
    last[4] = error;
    // the power's own checks come after; a reciprocal must not hide a subnormal power
    return (n >= 0 || (Math.abs(power) >= MIN_NORMAL && divide(i, 1, 0, power, error))) && usable(i);
  };
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

/**
 * One instruction, compiled: the slots it reads and writes are fixed by its place in the postfix
 * program, so a step knows them and no stack pointer is kept at run time. False when the program
 * cannot be certified.
 */
type Step = (operands: FeelValue[]) => boolean;

const fail: Step = () => false;

/** A list of steps run in order, and the stack's top after them. */
interface Compiled {
  steps: Step[];
  top: number;
}

/** Each program compiled once (generated code passes the same array on every call). */
const compiledPrograms = new WeakMap<number[], Compiled>();

const runSteps = (steps: Step[], operands: FeelValue[]): boolean => {
  for (let i = 0; i < steps.length; i++) if (!steps[i]!(operands)) return false;
  return true;
};

/** + - × ÷ and powers on slots i and i + 1, the result in slot i. */
const BINARY: Record<number, (i: number) => Step> = {
  [OP.ADD]: (i) => () => (add(i, values[i]!, errors[i]!, values[i + 1]!, errors[i + 1]!), usable(i)),
  [OP.SUB]: (i) => () => (add(i, values[i]!, errors[i]!, -values[i + 1]!, errors[i + 1]!), usable(i)),
  [OP.MUL]: (i) => () => (multiply(i, values[i]!, errors[i]!, values[i + 1]!, errors[i + 1]!), usable(i)),
  [OP.DIV]: (i) => () => divide(i, values[i]!, errors[i]!, values[i + 1]!, errors[i + 1]!) && usable(i),
  // an exponent known exactly
  [OP.POW]: powerStep,
};

/** Compiles program[from, end) for a stack whose top is `top` before it. */
function compile(program: number[], from: number, end: number, top: number): Compiled {
  const steps: Step[] = [];
  for (let pc = from; pc < end; pc++) {
    const op = program[pc]!;
    const arg = program[pc + 1]!;
    // every instruction leaves at most one more value, and a loop's body one above its sum
    if (top + 2 >= values.length) return { steps: [fail], top };
    if (op === OP.IN || op === OP.LIT || op === OP.VAR || op === OP.GET || op === OP.COUNT || op === OP.SUM) {
      steps.push(op === OP.GET && !(arg < savedValues.length) ? fail : leaf(op, arg, ++top));
      pc++;
    } else if (op === OP.SET) {
      const i = top--;
      steps.push(
        arg < savedValues.length
          ? () => {
              savedValues[arg] = values[i]!;
              savedErrors[arg] = errors[i]!;
              return true;
            }
          : fail,
      );
      pc++;
    } else if (op === OP.NEG) {
      const i = top;
      steps.push(() => ((values[i] = -values[i]!), true));
    } else if (op === OP.ITEM) {
      steps.push(item(arg, top));
      pc++;
    } else if (op === OP.FOR || op === OP.EACH) {
      const each = op === OP.EACH;
      const head = each ? pc + 2 : pc + 1;
      const depth = program[head]!;
      const bodyEnd = head + 2 + program[head + 1]!;
      // the sum takes the slot of the first endpoint, or a new one; the body's value goes above it
      const sum = each ? ++top : --top;
      const body = compile(program, head + 2, bodyEnd, sum);
      const ok = depth < loopValues.length && body.top === sum + 1;
      steps.push(ok ? loop(each ? arg : -1, depth, sum, body.steps) : fail);
      pc = bodyEnd - 1;
    } else {
      steps.push(BINARY[op]?.(--top) ?? fail);
    }
  }
  return { steps, top };
}

/** A value pushed into slot i: an operand, a literal, a loop variable, a register, or the count or sum of a list operand. */
function leaf(op: number, arg: number, i: number): Step {
  if (op === OP.IN) {
    // read once however many passes of a loop read it: a decimal's value never changes
    let seen: FeelValue = null;
    // its double and bound in a typed array: a closure's own variables would box every double written
    const kept = new Float64Array(2);
    return (operands) => {
      const v = operands[arg]!;
      if (v !== seen || v === null) {
        if (!read(v, i)) return false;
        seen = v;
        kept[0] = values[i]!;
        kept[1] = errors[i]!;
        return true;
      }
      values[i] = kept[0]!;
      errors[i] = kept[1]!;
      return true;
    };
  }
  if (op === OP.VAR)
    return () => {
      values[i] = loopValues[arg]!;
      errors[i] = loopErrors[arg]!;
      return true;
    };
  if (op === OP.GET)
    return () => {
      values[i] = savedValues[arg]!;
      errors[i] = savedErrors[arg]!;
      return true;
    };
  if (op === OP.LIT) {
    const e = literalError(arg);
    return () => {
      values[i] = arg;
      errors[i] = e;
      return true;
    };
  }
  if (op === OP.COUNT)
    return (operands) => {
      const list = listOf(operands, arg);
      values[i] = list === null ? NaN : list.length;
      errors[i] = 0;
      return list !== null;
    };
  // SUM: FEEL adds the items in order from zero, each sum rounded; an empty list's sum is null
  return (operands) => {
    const list = listOf(operands, arg);
    if (list === null || list.length === 0 || !read(list[0]!, i)) return false;
    for (let k = 1; k < list.length; k++) {
      if (!read(list[k]!, i + 1)) return false;
      add(i, values[i]!, errors[i]!, values[i + 1]!, errors[i + 1]!);
    }
    return usable(i);
  };
}

/** FEEL's `l[p]` of list operand k, p in slot i and the item read into it. */
const item =
  (k: number, i: number): Step =>
  (operands) => {
    const list = listOf(operands, k);
    const at = list === null ? -1 : position(list, values[i]!, errors[i]!);
    return at >= 0 && read(list![at]!, i);
  };

/**
 * `sum(for v in a..b return ...)` (the endpoints in slots sum and sum + 1) or, for list operand k ≥ 0,
 * `sum(for v in l return ...)`: the body's values added in order into slot sum, as FEEL's `sum`
 * adds the list the `for` builds. Every pass is a budget step, as in the exact loop.
 */
function loop(k: number, depth: number, sum: number, body: Step[]): Step {
  const value = sum + 1;
  return (operands) => {
    const list = k >= 0 ? listOf(operands, k) : null;
    if (k >= 0 && (list === null || list.length === 0)) return false;
    // `for v in a..b` needs integer endpoints (a descending range when a > b); a list, its positions
    const first = list !== null ? 0 : values[sum]!;
    const last = list !== null ? list.length - 1 : values[value]!;
    if (list === null && (errors[sum] !== 0 || errors[value] !== 0 || !Number.isInteger(first) || !Number.isInteger(last))) return false;
    const step = first <= last ? 1 : -1;
    for (let v = first; ; v += step) {
      tick();
      ticks++;
      if (list === null) {
        loopValues[depth] = v;
        loopErrors[depth] = 0;
      } else {
        if (!read(list[v]!, value)) return false;
        loopValues[depth] = values[value]!;
        loopErrors[depth] = errors[value]!;
      }
      if (!runSteps(body, operands)) return false;
      if (v === first) {
        values[sum] = values[value]!;
        errors[sum] = errors[value]!;
      } else {
        add(sum, values[sum]!, errors[sum]!, values[value]!, errors[value]!);
        if (!usable(sum)) return false;
      }
      if (v === last) return true;
    }
  };
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
  let compiled = compiledPrograms.get(program);
  if (compiled === undefined) compiledPrograms.set(program, (compiled = compile(program, 0, program.length, -1)));
  ticks = 0;
  const answer = compiled.top === 0 && runSteps(compiled.steps, operands) ? rounded(places, mode) : undefined;
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
