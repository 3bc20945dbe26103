// A date moved by a duration the model writes as a constant (`d + duration("P1D")`,
// `d - @"P1Y2M"`): the duration is worked out at compile time by the runtime, and the move is the
// dialect's own date arithmetic by a whole number of days or months (durations.ts).
import * as rt from "../../runtime/index.js";
import { DaysTimeDuration, FeelDate, YearsMonthsDuration, type FeelValue } from "../../runtime/values.js";
import type { Expr } from "../../ir/feel-ast.js";
import { closedValue, foldWork } from "../3-optimise/closed.js";
import { unsupported, type SqlContext } from "./context.js";
import { MOST_DAYS, moveDate } from "./durations.js";
import { literal, type SqlValue } from "./values.js";

type Duration = DaysTimeDuration | YearsMonthsDuration;

const durations = new WeakMap<Expr, Duration | null>();

/** The duration a closed expression is (a literal, `duration("P1D")`, a sum of such), or null. */
export function constantDuration(e: Expr): Duration | null {
  let d = durations.get(e);
  if (d === undefined) {
    const v: FeelValue | undefined = e.kind === "name" ? undefined : closedValue(e, foldWork());
    d = v instanceof DaysTimeDuration || v instanceof YearsMonthsDuration ? v : null;
    durations.set(e, d);
  }
  return d;
}

/** A `+` or `-` of a date and a constant duration: which side is the date, and the duration. */
export function dateMove(n: Extract<Expr, { kind: "arith" }>): { date: Expr; by: Duration } | undefined {
  if (n.op !== "+" && n.op !== "-") return undefined;
  const right = constantDuration(n.right);
  if (right) return { date: n.left, by: right };
  const left = n.op === "+" ? constantDuration(n.left) : null;
  return left ? { date: n.right, by: left } : undefined;
}

/** The whole days a date moves by `sign` × a days and time duration, as the runtime moves it (a part of a day counts down). */
function daysMoved(by: DaysTimeDuration, sign: 1 | -1): number | undefined {
  const from = new FeelDate(2000, 1, 1);
  const to = sign > 0 ? rt.add(from, by) : rt.sub(from, by);
  const diff = to instanceof FeelDate ? rt.sub(to, from) : null;
  return diff instanceof DaysTimeDuration ? diff.seconds.div(86_400).toNumber() : undefined;
}

/** Date `d` (lowered) moved by `sign` × `by`. */
export function movedDate(d: SqlValue, by: Duration, sign: 1 | -1, cx: SqlContext): SqlValue {
  if (by instanceof YearsMonthsDuration) return moveDate(d, amount(sign * by.months, "months"), 1, cx);
  const days = daysMoved(by, sign);
  if (days === undefined || !Number.isSafeInteger(days) || Math.abs(days) > MOST_DAYS)
    throw unsupported(cx, "a date moved by a duration of more than 4,000 years");
  return moveDate(d, amount(days, "days"), 1, cx);
}

const amount = (n: number, kind: "days" | "months"): SqlValue => literal(String(n || 0), kind, { most: Math.abs(n) });
