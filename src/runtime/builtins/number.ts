// Numeric built-ins (DMN 1.5 10.3.4.5).
import type { Decimal as DecimalJs } from "decimal.js";
import { Decimal } from "../decimal.js";
import { div, finite } from "../arithmetic.js";
import { describe, isDuration } from "../kinds.js";
import { problem } from "../problems.js";
import { temporalAbs } from "../temporal/index.js";
import type { FeelValue } from "../values.js";
import { asInt, bad, isNum, scalarDef } from "./args.js";
import type { BuiltinDef } from "./def.js";

// decimal128 scale limits: a scale outside them has no representable result
const MIN_SCALE = -6111;
const MAX_SCALE = 6176;

type Rounding = DecimalJs.Rounding;

/** n rounded to `scale` decimal places (a negative scale rounds to tens, hundreds, ...). */
function roundTo(n: Decimal, scale: number, mode: Rounding): Decimal {
  if (scale >= 0) return n.toDecimalPlaces(scale, mode);
  const factor = new Decimal(10).pow(-scale);
  return n.div(factor).toDecimalPlaces(0, mode).times(factor);
}

/** The rounding built-ins that take `(n, scale)`, with their modes. */
export const ROUNDING_MODES: Readonly<Record<string, Rounding>> = {
  decimal: Decimal.ROUND_HALF_EVEN,
  floor: Decimal.ROUND_FLOOR,
  ceiling: Decimal.ROUND_CEIL,
  "round up": Decimal.ROUND_UP,
  "round down": Decimal.ROUND_DOWN,
  "round half up": Decimal.ROUND_HALF_UP,
  "round half down": Decimal.ROUND_HALF_DOWN,
};

/**
 * `decimal(n, 2)` and its siblings with a literal scale from 0 to 22, as generated code calls
 * them: a number rounds at once; anything else goes to the built-in (`general`) for its message.
 */
export function roundPlaces(n: FeelValue, places: number, mode: Rounding, general: (n: FeelValue, scale: FeelValue) => FeelValue): FeelValue {
  return isNum(n) ? finite(n.toDecimalPlaces(places, mode), "rounding") : general(n, new Decimal(places));
}

/** `decimal(a / b, 2)` and its siblings: the quotient rounded in one step when it can be. */
export function roundQuotient(a: FeelValue, b: FeelValue, places: number, mode: Rounding, general: (n: FeelValue, scale: FeelValue) => FeelValue): FeelValue {
  const r = isNum(a) && isNum(b) ? a.divToPlaces(b, places, mode) : null;
  return r ?? roundPlaces(div(a, b), places, mode, general);
}

function rounding(name: string, mode: Rounding, scaleOptional: boolean): BuiltinDef {
  const impl = (n: FeelValue, scale?: FeelValue): FeelValue => {
    if (!isNum(n)) return bad(name, "n", n, "a number");
    let s = 0;
    if (scale !== undefined) {
      const v = asInt(scale);
      if (v === undefined) return bad(name, "scale", scale, "a number");
      if (v < MIN_SCALE || v > MAX_SCALE) return problem(`${name}(): scale ${v} is out of range`);
      s = v;
    }
    return finite(roundTo(n, s, mode), name);
  };
  return { name, signatures: [{ params: ["n", "scale"], required: scaleOptional ? 1 : 2, impl }] };
}

function unary(name: string, param: string, f: (n: Decimal) => FeelValue): BuiltinDef {
  return {
    name,
    signatures: [{ params: [param], impl: (n) => (isNum(n) ? f(n) : bad(name, param, n, "a number")) }],
  };
}

function parity(name: string, remainder: 0 | 1): BuiltinDef {
  return unary(name, "number", (n) =>
    n.isInteger() ? n.mod(2).abs().eq(remainder) : problem(`${name}(): ${describe(n)} is not an integer`),
  );
}

function abs(n: FeelValue): FeelValue {
  if (isNum(n)) return n.abs();
  if (isDuration(n)) return temporalAbs(n);
  return bad("abs", "n", n, "a number or a duration");
}

/** The remainder with the sign of the divisor: dividend - divisor * floor(dividend / divisor). */
function modulo(dividend: FeelValue, divisor: FeelValue): FeelValue {
  if (!isNum(dividend)) return bad("modulo", "dividend", dividend, "a number");
  if (!isNum(divisor)) return bad("modulo", "divisor", divisor, "a number");
  if (divisor.isZero()) return problem("modulo(): division by zero");
  const r = dividend.mod(divisor); // truncated: sign of the dividend
  return !r.isZero() && r.isNegative() !== divisor.isNegative() ? r.plus(divisor) : r.abs().isZero() ? new Decimal(0) : r;
}

const scalarNumberBuiltins: BuiltinDef[] = [
  ...Object.entries(ROUNDING_MODES).map(([name, mode]) => rounding(name, mode, name === "floor" || name === "ceiling")),
  { name: "abs", signatures: [{ params: ["n"], impl: abs }] },
  { name: "modulo", signatures: [{ params: ["dividend", "divisor"], impl: modulo }] },
  unary("sqrt", "number", (n) => (n.isNegative() ? problem("sqrt(): negative number") : n.sqrt())),
  unary("log", "number", (n) => (n.lte(0) ? problem("log(): the number must be positive") : n.ln())),
  unary("exp", "number", (n) => finite(n.exp(), "exp()")),
  parity("odd", 1),
  parity("even", 0),
];

export const numberBuiltins: BuiltinDef[] = scalarNumberBuiltins.map(scalarDef);
