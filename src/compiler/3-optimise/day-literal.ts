// When a FEEL expression is a date literal (`@"2024-01-31"` or `date("2024-01-31")` of the
// built-in), its day number: a date column's cells then compare day numbers, as dates compare.
import type { Expr } from "../../ir/feel-ast.js";
import { epochDay } from "../../runtime/temporal/epoch-day.js";
import { isBuiltinCall } from "./builtin-call.js";

export function dayLiteral(e: Expr): number | null {
  let text: string | null = null;
  if (e.kind === "temporal") text = e.value;
  else if (isBuiltinCall(e, "date", 1) && e.args[0]!.kind === "string") text = e.args[0]!.value;
  const day = text === null ? NaN : epochDay(text);
  return Number.isNaN(day) ? null : day;
}
