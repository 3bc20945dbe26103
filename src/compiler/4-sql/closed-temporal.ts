// A closed expression about dates, times or durations that the lowering refuses as written
// (`@"2034-08-24T16:53:21.5".hour`, `date(@"1987-03-18T02:44:39-05:30")`, `time("10:46:43").time
// offset`) worked out at compile time by the runtime (3-optimise/closed.ts: only where it reports
// no problem), and lowered as the literal of its value: a date of years 1 to 9999, a duration of
// whole days or months, a number, a string, a boolean or null. A value of another kind (a time, a
// date and time) is still refused.
import type { Expr } from "../../ir/feel-ast.js";
import { isDecimal } from "../../runtime/decimal.js";
import { temporalBuiltins } from "../../runtime/temporal/builtins.js";
import { isWellFormed } from "../../runtime/well-formed.js";
import { DaysTimeDuration, FeelDate, YearsMonthsDuration, type FeelValue } from "../../runtime/values.js";
import { closedValue, foldWork } from "../3-optimise/closed.js";
import { walk } from "../3-optimise/walk.js";
import type { SqlContext } from "./context.js";
import { stringLiteral } from "./dialects.js";
import { durationLiteral } from "./durations.js";
import { negate, numberLiteral } from "./numbers.js";
import { literal, NULL_VALUE, SqlUnsupported, type SqlValue } from "./values.js";

const TEMPORAL_BUILTINS: ReadonlySet<string> = new Set(temporalBuiltins.map((b) => b.name));

/** Whether the expression reads a temporal literal or calls a built-in of dates, times and durations. */
function aboutTime(e: Expr): boolean {
  let found = false;
  walk(e, (x) => {
    if (x.kind === "temporal") found = true;
    else if (x.kind === "call" && x.callee.kind === "name" && x.callee.ref?.kind === "builtin")
      found ||= TEMPORAL_BUILTINS.has(x.callee.ref.name);
  });
  return found;
}

/** A date of years 1 to 9999 (both dialects' literals, and the dates the moves are bounded from). */
const isoText = (d: FeelDate): string | undefined =>
  d.year >= 1 && d.year <= 9999
    ? `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`
    : undefined;

/** A constant value as a literal of the lowering, or undefined for a value it holds no literal of. */
export function valueLiteral(v: FeelValue, cx: SqlContext): SqlValue | undefined {
  if (v === null) return NULL_VALUE;
  if (typeof v === "boolean") return literal(v ? "TRUE" : "FALSE", "boolean");
  if (typeof v === "string") return v.includes("\0") || !isWellFormed(v) ? undefined : literal(stringLiteral(v), "string");
  if (isDecimal(v)) {
    const n = numberLiteral(v.abs().toFixed(), cx);
    return v.isNegative() && !v.isZero() ? negate(n) : n;
  }
  if (v instanceof FeelDate) {
    const iso = isoText(v);
    return iso === undefined ? undefined : literal(cx.dialect.date(iso), "date");
  }
  if (v instanceof DaysTimeDuration || v instanceof YearsMonthsDuration) return durationLiteral(v, cx);
  return undefined;
}

/** The literal of a closed expression about dates, times or durations, or undefined where there is none. */
export function closedTemporal(e: Expr, cx: SqlContext): SqlValue | undefined {
  if (e.kind === "name" || !aboutTime(e)) return undefined;
  const v = closedValue(e, foldWork());
  try {
    return v === undefined ? undefined : valueLiteral(v, cx);
  } catch (error) {
    // a value no literal holds exactly (a part of a day): the refusal as written stands
    if (error instanceof SqlUnsupported) return undefined;
    throw error;
  }
}
