// A call of a model function the optimiser inlined (optimise/inline.ts): the function's body at the
// call site, each argument evaluated once and in order, then checked against its parameter's type
// and the body's value converted to the result type, as the function itself does
// (codegen/module.ts) — without the call, its frame and its argument array. The call's steps are
// charged to the budget all the same.
import type { Expr, Inlined } from "../../ir/feel-ast.js";
import { CALL_STEPS } from "../../runtime/budget.js";
import { bodyConforms, needsCoercion } from "./conformance.js";
import { readsOnly } from "./emitter.js";
import { emitExpr, type ExprContext } from "./expr.js";
import type { Scope } from "./scope.js";

const conformsAlready = (e: Expr, t: Inlined["type"]): boolean => !needsCoercion(t) || bodyConforms({ kind: "expr", expr: e, text: "" }, t);

export function emitInlined(inl: Inlined, args: Expr[], scope: Scope, cx: ExprContext): string {
  const inner = scope.child();
  const params: string[] = [];
  const values: string[] = [];
  const checks: string[] = [];
  inl.params.forEach((p, i) => {
    const value = emitExpr(args[i]!, scope, cx);
    const check = !conformsAlready(args[i]!, p.type);
    // a name is read where it is used; anything else is worked out once, in order, as an argument
    if (!check && readsOnly(value)) {
      inner.bind("param", p.id, value);
      return;
    }
    const id = cx.em.fresh("a");
    inner.bind("param", p.id, id);
    params.push(id);
    values.push(value);
    // An argument that does not conform to its parameter's type makes the invocation null.
    if (check)
      checks.push(`{ const c = rt.coerce(${id}, ${cx.em.type(p.type)}); if (c === null && ${id} !== null) return null; ${id} = c; }`);
  });
  const body = emitExpr(inl.body, inner, cx);
  const result = conformsAlready(inl.body, inl.type) ? body : `rt.coerce(${body}, ${cx.em.type(inl.type)})`;
  // the steps of a call, after its arguments, before their checks (rt.enter)
  const tick = `rt.tick(${CALL_STEPS})`;
  // every argument a name read in place: the steps, then the body, with no function made for it
  if (params.length === 0) return `(${tick}, ${result})`;
  return `((${params.join(", ")}) => { ${tick}; ${checks.join(" ")} return ${result}; })(${values.join(", ")})`;
}
