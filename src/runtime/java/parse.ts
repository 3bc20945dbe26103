// Java's text → number parsers, with Java's grammar: Integer/Long/Short/Byte.parseX (and valueOf),
// Double/Float.parseX (and valueOf), Boolean.parseBoolean. A NumberFormatException is undefined.

const NATIVE_DIGIT = /^\p{Nd}$/u;

/**
 * The value of a decimal digit as Character.digit(c, 10) reads it: ASCII and every other Unicode
 * decimal digit. Unicode encodes each script's digits as runs of ten from zero, adjacent runs
 * back to back, so the value is the distance from the start of the run, modulo ten.
 */
function digitValue(cp: number): number | undefined {
  const isDigit = (c: number) => NATIVE_DIGIT.test(String.fromCodePoint(c));
  if (!isDigit(cp)) return undefined;
  let start = cp;
  while (start > 0 && isDigit(start - 1)) start--;
  return (cp - start) % 10;
}

/** Integer.parseInt and its siblings: an optional sign and one or more decimal digits, nothing else, within [min, max]. */
export function parseJavaInteger(s: string, min: bigint, max: bigint): bigint | undefined {
  const chars = Array.from(s);
  const sign = chars[0] === "-" || chars[0] === "+" ? chars.shift() : undefined;
  if (chars.length === 0) return undefined;
  let v = 0n;
  for (const c of chars) {
    const d = digitValue(c.codePointAt(0)!);
    if (d === undefined) return undefined;
    v = v * 10n + BigInt(d);
  }
  if (sign === "-") v = -v;
  return v >= min && v <= max ? v : undefined;
}

const DECIMAL_FLOAT = /^[+-]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?)$/;
const HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)[fFdD]?$/;

/** Java's String.trim: drops leading and trailing characters up to U+0020. */
function javaTrim(s: string): string {
  let [start, end] = [0, s.length];
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.slice(start, end);
}

/**
 * Double.parseDouble (and valueOf, and Float's, narrowed by the caller): surrounding blanks, an
 * optional sign, `NaN`, `Infinity`, a decimal with optional exponent, or a hexadecimal
 * significand with a binary exponent; an optional `f`, `F`, `d` or `D` suffix.
 */
export function parseJavaDouble(text: string): number | undefined {
  const s = javaTrim(text);
  if (DECIMAL_FLOAT.test(s)) return Number(s.replace(/[fFdD]$/, ""));
  const hex = HEX_FLOAT.exec(s);
  if (!hex || (hex[2] === "" && (hex[3] ?? "") === "")) return undefined;
  const [, sign, whole = "", fraction = "", exponent] = hex;
  const significand = Number(BigInt(`0x${whole}${fraction}`));
  const v = significand === 0 ? 0 : significand * 2 ** (Number(exponent) - 4 * fraction.length);
  return sign === "-" ? -v : v;
}

/** Boolean.parseBoolean: true for "true" in any case, false for anything else. */
export const parseJavaBoolean = (s: string): boolean => s.toLowerCase() === "true";
