// A strict model's decision held to its declared type (runtime/declared.ts): the statement that
// follows the decision's calculation, converting its value and testing every constraint of the
// type, or throwing DeclaredResultError. Lenient models (DMN imports) keep DMN's conversion,
// where a value that does not conform becomes null.
import type { DecisionIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import { constrainedParts } from "../../runtime/declared.js";
import { typeToString } from "../2-analyse/expressions/compat.js";
import { bodyConforms, bodyWithinConstraint, kindTest, needsCoercion } from "./conformance.js";
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

const SCALAR_KINDS = new Set<Type["kind"]>(["number", "boolean", "string", "choice", "levels"]);

/**
 * The decision is another decision by name, of the same scalar type: that one's value was held to
 * the type already (a value of its kind, within its constraint in a strict model), and holding it
 * again gives it back unchanged.
 */
function heldAlready(d: DecisionIR, cx: ExprContext): boolean {
  if (d.body.kind !== "expr" || !SCALAR_KINDS.has(d.type.kind)) return false;
  const e = d.body.expr;
  if (e.kind !== "name" || e.ref?.kind !== "decision") return false;
  const named = cx.decisionTypes?.get(e.ref.name);
  return named !== undefined && JSON.stringify(named) === JSON.stringify(d.type);
}

/**
 * The statement that holds `id`, the decision's value, to its declared type: checked in a strict
 * model, converted in a lenient one; null when nothing needs doing (a type inferred from the body,
 * which its values have by inference; a body whose every value conforms, to a type without constraints).
 */
export function emitResultType(d: DecisionIR, id: string, scope: Scope, cx: ExprContext, strict: boolean): string | null {
  if (d.inferred || heldAlready(d, cx)) return null;
  const parts = strict && !bodyWithinConstraint(d.body, d.type) ? constrainedParts(d.type) : [];
  if (parts.length === 0 && (!needsCoercion(d.type) || bodyConforms(d.body, d.type))) return null;
  const em = cx.em;
  // a value of its kind already is given back as it is by both: tested inline, no call
  const ofKind = kindTest(d.type);
  const unless = (statement: string) => (ofKind && parts.length === 0 ? `if (${id} !== null && !(${ofKind(id)})) ${statement}` : statement);
  if (!strict) return unless(`${id} = rt.coerce(${id}, ${em.type(d.type)});`);
  const tests = parts.map((part) => {
    const x = em.fresh("x");
    return `(${x}) => ${emitUnaryTestsTri(part.constraint.test, x, scope, cx, levelsOf(part))}`;
  });
  const text = em.lit(typeToString(d.type));
  // The runtime keeps a type's tests from its first check (runtime/declared.ts): tests that read no
  // names are made once, at load, not an array of closures at every evaluation.
  const array = `[${tests.join(", ")}]`;
  const made = parts.every((part) => readsNoNames(part.constraint.test)) ? em.hoist("V", array) : array;
  return unless(`${id} = rt.declared(${id}, ${em.type(d.type)}, ${em.lit(d.name)}, ${text}, ${made});`);
}
