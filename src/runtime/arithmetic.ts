// FEEL arithmetic (DMN 1.5 10.3.2.3): decimals for numbers, concatenation for strings, the
// temporal module for dates, times and durations. A null operand propagates silently; any
// other mismatch is null plus a problem.
import { built } from "./budget.js";
import { Decimal, isDecimal } from "./decimal.js";
import { describe, isTemporalValue } from "./kinds.js";
import { problem } from "./problems.js";
import { temporalAdd, temporalDiv, temporalMul, temporalNeg, temporalSub } from "./temporal/index.js";
import type { FeelValue } from "./values.js";

/** A decimal result, or null when it overflowed or is undefined (NaN, ±Infinity). */
export function finite(d: Decimal, what: string): Decimal | null {
  if (!d.isFinite()) return problem(`${what} is not a finite number`);
  return d.isZero() && d.isNegative() ? new Decimal(0) : d;
}

type Op = (a: FeelValue, b: FeelValue) => FeelValue;

/** Operands other than two numbers: null propagates, strings and temporals have their own rules. */
function other(symbol: string, temporal: Op | null, strings?: (a: string, b: string) => string): Op {
  return (a, b) => {
    if (a === null || b === null || a === undefined || b === undefined) return null;
    if (strings && typeof a === "string" && typeof b === "string") return strings(a, b);
    if (temporal && (isTemporalValue(a) || isTemporalValue(b))) return temporal(a, b);
    return problem(`cannot apply ${symbol} to ${describe(a)} and ${describe(b)}`);
  };
}

const addOther = other("+", temporalAdd, (a, b) => built(a + b));
const subOther = other("-", temporalSub);
const mulOther = other("*", temporalMul);
const divOther = other("/", temporalDiv);
const powOther = other("**", null);

// Each operator tests for two numbers itself, so every call site stays monomorphic.
export function add(a: FeelValue, b: FeelValue): FeelValue {
  return isDecimal(a) && isDecimal(b) ? finite(a.plus(b), "sum") : addOther(a, b);
}
export function sub(a: FeelValue, b: FeelValue): FeelValue {
  return isDecimal(a) && isDecimal(b) ? finite(a.minus(b), "difference") : subOther(a, b);
}
export function mul(a: FeelValue, b: FeelValue): FeelValue {
  return isDecimal(a) && isDecimal(b) ? finite(a.times(b), "product") : mulOther(a, b);
}
export function div(a: FeelValue, b: FeelValue): FeelValue {
  if (!isDecimal(a) || !isDecimal(b)) return divOther(a, b);
  return b.isZero() ? problem("division by zero") : finite(a.div(b), "quotient");
}
export function pow(a: FeelValue, b: FeelValue): FeelValue {
  return isDecimal(a) && isDecimal(b) ? power(a, b) : powOther(a, b);
}

function power(base: Decimal, exponent: Decimal): FeelValue {
  if (base.isZero() && exponent.isNegative()) return problem("zero raised to a negative power");
  return finite(base.pow(exponent), "power");
}

export function neg(a: FeelValue): FeelValue {
  if (a === null || a === undefined) return null;
  if (isDecimal(a)) return finite(a.neg(), "negation");
  if (isTemporalValue(a)) return temporalNeg(a);
  return problem(`cannot negate ${describe(a)}`);
}
