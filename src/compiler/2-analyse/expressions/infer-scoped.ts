// Expressions that bind names: filters (`item` and the item's members), for/some/every,
// context literals (each entry sees the earlier ones) and function definitions.
import type { ContextLit, Filter, For, FunctionDef, Iteration, Quantified } from "../../../ir/feel-ast.js";
import { typeExprToType } from "../../../ir/type-expr.js";
import type { Type } from "../../../ir/types.js";
import { elementOf, isCertain } from "./compat.js";
import type { ExprContext } from "./context.js";
import { infer } from "./infer.js";
import { checkTypeExpr } from "./type-expr-check.js";
import { type Binding, childScope, fixed, locals } from "./scope.js";

export function inferFilter(e: Filter, ctx: ExprContext): Type {
  const base = infer(e.base, ctx);
  const element = base.kind === "list" ? base.element : isCertain(base) ? base : { kind: "any" as const };
  const frame = new Map<string, Binding>();
  // the item's own fields shadow outer names, as in DMN; they are read from the item at run time
  if (element.kind === "struct") for (const [field, t] of element.fields) frame.set(field, fixed(undefined, t));
  frame.set("item", fixed({ kind: "local", name: "item" }, element));
  const f = infer(e.filter, { ...ctx, scope: childScope(ctx.scope, frame), inFilter: true });
  if (f.kind === "number") return element;
  if (f.kind === "boolean") return { kind: "list", element };
  return { kind: "any" };
}

/** Binds the iteration variables in order; each source sees the variables before it. */
function bindIterations(iterations: Iteration[], ctx: ExprContext): ExprContext {
  let inner = ctx;
  for (const it of iterations) {
    const source = infer(it.source, inner);
    const t = it.to ? (infer(it.to, inner), { kind: "number" as const }) : elementOf(source);
    inner = { ...inner, scope: childScope(inner.scope, locals([[it.name, t]])) };
  }
  return inner;
}

export function inferFor(e: For, ctx: ExprContext): Type {
  return { kind: "list", element: infer(e.body, bindIterations(e.iterations, ctx)) };
}

export function inferQuantified(e: Quantified, ctx: ExprContext): Type {
  infer(e.satisfies, bindIterations(e.iterations, ctx));
  return { kind: "boolean" };
}

export function inferContext(e: ContextLit, ctx: ExprContext): Type {
  const fields: [string, Type][] = [];
  let inner = ctx;
  for (const entry of e.entries) {
    const t = infer(entry.value, inner);
    fields.push([entry.key, t]);
    inner = { ...inner, scope: childScope(inner.scope, locals([[entry.key, t]])) };
  }
  return { kind: "struct", fields };
}

export function inferFunctionDef(e: FunctionDef, ctx: ExprContext): Type {
  for (const p of e.params) if (p.type) checkTypeExpr(p.type, ctx);
  const params = e.params.map((p): [string, Type] => [p.name, p.type ? typeExprToType(p.type, ctx.types) : { kind: "any" }]);
  const result = e.external ? { kind: "any" as const } : infer(e.body, { ...ctx, scope: childScope(ctx.scope, locals(params)) });
  if (e.external) infer(e.body, ctx);
  return { kind: "function", params: params.map(([, t]) => t), result };
}
