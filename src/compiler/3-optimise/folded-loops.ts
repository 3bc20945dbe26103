// Marks `sum(for …)`, `min(for …)` and `max(for …)` of the built-ins for codegen to fold each
// pass's result into the aggregate as the loop runs, with no list of the results made (runtime
// builtins/aggregate.ts `sumItem`, `extremeItem`). Nothing else reads that list: the one thing that
// could is `partial`, the results so far, so a loop that names it is left as it is; so is a loop
// of running totals, which codegen builds in its own pass.
import type { Expr } from "../../ir/feel-ast.js";
import type { ModelIR } from "../../ir/ir.js";
import { isBuiltinCall } from "./builtin-call.js";
import { forEachExpr, walk } from "./walk.js";

/** The aggregates whose value a fold over the results gives, as their direct forms give it on the list. */
const FOLDED_AGGREGATES = ["sum", "min", "max"] as const;

/** Whether `e` names `partial` anywhere (the analyser binds it inside every loop). */
function namesPartial(e: Expr): boolean {
  let found = false;
  walk(e, (x) => {
    if (x.kind === "name" && x.name === "partial") found = true;
  });
  return found;
}

export function markFoldedLoops(ir: ModelIR): void {
  forEachExpr(ir, (e) => {
    if (!FOLDED_AGGREGATES.some((name) => isBuiltinCall(e, name, 1))) return;
    const loop = (e as Extract<Expr, { kind: "call" }>).args[0]!;
    if (loop.kind === "for" && !loop.runningTotals && !namesPartial(loop)) (e as Extract<Expr, { kind: "call" }>).foldedLoop = true;
  });
}
