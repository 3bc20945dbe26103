// A date and time made of a date and a constant time of no zone (`date and time(d, time("10:47:16.5"))`,
// runtime temporal/builtins.ts `dateAndTimeOf`): its fields are the date's and the time's as they
// are, so it needs no column of its own. `date()` of it is the date; its `.year`, `.month`, `.day`
// and `.weekday` are the date's, its `.hour`, `.minute`, `.second`, `.time offset` and `.timezone`
// the time's constants (null where the date is). A zoned time is left out: its offset, and in a gap
// its hour, depend on the date.
import type { Expr } from "../../ir/feel-ast.js";
import { temporalProperty } from "../../runtime/temporal/properties.js";
import { FeelTime } from "../../runtime/values.js";
import { closedValue, foldWork } from "../3-optimise/closed.js";
import { valueLiteral } from "./closed-temporal.js";
import type { SqlContext } from "./context.js";
import { NULL_VALUE, type SqlValue } from "./values.js";

export interface DateAtTime {
  date: Expr;
  time: FeelTime;
}

/** `date and time(date, time)` called positionally with a constant time of no zone: its two parts. */
export function dateAtTime(e: Expr, shadowed: (name: string) => boolean): DateAtTime | undefined {
  if (e.kind !== "call" || e.named || e.args.length !== 2 || e.callee.kind !== "name") return undefined;
  const ref = e.callee.ref;
  if (ref?.kind !== "builtin" || ref.name !== "date and time" || shadowed(ref.name)) return undefined;
  const time = closedValue(e.args[1]!, foldWork());
  return time instanceof FeelTime && time.zone === null ? { date: e.args[0]!, time } : undefined;
}

const DATE_MEMBERS = new Set(["year", "month", "day", "weekday"]);

/** A member of the time's (`.hour`): its constant, null where the date (lowered: `d`) is; undefined for a member of the date's or none. */
export function timeMember(d: SqlValue, time: FeelTime, member: string, cx: SqlContext): SqlValue | undefined {
  if (DATE_MEMBERS.has(member)) return undefined;
  const v = temporalProperty(time, member);
  const constant = v === undefined ? undefined : valueLiteral(v, cx);
  if (!constant || d.kind === "null" || constant.kind === "null") return constant && NULL_VALUE;
  return {
    ...constant,
    sql: `CASE WHEN ${d.sql} IS NOT NULL THEN ${constant.sql} END`,
    depth: d.depth,
    atomic: false,
    constant: undefined,
  };
}
