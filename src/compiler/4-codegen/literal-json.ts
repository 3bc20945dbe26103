// The JSON form of a number literal worked out at code generation, by the runtime's own reading of
// the literal (`rt.num`, negated by `rt.neg`) and conversion (`numberToJson`), so that a table's
// constant output is not converted on every call. JS text of the form, or undefined for any other
// expression.
import type { Expr } from "../../ir/feel-ast.js";
import { neg } from "../../runtime/arithmetic.js";
import { numberToJson } from "../../runtime/json.js";
import { num } from "../../runtime/literals.js";

const literalNumber = (e: Expr) =>
  e.kind === "number" ? num(e.value) : e.kind === "negate" && e.operand.kind === "number" ? neg(num(e.operand.value)) : undefined;

/** JS text of the JSON form `rt.toJson` gives a number literal `e`, else undefined. */
export function numberLiteralJson(e: Expr): string | undefined {
  const value = literalNumber(e);
  return value === undefined ? undefined : JSON.stringify(numberToJson(value));
}
