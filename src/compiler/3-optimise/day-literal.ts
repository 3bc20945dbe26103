// When a FEEL expression is a date literal (`@"2024-01-31"` or `date("2024-01-31")` of the
// built-in), its day number: a date column's cells then compare day numbers, as dates compare.
import type { Expr } from "../../ir/feel-ast.js";
import { epochDay } from "../../runtime/temporal/epoch-day.js";

export function dayLiteral(e: Expr): number | null {
  let text: string | null = null;
  if (e.kind === "temporal") text = e.value;
  else if (e.kind === "call" && !e.named && e.callee.kind === "name" && e.callee.ref?.kind === "builtin" && e.callee.ref.name === "date") {
    const [arg, ...rest] = e.args;
    if (arg?.kind === "string" && rest.length === 0) text = arg.value;
  }
  const day = text === null ? NaN : epochDay(text);
  return Number.isNaN(day) ? null : day;
}
