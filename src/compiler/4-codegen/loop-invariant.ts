// The parts of a `for` body that are the same in every pass (`sqrt(abs(12 + age))` in
// `for o in orders return -sqrt(abs(12 + age))`, `1 + r` in `l[i] / (1 + r) ** i`): worked out in
// the first pass that reaches them and kept for the others. Only parts that cost no budget step
// and can do nothing but give a value are kept: arithmetic, comparisons, `if` and the number
// built-ins over literals and names bound outside the loop (inputs, decisions, `let` entries,
// parameters). A problem such a part reports (a square root of a negative number) is reported
// once a pass, as before, wherever problems are heard: there every pass works it out again.
import type { Expr } from "../../ir/feel-ast.js";
import { builtinDef } from "../../runtime/builtins/index.js";
import { refKey, type Scope } from "./scope.js";

/** Names that hold the same value in every pass of a loop inside the expression that reads them. */
const FIXED = new Set(["input", "decision", "let", "param"]);

/** A part that does work (not a literal or a name, which are read as they are). */
const WORKS = new Set(["arith", "negate", "call", "if", "compare"]);

/** A number built-in by its name, called positionally and not shadowed in `scope`. */
function numberCall(e: Expr & { kind: "call" }, scope: Scope): boolean {
  if (e.named || e.certified || e.callee.kind !== "name") return false;
  const ref = e.callee.ref;
  if (ref?.kind !== "builtin" || scope.lookup(refKey(ref)) !== undefined) return false;
  const def = builtinDef(ref.name);
  return def !== undefined && def.kind === "number" && !def.impure;
}

/** Whether `e` gives the same value in every pass, at no budget cost. */
function fixed(e: Expr, scope: Scope): boolean {
  switch (e.kind) {
    case "number":
    case "boolean":
    case "null":
      return true;
    case "name":
      return e.ref !== undefined && FIXED.has(e.ref.kind);
    case "negate":
      return fixed(e.operand, scope);
    case "arith":
    case "compare":
      return fixed(e.left, scope) && fixed(e.right, scope);
    case "if":
      return fixed(e.cond, scope) && fixed(e.then, scope) && fixed(e.else, scope);
    case "call":
      return numberCall(e, scope) && e.args.every((a) => fixed(a, scope));
    default:
      return false;
  }
}

/** The parts of an expression the search goes into: those evaluated in the same scope (no filter, loop or function of its own). */
function children(e: Expr, scope: Scope): Expr[] {
  switch (e.kind) {
    case "negate":
      return [e.operand];
    case "arith":
    case "compare":
      return [e.left, e.right];
    case "if":
      return [e.cond, e.then, e.else];
    case "call":
      return numberCall(e, scope) || (e.callee.kind === "name" && e.callee.ref?.kind === "builtin" && !e.named) ? e.args : [];
    default:
      return [];
  }
}

/**
 * The largest parts of `body` worth keeping from pass to pass, in `scope` (the loop's, outside
 * it): none inside a filter, whose items' entries may shadow the names.
 */
export function loopInvariants(body: Expr, scope: Scope): Expr[] {
  if (scope.item !== null) return [];
  const found: Expr[] = [];
  const search = (e: Expr): void => {
    if (WORKS.has(e.kind) && fixed(e, scope)) found.push(e);
    else children(e, scope).forEach(search);
  };
  search(body);
  return found;
}
