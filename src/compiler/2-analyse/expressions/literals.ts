// Literals checked against a declared type: a string that is not an option of a choice/levels
// type, a number outside a constrained range. Literals that fit a choice/levels type take it on,
// so later phases see `"high"` as a level (levels compare by rank, not alphabetically).
import { diagnostic } from "../../../ir/diagnostics.js";
import type { Expr, UnaryTests } from "../../../ir/feel-ast.js";
import type { Type } from "../../../ir/types.js";
import { typeToString } from "./compat.js";
import { at, type ExprContext } from "./context.js";
import { didYouMean } from "../../1-parse/suggest.js";

/** The expressions a table cell's tests compare the column value with. */
function testedValues(tests: UnaryTests): Expr[] {
  if (tests.kind === "any") return [];
  return tests.tests.flatMap((t) => (t.kind === "range" ? [t.range.start, t.range.end].filter((e): e is Expr => e !== null) : [t.value]));
}

/** The literal results of an expression: itself, or both branches of an `if`. */
function resultLiterals(e: Expr): Expr[] {
  if (e.kind === "if") return [...resultLiterals(e.then), ...resultLiterals(e.else)];
  return [e];
}

function checkLiteral(e: Expr, type: Type, ctx: ExprContext, what: string): void {
  if ((type.kind === "choice" || type.kind === "levels") && e.kind === "string") {
    if (type.values.includes(e.value)) e.type = type;
    else
      ctx.sink.push(
        diagnostic(
          "types.not-an-option",
          { value: e.value, what, values: type.values, didYouMean: didYouMean(e.value, type.values) },
          at(ctx, e.span),
        ),
      );
    return;
  }
  if (type.kind === "list" && e.kind === "list") {
    for (const item of e.items) checkLiteral(item, type.element, ctx, what);
    return;
  }
  if (type.kind === "number" && type.constraint) {
    const n =
      e.kind === "number" ? Number(e.value) : e.kind === "negate" && e.operand.kind === "number" ? -Number(e.operand.value) : undefined;
    const c = type.constraint;
    if (n === undefined) return;
    const outside =
      (c.minimum !== undefined && n < c.minimum) ||
      (c.maximum !== undefined && n > c.maximum) ||
      (c.exclusiveMinimum !== undefined && n <= c.exclusiveMinimum) ||
      (c.exclusiveMaximum !== undefined && n >= c.exclusiveMaximum);
    if (outside) ctx.sink.push(diagnostic("types.out-of-range", { value: n, type: typeToString(type) }, at(ctx, e.span)));
  }
}

/** `what` names the allowed values in messages: "the column's values". */
export function checkCellLiterals(tests: UnaryTests, column: Type, ctx: ExprContext, what = "the column's values"): void {
  for (const v of testedValues(tests)) if (v.kind === "string") checkLiteral(v, column, ctx, what);
}

export function checkResultLiterals(e: Expr, type: Type, ctx: ExprContext, what: string): void {
  for (const v of resultLiterals(e)) checkLiteral(v, type, ctx, what);
}
