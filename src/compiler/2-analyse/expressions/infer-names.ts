// Name resolution (spec 2.2: inputs, decisions and functions share one namespace) and calls.
import type { Call, Name } from "../../../ir/feel-ast.js";
import type { Type } from "../../../ir/types.js";
import { builtinArgumentProblem } from "./builtin-signatures.js";
import { builtinResultType, BUILTIN_NAMES, isBuiltin } from "./builtins.js";
import { isCertain } from "./compat.js";
import { type ExprContext, report, reportType } from "./context.js";
import { infer } from "./infer.js";
import { lookup, namesInScope } from "./scope.js";
import { didYouMean } from "./suggest.js";

const ANY_FUNCTION: Type = { kind: "function", params: [], result: { kind: "any" } };

/**
 * Resolves `node` and returns its type. In callee position a built-in wins over a model value
 * (input, decision, let) that is not known to be a function, and over a local that certainly
 * is not one: an input named `count` does not hide `count(...)`.
 */
export function inferName(node: Name, ctx: ExprContext, callee: boolean): Type {
  const binding = lookup(ctx.scope, node.name);
  if (binding) {
    const t = binding.type();
    // a decision named `before` calling `before(...)` means the built-in: it cannot read itself
    const model = binding.ref?.kind === "input" || binding.ref?.kind === "decision" || binding.ref?.kind === "let";
    const holdsNoFunction = t.kind !== "function" && (model || isCertain(t));
    if (!(callee && isBuiltin(node.name) && holdsNoFunction)) {
      if (binding.ref) {
        node.ref = binding.ref;
        ctx.refs.push(binding.ref);
      }
      return t;
    }
  }
  if (isBuiltin(node.name)) {
    node.ref = { kind: "builtin", name: node.name };
    return ANY_FUNCTION;
  }
  const forbidden = ctx.forbidden?.get(node.name);
  if (forbidden) {
    report(ctx, "error", "names.function-scope",
      `${ctx.owner ?? "a function"} reads ${forbidden} \`${node.name}\`; a function body uses only its parameters and other functions`, node.span);
    return { kind: "any" };
  }
  if (ctx.inFilter) return { kind: "any" };
  const candidates = [...namesInScope(ctx.scope), ...(callee ? BUILTIN_NAMES : [])];
  report(ctx, "error", "names.unknown", `unknown name \`${node.name}\`${didYouMean(node.name, candidates)}`, node.span);
  return { kind: "any" };
}

export function inferCall(e: Call, ctx: ExprContext): Type {
  const calleeType = e.callee.kind === "name" ? inferName(e.callee, ctx, true) : infer(e.callee, ctx);
  e.callee.type = calleeType;
  const args = e.args.map((a) => infer(a, ctx));
  for (const n of e.named ?? []) infer(n.value, ctx);
  if (e.callee.kind !== "name" || !e.callee.ref) return calleeType.kind === "function" ? calleeType.result : { kind: "any" };
  const ref = e.callee.ref;
  if (ref.kind === "builtin") {
    const problem = builtinArgumentProblem(ref.name, e.args.length, e.named?.map((n) => n.name));
    if (problem) report(ctx, "error", "types.arity", problem, e.span);
    return builtinResultType(ref.name, args, e.args);
  }
  if (ref.kind === "function") checkArguments(e, ref.name, ctx);
  if (calleeType.kind === "function") return calleeType.result;
  if (isCertain(calleeType))
    reportType(ctx, "types.not-a-function", `\`${e.callee.name}\` is a ${calleeType.kind}, not a function`, e.callee.span);
  return { kind: "any" };
}

/** A model function's call must pass one argument per parameter, or name only its parameters. */
function checkArguments(e: Call, fn: string, ctx: ExprContext): void {
  const params = ctx.functionParams.get(fn);
  if (!params) return;
  if (e.named) {
    for (const n of e.named)
      if (!params.includes(n.name))
        report(ctx, "error", "names.unknown-parameter", `function \`${fn}\` has no parameter \`${n.name}\`${didYouMean(n.name, params)}`, n.span);
    return;
  }
  if (e.args.length !== params.length)
    report(ctx, "error", "types.arity",
      `function \`${fn}\` takes ${params.length} argument${params.length === 1 ? "" : "s"} (${params.join(", ")}), not ${e.args.length}`, e.span);
}
