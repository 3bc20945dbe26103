// `function(...) external {java: {class: "...", method signature: "..."}}` written with literals is
// checked against the mapped java.lang methods ahead of time; a body computed at run time is
// checked when it runs (src/runtime/java).
import { diagnostic } from "../../../ir/diagnostics.js";
import type { Expr, FunctionDef } from "../../../ir/feel-ast.js";
import { findJavaMethod } from "../../../runtime/java/index.js";
import { OBJECT_ARRAY } from "../../../runtime/java/types.js";
import { at, type ExprContext } from "./context.js";

const entry = (e: Expr | undefined, key: string): Expr | undefined =>
  e?.kind === "context" ? e.entries.find((x) => x.key === key)?.value : undefined;

const literal = (e: Expr | undefined): string | undefined => (e?.kind === "string" ? e.value : undefined);

/** The FEEL parameters must match the Java ones (a varargs method takes at least the fixed ones). */
function arityMismatch(e: FunctionDef, javaParams: readonly string[], method: string): string | undefined {
  const varargs = javaParams.at(-1) === OBJECT_ARRAY;
  const fixed = varargs ? javaParams.length - 1 : javaParams.length;
  const fits = varargs ? e.params.length >= fixed : e.params.length === fixed;
  return fits
    ? undefined
    : `${method} takes ${varargs ? `at least ${fixed}` : fixed} argument(s); the function declares ${e.params.length}`;
}

export function checkExternal(e: FunctionDef, ctx: ExprContext): void {
  if (entry(e.body, "pmml")) {
    ctx.sink.push(diagnostic("types.external-function", { detail: "PMML external functions are not supported" }, at(ctx, e.span)));
    return;
  }
  const java = entry(e.body, "java");
  const [className, signature] = [literal(entry(java, "class")), literal(entry(java, "method signature"))];
  if (className === undefined || signature === undefined) return;
  const found = findJavaMethod(className, signature);
  const detail = typeof found === "string" ? found : arityMismatch(e, found.params, `${className}.${signature}`);
  if (detail) ctx.sink.push(diagnostic("types.external-function", { detail }, at(ctx, e.span)));
}
