// Compares an actual FEEL value with a TCK `expected` element: numbers by decimal equality (by
// double equality when the kit wrote the value as xsd:double), lists item by item, contexts
// entry by entry with the same keys, temporal values by FEEL equality, nil as null. An untyped
// expected `<value>` is read as the kind the actual value has.
import { Decimal, isDecimal } from "../runtime/decimal.js";
import { valueEquals } from "../runtime/equality.js";
import { toFeelString } from "../runtime/format.js";
import { kindOf } from "../runtime/kinds.js";
import { FeelContext, type FeelValue } from "../runtime/values.js";
import { child, childrenNamed, xsiAttr, type XmlElement } from "../dmn/xml.js";
import { isDoubleValue, readValue } from "./xml-values.js";

/** `note` tells when numbers matched only within the tolerance for inexact expected values. */
export type Comparison = { ok: true; note?: string } | { ok: false; reason: string };

const OK: Comparison = { ok: true };
const fail = (reason: string): Comparison => ({ ok: false, reason });

/** Short text of a value for failure details. */
export function show(v: FeelValue | undefined): string {
  if (v === undefined) return "(no value)";
  try {
    return toFeelString(v);
  } catch {
    return String(v);
  }
}

/** The portable type whose reader turns an untyped expected text into the actual's kind. */
const TYPE_OF_KIND: Record<string, string> = {
  number: "number",
  boolean: "boolean",
  string: "string",
  date: "date",
  time: "time",
  "date and time": "date and time",
  "days and time duration": "days and time duration",
  "years and months duration": "years and months duration",
};

/** Expected values with at least this many significant digits may be roundings of the result. */
const ROUNDED_MIN_DIGITS = 8;
/** Relative difference accepted for expected values computed in binary floating point. */
const RELATIVE_TOLERANCE = new Decimal("1e-12");

/** Significant digits of a written decimal (`-0.88796890` → 8), trailing zeros included. */
const writtenDigits = (text: string): number =>
  /^\s*[+-]?0*\.?0*(\d*)\.?(\d*)/
    .exec(text.replace(/[eE].*$/, ""))
    ?.slice(1)
    .join("").length ?? 0;

/**
 * Decimal equality, then the two ways the kit writes inexact numbers: rounded (or cut) to fewer
 * digits (`1.38629436` for log(4)), or computed in doubles (`662.707359373292`).
 */
function compareNumbers(actual: Decimal, expected: Decimal, written: string, double: boolean, path: string): Comparison {
  if (actual.eq(expected)) return OK;
  if (double && Number(actual.toString()) === Number(expected.toString())) return OK;
  // the digits as the kit wrote them: `-0.88796890` is a rounding to 8 digits, trailing zero included
  const digits = Math.max(expected.sd(true), writtenDigits(written));
  const note = (how: string): Comparison => ({ ok: true, note: `${path}: ${show(actual)} matches ${show(expected)} ${how}` });
  if (digits >= ROUNDED_MIN_DIGITS) {
    for (const mode of [Decimal.ROUND_HALF_UP, Decimal.ROUND_DOWN]) {
      if (actual.toSignificantDigits(digits, mode).eq(expected)) return note(`rounded to ${digits} digits`);
    }
  }
  if (!expected.isZero() && actual.minus(expected).abs().lte(expected.abs().times(RELATIVE_TOLERANCE))) {
    return note("within a relative 1e-12");
  }
  return fail(`${path}: expected ${show(expected)}${double ? " (double)" : ""}, got ${show(actual)}`);
}

function compareScalar(expectedEl: XmlElement, actual: FeelValue, path: string): Comparison {
  const typed = xsiAttr(child(expectedEl, "value")!, "type") !== undefined;
  const kind = actual === null ? "null" : kindOf(actual);
  const expected = readValue(expectedEl, typed ? undefined : TYPE_OF_KIND[kind], { types: {} });
  if (expected === null) return actual === null ? OK : fail(`${path}: expected null, got ${show(actual)}`);
  if (actual === null) return fail(`${path}: expected ${show(expected)}, got null`);
  if (isDecimal(expected) && isDecimal(actual)) {
    return compareNumbers(actual, expected, child(expectedEl, "value")!.text ?? "", isDoubleValue(expectedEl), path);
  }
  return valueEquals(actual, expected) === true ? OK : fail(`${path}: expected ${show(expected)}, got ${show(actual)}`);
}

/** The first failure, else success carrying the notes of the parts. */
function all(parts: (() => Comparison)[]): Comparison {
  const notes: string[] = [];
  for (const part of parts) {
    const r = part();
    if (!r.ok) return r;
    if (r.note) notes.push(r.note);
  }
  return notes.length > 0 ? { ok: true, note: notes.join("; ") } : OK;
}

export function compareValue(expectedEl: XmlElement, actual: FeelValue | undefined, path = "result"): Comparison {
  const a: FeelValue = actual === undefined ? null : actual;
  if (xsiAttr(expectedEl, "nil") === "true") return a === null ? OK : fail(`${path}: expected null, got ${show(a)}`);

  const list = child(expectedEl, "list");
  if (list) {
    if (xsiAttr(list, "nil") === "true") return a === null ? OK : fail(`${path}: expected null, got ${show(a)}`);
    const items = childrenNamed(list, "item");
    if (!Array.isArray(a)) return fail(`${path}: expected a list of ${items.length}, got ${show(a)}`);
    if (a.length !== items.length) return fail(`${path}: expected ${items.length} items, got ${a.length}: ${show(a)}`);
    return all(items.map((item, i) => () => compareValue(item, a[i], `${path}[${i + 1}]`)));
  }

  const components = childrenNamed(expectedEl, "component");
  if (components.length > 0) {
    if (!(a instanceof FeelContext)) return fail(`${path}: expected a context, got ${show(a)}`);
    const names = components.map((c) => c.attrs.name ?? "");
    const extra = [...a.entries.keys()].filter((k) => !names.includes(k));
    if (extra.length > 0) return fail(`${path}: unexpected entries ${extra.join(", ")} in ${show(a)}`);
    const missing = names.find((n) => !a.has(n));
    if (missing !== undefined) return fail(`${path}: missing entry "${missing}" in ${show(a)}`);
    return all(components.map((c) => () => compareValue(c, a.get(c.attrs.name ?? ""), `${path}.${c.attrs.name ?? ""}`)));
  }

  const value = child(expectedEl, "value");
  if (!value || xsiAttr(value, "nil") === "true") return a === null ? OK : fail(`${path}: expected null, got ${show(a)}`);
  return compareScalar(expectedEl, a, path);
}
