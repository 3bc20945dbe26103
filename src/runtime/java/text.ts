// Java's number → text conversions: Double.toString / Float.toString, and String.format with the
// conversions a decision model uses (documented in docs/java-externals.md).
import { Decimal, isDecimal } from "../decimal.js";
import { numberToString, toFeelString } from "../format.js";
import type { FeelValue } from "../values.js";
import { shortestDigits } from "./types.js";

/**
 * Double.toString (Float.toString when isFloat): the shortest digits that read back, plain with at
 * least one fraction digit from 10^-3 up to 10^7, else `d.dddE±n`.
 */
export function javaFloatingToString(x: number, isFloat: boolean): string {
  if (Number.isNaN(x)) return "NaN";
  if (!Number.isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exp] = shortestDigits(Math.abs(x), isFloat).split("e") as [string, string];
  const digits = mantissa.replace(".", "");
  const e = Number(exp);
  const sign = x < 0 ? "-" : "";
  const abs = Math.abs(x);
  if (abs >= 1e-3 && abs < 1e7) {
    if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
    const whole = digits.slice(0, e + 1).padEnd(e + 1, "0");
    return `${sign}${whole}.${digits.slice(e + 1) || "0"}`;
  }
  return `${sign}${digits[0]}.${digits.slice(1) || "0"}E${e}`;
}

const SPECIFIER = /%(?:(\d+)\$)?([-+ 0,]*)(\d+)?(?:\.(\d+))?([a-zA-Z%])/g;

type Spec = { flags: string; width: number; precision: number | undefined };

/** A number's text with Java's `+`, ` `, `,` and `0` flags applied (`0` pads after the sign up to the width). */
function signed(text: string, spec: Spec): string {
  const negative = text.startsWith("-");
  let body = negative ? text.slice(1) : text;
  if (spec.flags.includes(",")) body = body.replace(/^\d+/, (w) => w.replace(/\B(?=(\d{3})+$)/g, ","));
  const sign = negative ? "-" : spec.flags.includes("+") ? "+" : spec.flags.includes(" ") ? " " : "";
  if (spec.flags.includes("0")) body = body.padStart(spec.width - sign.length, "0");
  return sign + body;
}

/** Each conversion: the text of one argument, or undefined when Java would throw. */
const CONVERSIONS: Record<string, (v: FeelValue, spec: Spec) => string | undefined> = {
  s: (v, spec) => {
    const text = v === null ? "null" : typeof v === "string" ? v : isDecimal(v) ? numberToString(v) : toFeelString(v);
    return spec.precision === undefined ? text : text.slice(0, spec.precision);
  },
  b: (v) => (v === null ? "false" : typeof v === "boolean" ? String(v) : "true"),
  // BigDecimal takes %d only when integral here (Java itself rejects BigDecimal for %d)
  d: (v, spec) => (isDecimal(v) && v.isInteger() ? signed(v.toFixed(0), spec) : undefined),
  f: (v, spec) => (isDecimal(v) ? signed(v.toFixed(spec.precision ?? 6, Decimal.ROUND_HALF_UP), spec) : undefined),
};

/**
 * String.format(format, args...): `%s`, `%S`, `%b`, `%d`, `%f`, `%n`, `%%`, with an argument index
 * (`%2$s`), the flags `-`, `+`, space, `0` and `,`, a width and a precision. Undefined (Java's
 * IllegalFormatException) for other conversions, a missing argument or an argument that does not fit.
 */
export function javaFormat(format: string, args: readonly FeelValue[]): string | undefined {
  // a `%` that starts no specifier (a trailing `%`) is an UnknownFormatConversionException
  if (format.replace(SPECIFIER, "").includes("%")) return undefined;
  let next = 0;
  let failed = false;
  const out = format.replace(
    SPECIFIER,
    (_m, index: string | undefined, flags: string, width: string | undefined, precision: string | undefined, conv: string) => {
      if (conv === "n") return "\n";
      if (conv === "%") return "%";
      const convert = CONVERSIONS[conv.toLowerCase()];
      const position = index ? Number(index) - 1 : next++;
      if (!convert || position >= args.length) return ((failed = true), "");
      const spec = { flags, width: Number(width ?? 0), precision: precision === undefined ? undefined : Number(precision) };
      let text = convert(args[position]!, spec);
      if (text === undefined) return ((failed = true), "");
      if (conv !== conv.toLowerCase()) text = text.toUpperCase();
      return flags.includes("-") ? text.padEnd(spec.width) : text.padStart(spec.width);
    },
  );
  return failed ? undefined : out;
}
