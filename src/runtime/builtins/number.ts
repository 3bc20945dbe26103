// Numeric built-ins (DMN 1.5 10.3.4.5). One maker a built-in (def.ts), so that a bundle keeps those
// its model names.
import type { Rounding } from "../decimal-rounding.js";
import { Decimal } from "../decimal.js";
import { div, finite } from "../arithmetic.js";
import { describe, isDuration } from "../kinds.js";
import { problem } from "../problems.js";
import { temporalAbs } from "../temporal/index.js";
import type { FeelValue } from "../values.js";
import { asInt, bad, isNum, scalarDef } from "./args.js";
import { madeGroup, ofKind, T, type BuiltinDef, type BuiltinResult } from "./def.js";

// decimal128 scale limits: a scale outside them has no representable result
export const MIN_SCALE = -6111;
export const MAX_SCALE = 6176;

/**
 * n rounded to `scale` decimal places (a negative scale rounds to tens, hundreds, ...). The power of
 * ten is read from its text, not raised, so that rounding reaches no decimal power (a bundle of a
 * model that rounds but takes no power leaves powers out: compiler/6-package/bundle.ts).
 */
function roundTo(n: Decimal, scale: number, mode: Rounding): Decimal {
  if (scale >= 0) return n.toDecimalPlaces(scale, mode);
  const factor = new Decimal(`1e${-scale}`);
  return n.div(factor).toDecimalPlaces(0, mode).times(factor);
}

/** The rounding built-ins that take `(n, scale)`: mode, whether the scale may be left out, description. */
// (made in a call marked pure, so that a bundle that rounds with none of them leaves the table out)
const ROUNDINGS: readonly [name: string, mode: Rounding, scaleOptional: boolean, description: string][] = /* @__PURE__ */ (() => [
  ["decimal", Decimal.ROUND_HALF_EVEN, false, "n rounded to scale decimal places, halves to even."],
  ["floor", Decimal.ROUND_FLOOR, true, "n rounded down (toward negative infinity) to scale decimal places, 0 by default."],
  ["ceiling", Decimal.ROUND_CEIL, true, "n rounded up (toward positive infinity) to scale decimal places, 0 by default."],
  ["round up", Decimal.ROUND_UP, false, "n rounded away from zero to scale decimal places."],
  ["round down", Decimal.ROUND_DOWN, false, "n rounded toward zero to scale decimal places."],
  ["round half up", Decimal.ROUND_HALF_UP, false, "n rounded to scale decimal places, halves away from zero."],
  ["round half down", Decimal.ROUND_HALF_DOWN, false, "n rounded to scale decimal places, halves toward zero."],
])();

/** The rounding built-ins by name, with their modes (codegen rounds literal scales directly). */
export const ROUNDING_MODES: Readonly<Record<string, Rounding>> = /* @__PURE__ */ Object.fromEntries(
  ROUNDINGS.map(([name, mode]) => [name, mode]),
);

/**
 * `decimal(n, 2)` and its siblings with a literal scale from 0 to 22, as generated code calls
 * them: a number rounds at once; anything else goes to the built-in (`general`) for its message.
 */
export function roundPlaces(
  n: FeelValue,
  places: number,
  mode: Rounding,
  general: (n: FeelValue, scale: FeelValue) => FeelValue,
): FeelValue {
  return isNum(n) ? finite(n.toDecimalPlaces(places, mode), "rounding") : general(n, new Decimal(places));
}

/** `decimal(a / b, 2)` and its siblings: the quotient rounded in one step when it can be. */
export function roundQuotient(
  a: FeelValue,
  b: FeelValue,
  places: number,
  mode: Rounding,
  general: (n: FeelValue, scale: FeelValue) => FeelValue,
): FeelValue {
  const r = isNum(a) && isNum(b) ? a.divToPlaces(b, places, mode) : null;
  return r ?? roundPlaces(div(a, b), places, mode, general);
}

type Row = Omit<BuiltinDef, "kind">;

/** A row of the group, its single-value parameters taking a list of one item for the item (./args.ts). */
const numberDef = (row: Row): BuiltinDef => ofKind("number")(scalarDef(row));

/** The rounding built-in of that name (ROUNDINGS). */
function rounding(named: string): BuiltinDef {
  const [name, mode, scaleOptional, description] = ROUNDINGS.find(([n]) => n === named)!;
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
  return numberDef({
    name,
    result: T.number,
    description,
    signatures: [{ params: ["n", "scale"], required: scaleOptional ? 1 : 2, impl }],
  });
}

function unary(name: string, result: BuiltinResult, description: string, param: string, f: (n: Decimal) => FeelValue): BuiltinDef {
  return numberDef({
    name,
    result,
    description,
    signatures: [{ params: [param], impl: (n) => (isNum(n) ? f(n) : bad(name, param, n, "a number")) }],
  });
}

function parity(name: string, remainder: 0 | 1, description: string): BuiltinDef {
  return unary(name, T.boolean, description, "number", (n) =>
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
  // (a zero remainder of either sign is +0)
  if (r.isZero()) return new Decimal(0);
  return r.isNegative() !== divisor.isNegative() ? r.plus(divisor) : r;
}

export const builtinDecimal = (): BuiltinDef => rounding("decimal");
export const builtinFloor = (): BuiltinDef => rounding("floor");
export const builtinCeiling = (): BuiltinDef => rounding("ceiling");
export const builtinRoundUp = (): BuiltinDef => rounding("round up");
export const builtinRoundDown = (): BuiltinDef => rounding("round down");
export const builtinRoundHalfUp = (): BuiltinDef => rounding("round half up");
export const builtinRoundHalfDown = (): BuiltinDef => rounding("round half down");
export const builtinAbs = (): BuiltinDef =>
  numberDef({
    name: "abs",
    result: "argument",
    description: "The absolute value of a number or a duration.",
    signatures: [{ params: ["n"], impl: abs }],
  });
export const builtinModulo = (): BuiltinDef =>
  numberDef({
    name: "modulo",
    result: T.number,
    description: "The remainder of dividend divided by divisor, with the sign of the divisor.",
    signatures: [{ params: ["dividend", "divisor"], impl: modulo }],
  });
export const builtinSqrt = (): BuiltinDef =>
  unary("sqrt", T.number, "The square root; null for a negative number.", "number", (n) =>
    n.isZero() ? n.abs() : n.isNegative() ? problem("sqrt(): negative number") : n.sqrt(),
  );
export const builtinLog = (): BuiltinDef =>
  unary("log", T.number, "The natural logarithm; null unless the number is positive.", "number", (n) =>
    n.lte(0) ? problem("log(): the number must be positive") : n.ln(),
  );
export const builtinExp = (): BuiltinDef => unary("exp", T.number, "e raised to the number.", "number", (n) => finite(n.exp(), "exp()"));
export const builtinOdd = (): BuiltinDef => parity("odd", 1, "Whether an integer is odd; null for a non-integer.");
export const builtinEven = (): BuiltinDef => parity("even", 0, "Whether an integer is even; null for a non-integer.");

export const numberBuiltins: BuiltinDef[] = /* @__PURE__ */ madeGroup([
  builtinDecimal,
  builtinFloor,
  builtinCeiling,
  builtinRoundUp,
  builtinRoundDown,
  builtinRoundHalfUp,
  builtinRoundHalfDown,
  builtinAbs,
  builtinModulo,
  builtinSqrt,
  builtinLog,
  builtinExp,
  builtinOdd,
  builtinEven,
]);
