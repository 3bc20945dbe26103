// A number literal's value as the source writes it, negated or not (`3`, `-2.5`): the bounds of
// types, table cells and ranges the compiler reads before any evaluation.
import type { Expr } from "./feel-ast.js";

export function literalNumber(e: Expr | null | undefined): number | undefined {
  if (!e) return undefined;
  if (e.kind === "number") return Number(e.value);
  if (e.kind === "negate" && e.operand.kind === "number") return -Number(e.operand.value);
  return undefined;
}
