// Marks `for i in 1..count(l) return sum(sublist(l, 1, i))`, the list of running totals of l, for
// codegen to build in one pass (`rt.runningTotals`, runtime/prefix-sums.ts) instead of a prefix sum
// a pass; the loop as written stays for the lists that pass cannot take.
import type { Expr } from "../../ir/feel-ast.js";
import type { ModelIR } from "../../ir/ir.js";
import { isBuiltinCall } from "./builtin-call.js";
import { isOperandName } from "./certify.js";
import { forEachExpr } from "./walk.js";

const isOne = (e: Expr | undefined): boolean => e?.kind === "number" && e.value === "1";

/** Whether a and b are one name resolved to one thing. */
const sameName = (a: Expr, b: Expr): boolean =>
  a.kind === "name" && b.kind === "name" && a.ref?.kind === b.ref?.kind && a.ref?.name === b.ref?.name;

/** The list l when `e` is the `for` of its running totals. */
export function runningTotalsList(e: Extract<Expr, { kind: "for" }>): Expr | undefined {
  const it = e.iterations.length === 1 ? e.iterations[0]! : undefined;
  if (!it?.to || !isOne(it.source) || !isBuiltinCall(it.to, "count", 1)) return undefined;
  const list = it.to.args[0]!;
  // a name read from outside the loop: not the loop's own variable, nor `item` or `partial`
  if (!isOperandName(list, [it.name]) || !isBuiltinCall(e.body, "sum", 1) || !isBuiltinCall(e.body.args[0]!, "sublist", 3))
    return undefined;
  const [l, start, length] = e.body.args[0].args as [Expr, Expr, Expr];
  const isVariable = length.kind === "name" && length.name === it.name && length.ref?.kind === "local";
  return sameName(l, list) && isOne(start) && isVariable ? list : undefined;
}

export function markRunningTotals(ir: ModelIR): void {
  forEachExpr(ir, (e) => {
    if (e.kind === "for" && runningTotalsList(e)) e.runningTotals = true;
  });
}
