// Expressions that bind names: filters (`item` and the item's members), for/some/every,
// context literals (each entry sees the earlier ones) and function definitions.
import type { ContextLit, Filter, For, FunctionDef, Iteration, Quantified } from "../../../ir/feel-ast.js";
import { typeExprToType } from "../../../ir/type-expr.js";
import type { Type } from "../../../ir/types.js";
import { diagnostic } from "../../../ir/diagnostics.js";
import { elementOf, isCertain, typeToString } from "./compat.js";
import { at, type ExprContext } from "./context.js";
import { infer } from "./infer.js";
import { checkExternal } from "./external.js";
import { checkTypeExpr } from "./type-expr-check.js";
import { isBuiltin } from "./builtins.js";
import { type Binding, childScope, fixed, locals, lookup } from "./scope.js";

export function inferFilter(e: Filter, ctx: ExprContext): Type {
  const base = infer(e.base, ctx);
  const element = base.kind === "list" ? base.element : isCertain(base) ? base : { kind: "any" as const };
  const frame = new Map<string, Binding>();
  // the item's own fields shadow outer names, as in DMN; they are read from the item at run time
  if (element.kind === "struct") for (const [field, t] of element.fields) frame.set(field, fieldBinding(field, t, ctx));
  frame.set("item", fixed({ kind: "local", name: "item" }, element));
  const f = infer(e.filter, { ...ctx, scope: childScope(ctx.scope, frame), filterItems: [...(ctx.filterItems ?? []), element] });
  if (f.kind === "number") return element;
  if (f.kind === "boolean") return { kind: "list", element };
  return { kind: "any" };
}

/**
 * A field of the filter's items: read from the item. When the name also means something outside
 * (a model name, a built-in), which one applies is known only item by item — an item that is null,
 * or a context without that entry, leaves the outer meaning — so the name keeps its outer binding,
 * typed \`any\`, and the generated code reads the item's entry where there is one.
 */
function fieldBinding(field: string, t: Type, ctx: ExprContext): Binding {
  const outer = lookup(ctx.scope, field);
  if (outer?.ref) return fixed(outer.ref, { kind: "any" });
  if (isBuiltin(field)) return fixed({ kind: "builtin", name: field }, { kind: "any" });
  return fixed(undefined, t);
}

/** The kinds of endpoint an iteration range `a..b` may have (DMN 1.5, 10.3.2.14): integers, or dates stepping by one day. */
const RANGE_ITEMS = new Set<Type["kind"]>(["number", "date"]);

/** The type of the variable of `for x in a..b`; endpoints that are certainly of another kind are reported. */
function rangeItem(it: Iteration, from: Type, to: Type, ctx: ExprContext): Type {
  const known = [from, to].filter(isCertain);
  const kinds = new Set(known.map((t) => t.kind));
  if (known.some((t) => !RANGE_ITEMS.has(t.kind)) || kinds.size > 1) {
    ctx.sink.push(
      diagnostic("types.iteration-range", { variant: "endpoints", start: typeToString(from), end: typeToString(to) }, at(ctx, it.span)),
    );
    return { kind: "any" };
  }
  return known[0] ?? { kind: "any" };
}

/** Binds the iteration variables in order; each source sees the variables before it. */
function bindIterations(iterations: Iteration[], ctx: ExprContext): ExprContext {
  let inner = ctx;
  for (const it of iterations) {
    const source = infer(it.source, inner);
    if (!it.to && source.kind === "range") ctx.sink.push(diagnostic("types.iteration-range", { variant: "range value" }, at(ctx, it.span)));
    const t = it.to ? rangeItem(it, source, infer(it.to, inner), inner) : elementOf(source);
    inner = { ...inner, scope: childScope(inner.scope, locals([[it.name, t]])) };
  }
  return inner;
}

/**
 * `for` binds `partial`, the list of the results so far (DMN 1.5, 10.3.2.14), in its body only:
 * the iteration sources do not see it. Its items are of unknown type while the body's own type is
 * being inferred.
 */
export function inferFor(e: For, ctx: ExprContext): Type {
  const inner = bindIterations(e.iterations, ctx);
  const withPartial = { ...inner, scope: childScope(inner.scope, locals([["partial", { kind: "list", element: { kind: "any" } }]])) };
  return { kind: "list", element: infer(e.body, withPartial) };
}

export function inferQuantified(e: Quantified, ctx: ExprContext): Type {
  infer(e.satisfies, bindIterations(e.iterations, ctx));
  return { kind: "boolean" };
}

export function inferContext(e: ContextLit, ctx: ExprContext): Type {
  // one frame that grows entry by entry (each sees the ones before it), and each key's last place,
  // so that reading an outer name or asking whether a name is a later entry costs the same at any size
  const frame = new Map<string, Binding>();
  const inner = { ...ctx, scope: childScope(ctx.scope, frame) };
  const lastAt = new Map(e.entries.map((x, i) => [x.key, i]));
  const fields = new Map<string, Type>();
  for (const [i, entry] of e.entries.entries()) {
    const later = (name: string) => (lastAt.get(name) ?? -1) > i;
    const t = infer(entry.value, { ...inner, contextEntries: { current: entry.key, later } });
    if (fields.has(entry.key)) {
      ctx.sink.push(diagnostic("names.duplicate-entry", { name: entry.key }, at(ctx, entry.span)));
      fields.delete(entry.key);
    }
    fields.set(entry.key, t);
    frame.set(entry.key, fixed({ kind: "local", name: entry.key }, t));
  }
  return { kind: "struct", fields: [...fields] };
}

export function inferFunctionDef(e: FunctionDef, ctx: ExprContext): Type {
  for (const p of e.params) if (p.type) checkTypeExpr(p.type, ctx);
  const params = e.params.map((p): [string, Type] => [p.name, p.type ? typeExprToType(p.type, ctx.types) : { kind: "any" }]);
  const result = e.external ? { kind: "any" as const } : infer(e.body, { ...ctx, scope: childScope(ctx.scope, locals(params)) });
  if (e.external) {
    infer(e.body, ctx);
    checkExternal(e, ctx);
  }
  return { kind: "function", params: params.map(([, t]) => t), result };
}
