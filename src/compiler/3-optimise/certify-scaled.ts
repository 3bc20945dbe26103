// Marks the number decisions no other decision reads whose value is sums, differences, products,
// negations, `abs`, `min` and `max` of number inputs, other decisions and short literals, and
// nothing else (`(17 - term months) * 17`, `max(a, b) - c * 2`): codegen works their JSON output
// out on scaled integers (codegen/scaled-code.ts, runtime/certified-scaled.ts) where every step is
// exact, and on the decimals otherwise. The double-doubles are not worth such forms
// (certify-output.ts `pays`): their decimals are short, and on scaled integers no decimal is made.
import type { Expr } from "../../ir/feel-ast.js";
import type { ModelIR } from "../../ir/ir.js";
import { parseScaled } from "../../runtime/decimal-scaled.js";
import { builtinCalled, plainNumber } from "./certify.js";

/** The built-ins the scaled code takes, and how many arguments each takes. */
const CALLS: Readonly<Record<string, (n: number) => boolean>> = { abs: (n) => n === 1, min: (n) => n >= 2, max: (n) => n >= 2 };

/** Whether e is such a form. */
function scaled(e: Expr): boolean {
  switch (e.kind) {
    case "number":
      return parseScaled(e.value) !== null;
    case "name":
      return (e.ref?.kind === "input" || e.ref?.kind === "decision") && e.type?.kind === "number";
    case "negate":
      return scaled(e.operand);
    case "arith":
      return (e.op === "+" || e.op === "-" || e.op === "*") && scaled(e.left) && scaled(e.right);
    case "call": {
      const fn = builtinCalled(e);
      return fn !== undefined && CALLS[fn]?.(e.args.length) === true && e.args.every(scaled);
    }
    default:
      return false;
  }
}

/** The operations of such a form. */
const operations = (e: Expr): number =>
  e.kind === "negate"
    ? 1 + operations(e.operand)
    : e.kind === "arith"
      ? 1 + operations(e.left) + operations(e.right)
      : e.kind === "call"
        ? 1 + e.args.reduce((n, a) => n + operations(a), 0)
        : 0;

/**
 * Two operations at least (`(17 - t) * 17`): one saves a single decimal, and its code beside the
 * decimals' on every decision of a model of thousands (`n + 1`, `n + 2`, ...) would take it past
 * the server's limit on generated code.
 */
const MIN_OPERATIONS = 2;

export function certifyScaled(ir: ModelIR): void {
  const read = new Set(ir.decisions.flatMap((d) => [...d.deps, ...(d.requires ?? [])]));
  for (const d of ir.decisions) {
    if (d.certifiedOutput || d.certifiedSum || read.has(d.name) || d.lets.length > 0) continue;
    if (d.body.kind !== "expr" || !plainNumber(d.type)) continue;
    if (scaled(d.body.expr) && operations(d.body.expr) >= MIN_OPERATIONS) d.scaledOutput = d.body.expr;
  }
}
