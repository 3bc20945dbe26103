// Input cells that are valid FEEL but cannot mean what they say: `25-70` in a number column is
// the number -45, `true` in a number column never matches (a number is never true), `<= 0,43`
// is two tests, `[620, 719]` is a list that matches only 620 and 719. Each check is one entry of a
// table, tried on every test of a cell.
import { diagnostic } from "../../../ir/diagnostics.js";
import type { Expr, UnaryTest, UnaryTests } from "../../../ir/feel-ast.js";
import type { Type } from "../../../ir/types.js";
import { dec } from "../../../runtime/decimal.js";
import { numberToString } from "../../../runtime/format.js";
import { isCertain } from "../expressions/compat.js";
import { at, type ExprContext } from "../expressions/context.js";

/** A number literal, or a negated one, as text. */
function literalNumber(e: Expr): string | undefined {
  if (e.kind === "number") return e.value;
  if (e.kind === "negate" && e.operand.kind === "number") return `-${e.operand.value}`;
  return undefined;
}

type Check = (test: UnaryTest, column: Type, ctx: ExprContext, cell: string) => void;

const textOf = (ctx: ExprContext, test: UnaryTest): string => ctx.source.slice(test.span.start, test.span.end);

/** `25-70`: a subtraction of two literals in a number column. */
const arithmetic: Check = (test, column, ctx) => {
  if (test.kind !== "expr" || column.kind !== "number") return;
  const e = test.value;
  if (e.kind !== "arith" || e.op !== "-") return;
  const [low, high] = [literalNumber(e.left), literalNumber(e.right)];
  if (low === undefined || high === undefined) return;
  const value = numberToString(dec(low).minus(high));
  ctx.sink.push(
    diagnostic(
      "tables.cell-intent",
      { variant: "arithmetic", text: textOf(ctx, test), value, range: `[${low}..${high}]` },
      at(ctx, test.span),
    ),
  );
};

/** `true` or `false` in a column that is not boolean. */
const booleanLiteral: Check = (test, column, ctx) => {
  if (test.kind !== "expr" || test.value.kind !== "boolean" || column.kind === "boolean" || !isCertain(column)) return;
  ctx.sink.push(diagnostic("tables.cell-intent", { variant: "boolean", text: textOf(ctx, test), column: column.kind }, at(ctx, test.span)));
};

/** `<= 0,43`: a comparison with a number, then a comma with no space, then digits. */
const decimalComma: Check = (test, column, ctx, cell) => {
  if (column.kind !== "number" || test.kind !== "compare") return;
  const whole = literalNumber(test.value);
  const after = /^,(\d+)/.exec(cell.slice(test.span.end));
  if (whole === undefined || !after) return;
  const span = { start: test.span.start, end: test.span.end + after[0].length };
  const text = ctx.source.slice(span.start, span.end);
  ctx.sink.push(diagnostic("tables.cell-intent", { variant: "decimal-comma", text, decimal: `${whole}.${after[1]}` }, at(ctx, span)));
};

/** `[620, 719]`: a list, which matches only its items, in a column whose values are not lists. */
const listLiteral: Check = (test, column, ctx) => {
  if (test.kind !== "expr" || test.value.kind !== "list" || column.kind === "list" || !isCertain(column)) return;
  const items = test.value.items.map((i) => ctx.source.slice(i.span.start, i.span.end));
  const [low, high] = test.value.items.map(literalNumber);
  const interval = items.length === 2 && low !== undefined && high !== undefined && dec(low).lt(dec(high));
  const params = { text: textOf(ctx, test), items: items.join(", ") };
  ctx.sink.push(
    diagnostic(
      "tables.cell-intent",
      interval ? { variant: "list-range", ...params, range: `[${low}..${high}]` } : { variant: "list", ...params },
      at(ctx, test.span),
    ),
  );
};

const CHECKS: readonly Check[] = [arithmetic, booleanLiteral, decimalComma, listLiteral];

export function checkCellIntent(tests: UnaryTests, column: Type, ctx: ExprContext): void {
  if (tests.kind === "any") return;
  for (const test of tests.tests) for (const check of CHECKS) check(test, column, ctx, ctx.source);
}
