// The value a literal node stands for, with the runtime's own constructors: the strict check's
// evaluation of constant calls and the optimiser's constant folding read literals the same way.
import type { Expr } from "../../../ir/feel-ast.js";
import { num } from "../../../runtime/literals.js";
import type { FeelValue } from "../../../runtime/values.js";

/** The value of a plain literal (a number, a negated number, a string, a boolean, null); undefined for anything else. */
export function literalValue(e: Expr): FeelValue | undefined {
  switch (e.kind) {
    case "number":
      return num(e.value);
    case "negate":
      return e.operand.kind === "number" ? num(`-${e.operand.value}`) : undefined;
    case "string":
    case "boolean":
      return e.value;
    case "null":
      return null;
    default:
      return undefined;
  }
}
