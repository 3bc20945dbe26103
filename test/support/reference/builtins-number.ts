// Numeric built-ins (DMN 1.5, 10.3.4.5) on decimal.js at 34 digits, half-even.
import type { Decimal } from "decimal.js";
import { finite } from "./arithmetic.js";
import { int, n, type RefBuiltin } from "./builtin-def.js";
import { Num, unsigned, type RValue } from "./values.js";

const MIN_SCALE = -6111;
const MAX_SCALE = 6176;
const TEN = new Num(10);

/** v rounded to k decimal places (k < 0: to tens, hundreds, ...); shifting by a power of ten is exact */
const roundTo = (v: Num, k: number, mode: Decimal.Rounding): Num =>
  unsigned(k >= 0 ? v.toDecimalPlaces(k, mode) : v.div(TEN.pow(-k)).toDecimalPlaces(0, mode).times(TEN.pow(-k)));

function rounding(mode: Decimal.Rounding, scaleOptional: boolean): RefBuiltin {
  return {
    signatures: scaleOptional ? [["n"], ["n", "scale"]] : [["n", "scale"]],
    impl: ([x, scale]) => {
      const v = n(x);
      const k = scale === undefined ? 0 : int(scale);
      return v === null || k === null || k < MIN_SCALE || k > MAX_SCALE ? null : roundTo(v, k, mode);
    },
  };
}

const unary = (f: (x: Num) => RValue, param = "number"): RefBuiltin => ({
  signatures: [[param]],
  impl: ([x]) => {
    const v = n(x);
    return v === null ? null : f(v);
  },
});

export const numberBuiltins: Record<string, RefBuiltin> = {
  decimal: rounding(Num.ROUND_HALF_EVEN, false),
  floor: rounding(Num.ROUND_FLOOR, true),
  ceiling: rounding(Num.ROUND_CEIL, true),
  "round up": rounding(Num.ROUND_UP, false),
  "round down": rounding(Num.ROUND_DOWN, false),
  "round half up": rounding(Num.ROUND_HALF_UP, false),
  "round half down": rounding(Num.ROUND_HALF_DOWN, false),
  abs: unary((x) => x.abs(), "n"),
  sqrt: unary((x) => (x.lt(0) ? null : x.sqrt())),
  exp: unary((x) => finite(x.exp())),
  log: unary((x) => (x.lte(0) ? null : x.ln())),
  even: unary((x) => (x.isInteger() ? x.mod(2).isZero() : null)),
  odd: unary((x) => (x.isInteger() ? !x.mod(2).isZero() : null)),
  modulo: {
    signatures: [["dividend", "divisor"]],
    impl: ([a, b]) => {
      const [x, y] = [n(a), n(b)];
      if (x === null || y === null || y.isZero()) return null;
      // x − y × floor(x / y): the remainder takes the divisor's sign (Num's modulo mode is ROUND_FLOOR)
      return unsigned(x.mod(y));
    },
  },
};
