// `range("[1..10)")` of a string literal, read at compile time with the runtime's own parser
// (runtime/builtins/range-parse.ts) and written back as the range literal it spells, so that the
// range relations and `in` lower it as they lower `[1..10)`. The text's endpoints must both be
// numbers or both strings; text the runtime refuses (not a range, endpoints out of order) is the
// null the runtime gives. Any other argument is left to the caller (refused as before).
import type { Expr, RangeLit } from "../../ir/feel-ast.js";
import { Decimal } from "../../runtime/decimal.js";
import { parseRange } from "../../runtime/builtins/range-parse.js";
import { withProblemSink } from "../../runtime/problems.js";
import { FeelRange, type FeelValue } from "../../runtime/values.js";

/** An endpoint as the literal that writes it, or undefined for one of another kind. */
function endpoint(v: FeelValue, span: Expr["span"]): Expr | undefined {
  if (typeof v === "string") return { kind: "string", value: v, span };
  if (!(v instanceof Decimal)) return undefined;
  const digits: Expr = { kind: "number", value: v.abs().toFixed(v.decimalPlaces()), span };
  return v.isNegative() ? { kind: "negate", operand: digits, span } : digits;
}

/**
 * The range literal (or null) that `e` spells when it is `range(text)` of a string literal whose
 * endpoints are numbers or strings, both written; undefined for anything else.
 */
export function rangeOfText(e: Expr): RangeLit | Expr | undefined {
  if (e.kind !== "call" || e.callee.kind !== "name" || e.callee.ref?.kind !== "builtin" || e.callee.ref.name !== "range") return undefined;
  const [text] = e.args;
  if (e.args.length !== 1 || text?.kind !== "string") return undefined;
  const value = withProblemSink(
    () => {},
    () => parseRange(text.value),
  );
  if (value === null) return { kind: "null", span: e.span };
  if (!(value instanceof FeelRange) || value.test) return undefined;
  const [start, end] = [endpoint(value.start, e.span), endpoint(value.end, e.span)];
  if (!start || !end || (start.kind === "string") !== (end.kind === "string")) return undefined;
  return { kind: "range", startIncluded: value.startIncluded, start, end, endIncluded: value.endIncluded, span: e.span };
}
