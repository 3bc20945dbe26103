// When a decision's value is sure to conform to its declared type, codegen skips the run-time
// conversion. Only shapes whose result kind is certain whatever the inputs count; anything else
// keeps `rt.coerce`.
import type { Expr } from "../../ir/feel-ast.js";
import type { BodyIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import { returnsNumber } from "../../runtime/builtins/def.js";
import { builtinDef } from "../../runtime/builtins/index.js";

/** A call of a built-in the catalogue says returns a number (or null) whatever its arguments. */
const numberBuiltinCall = (e: Expr): boolean => {
  if (e.kind !== "call" || e.callee.kind !== "name" || e.callee.ref?.kind !== "builtin") return false;
  const def = builtinDef(e.callee.ref.name);
  return def !== undefined && returnsNumber(def);
};

const BOOLEAN_KINDS = new Set(["compare", "logical", "between", "in", "instance-of", "quantified"]);

function conforms(e: Expr, t: Type): boolean {
  if (e.kind === "null") return true;
  if (e.kind === "if") return conforms(e.then, t) && conforms(e.else, t);
  switch (t.kind) {
    case "number":
      return e.kind === "number" || (e.kind === "negate" && e.operand.kind === "number") || numberBuiltinCall(e);
    case "string":
      return e.kind === "string";
    case "boolean":
      return e.kind === "boolean" || BOOLEAN_KINDS.has(e.kind);
    case "choice":
    case "levels":
      return e.kind === "string" && t.values.includes(e.value);
    case "any":
      return true;
    default:
      return false;
  }
}

/** Types that need no run-time conversion of a value: only `any`. */
export const needsCoercion = (t: Type): boolean => t.kind !== "any";

export function bodyConforms(body: BodyIR, t: Type): boolean {
  if (body.kind === "expr") return conforms(body.expr, t);
  const table = body.table;
  if (table.hit !== "FIRST" || !table.singleOutput) return false;
  const defaults = table.outputs[0]!.defaultValue;
  return table.rules.every((r) => conforms(r.outputs[0]!, t)) && (!defaults || conforms(defaults, t));
}
