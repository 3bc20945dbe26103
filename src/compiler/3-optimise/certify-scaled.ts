// Marks the number decisions no other decision reads whose value is sums, differences, products,
// negations, `abs`, `min` and `max` of number inputs, other decisions and short literals, and
// nothing else (`(17 - term months) * 17`, `max(a, b) - c * 2`): codegen works their JSON output
// out on scaled integers (codegen/scaled-code.ts, runtime/certified-scaled.ts) where every step is
// exact, and on the decimals otherwise. The double-doubles are not worth such forms
// (certify-output.ts `pays`): their decimals are short, and on scaled integers no decimal is made.
import type { Expr } from "../../ir/feel-ast.js";
import type { ModelIR } from "../../ir/ir.js";
import { parseScaled } from "../../runtime/decimal-scaled.js";
import { builtinCalled, plainNumber, readDecisions } from "./certify.js";

/** The built-ins the scaled code takes, and how many arguments each takes. */
const CALLS: Readonly<Record<string, (n: number) => boolean>> = { abs: (n) => n === 1, min: (n) => n >= 2, max: (n) => n >= 2 };

/** The operations of e when it is such a form (0 for a name or a literal), else -1. */
function operations(e: Expr): number {
  const all = (parts: readonly Expr[]): number =>
    parts.reduce((n, p) => {
      const k = operations(p);
      return n < 0 || k < 0 ? -1 : n + k;
    }, 1);
  switch (e.kind) {
    case "number":
      return parseScaled(e.value) !== null ? 0 : -1;
    case "name":
      return (e.ref?.kind === "input" || e.ref?.kind === "decision") && e.type?.kind === "number" ? 0 : -1;
    case "negate":
      return all([e.operand]);
    case "arith":
      return e.op === "+" || e.op === "-" || e.op === "*" ? all([e.left, e.right]) : -1;
    case "call": {
      const fn = builtinCalled(e);
      return fn !== undefined && CALLS[fn]?.(e.args.length) === true ? all(e.args) : -1;
    }
    default:
      return -1;
  }
}

/**
 * Two operations at least (`(17 - t) * 17`): one saves a single decimal, and its code beside the
 * decimals' on every decision of a model of thousands (`n + 1`, `n + 2`, ...) would take it past
 * the server's limit on generated code.
 */
const MIN_OPERATIONS = 2;

export function certifyScaled(ir: ModelIR): void {
  const read = readDecisions(ir);
  for (const d of ir.decisions) {
    if (d.certifiedOutput || d.certifiedSum || read.has(d.name) || d.lets.length > 0) continue;
    if (d.body.kind !== "expr" || !plainNumber(d.type)) continue;
    if (operations(d.body.expr) >= MIN_OPERATIONS) d.scaledOutput = d.body.expr;
  }
}
