// A strict model's decision held to its declared type (runtime/declared.ts): the statement that
// follows the decision's calculation, converting its value and testing every constraint of the
// type, or throwing DeclaredResultError. Lenient models (DMN imports) keep DMN's conversion,
// where a value that does not conform becomes null.
import type { DecisionIR } from "../../ir/ir.js";
import { constrainedParts } from "../../runtime/declared.js";
import { typeToString } from "../2-analyse/expressions/compat.js";
import { bodyConforms, bodyWithinConstraint, needsCoercion } from "./conformance.js";
import type { ExprContext } from "./expr.js";
import type { Scope } from "./scope.js";
import { emitUnaryTestsTri, levelsOf } from "./unary-tests.js";

/** Whether a constraint's test reads nothing but `?`, literals and built-ins: its code may live at module scope. */
function readsNoNames(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(readsNoNames);
  if (node === null || typeof node !== "object") return true;
  const o = node as { kind?: unknown; ref?: { kind: string } };
  if (o.kind === "name" && o.ref?.kind !== "builtin") return false;
  return Object.values(o).every(readsNoNames);
}

/**
 * The statement that holds `id`, the decision's value, to its declared type: checked in a strict
 * model, converted in a lenient one; null when nothing needs doing (a body whose every value
 * conforms, to a type without constraints).
 */
export function emitResultType(d: DecisionIR, id: string, scope: Scope, cx: ExprContext, strict: boolean): string | null {
  const parts = strict && !bodyWithinConstraint(d.body, d.type) ? constrainedParts(d.type) : [];
  if (parts.length === 0 && (!needsCoercion(d.type) || bodyConforms(d.body, d.type))) return null;
  const em = cx.em;
  if (!strict) return `${id} = rt.coerce(${id}, ${em.type(d.type)});`;
  const tests = parts.map((part) => {
    const x = em.fresh("x");
    return `(${x}) => ${emitUnaryTestsTri(part.constraint.test, x, scope, cx, levelsOf(part))}`;
  });
  const text = em.lit(typeToString(d.type));
  // The runtime keeps a type's tests from its first check (runtime/declared.ts): tests that read no
  // names are made once, at load, not an array of closures at every evaluation.
  const array = `[${tests.join(", ")}]`;
  const made = parts.every((part) => readsNoNames(part.constraint.test)) ? em.hoist("V", array) : array;
  return `${id} = rt.declared(${id}, ${em.type(d.type)}, ${em.lit(d.name)}, ${text}, ${made});`;
}
