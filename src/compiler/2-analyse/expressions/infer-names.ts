// Name resolution (spec 2.2: inputs, decisions and functions share one namespace) and calls.
import { diagnostic } from "../../../ir/diagnostics.js";
import type { Call, Expr, Name } from "../../../ir/feel-ast.js";
import type { Type } from "../../../ir/types.js";
import { builtinArgumentProblem, leavesOutNamed } from "./builtin-signatures.js";
import { CLOCK_BUILTINS, constantCallNull } from "./constant-call.js";
import { builtinResultType, BUILTIN_NAMES, isBuiltin } from "./builtins.js";
import { checkPatternLiteral } from "./regex-literals.js";
import { isCertain } from "./compat.js";
import { at, type ExprContext } from "./context.js";
import { infer } from "./infer.js";
import { checkResultLiterals } from "./literals.js";
import { lookup, namesInScope } from "./scope.js";
import { didYouMean } from "../../1-parse/suggest.js";
import { NAME_CONFUSIONS } from "../known-confusions.js";

const ANY_FUNCTION: Type = { kind: "function", params: [], result: { kind: "any" } };

/** Items with no members: inside a filter of these, a name that resolves to nothing names nothing. */
const MEMBERLESS = new Set<Type["kind"]>(["number", "string", "boolean", "choice", "levels"]);

/**
 * Whether a name that resolves to nothing may be a member of an enclosing filter's item. Strict: not
 * when every item is certainly a number, string or boolean (`["cash"][contains(source of funs, item)]`
 * reads a misspelt name, not a member of a string); lenient, as FEEL, it is then null.
 */
const mayBeMember = (ctx: ExprContext): boolean =>
  ctx.filterItems !== undefined && (!ctx.strict || ctx.filterItems.some((t) => !MEMBERLESS.has(t.kind)));

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
    ctx.sink.push(
      diagnostic("names.function-scope", { owner: ctx.owner ?? "a function", what: forbidden, name: node.name }, at(ctx, node.span)),
    );
    return { kind: "any" };
  }
  if (mayBeMember(ctx)) return { kind: "any" };
  if (ctx.later?.(node.name)) {
    ctx.sink.push(diagnostic("names.unknown", { variant: "later", name: node.name }, at(ctx, node.span)));
    return { kind: "any" };
  }
  const entries = ctx.contextEntries;
  if (entries && (entries.current === node.name || entries.later(node.name))) {
    const variant = entries.current === node.name ? "own-entry" : "later-entry";
    ctx.sink.push(diagnostic("names.unknown", { variant, name: node.name }, at(ctx, node.span)));
    return { kind: "any" };
  }
  // walked only while the Check's suggestion budget lasts: a list made for each unknown name cost
  // the names in scope each time (5,000 unknown names among 5,000 decisions: 25 million)
  const candidates = namesInScope(ctx.scope, callee ? BUILTIN_NAMES : []);
  ctx.sink.push(
    diagnostic(
      "names.unknown",
      { variant: "name", name: node.name, didYouMean: didYouMean(node.name, candidates, callee ? NAME_CONFUSIONS : {}) },
      at(ctx, node.span),
    ),
  );
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
    const problem = builtinArgumentProblem(
      ref.name,
      e.args.length,
      e.named?.map((n) => n.name),
    );
    const lenientNull =
      !ctx.strict &&
      e.named !== undefined &&
      leavesOutNamed(
        ref.name,
        e.named.map((n) => n.name),
      );
    if (problem && !lenientNull) ctx.sink.push(diagnostic("types.arity", { variant: "builtin", detail: problem }, at(ctx, e.span)));
    else if (!problem) {
      checkPatternLiteral(ref.name, e, ctx);
      if (ctx.strict) checkConstantCall(ref.name, e, ctx);
    }
    return builtinResultType(ref.name, args, e.args);
  }
  if (ref.kind === "function") {
    checkArguments(e, ref.name, ctx);
    if (calleeType.kind === "function") checkArgumentLiterals(e, ref.name, calleeType.params, ctx);
  }
  if (calleeType.kind === "function") return calleeType.result;
  if (isCertain(calleeType))
    ctx.sink.push(diagnostic("types.not-a-function", { name: e.callee.name, kind: calleeType.kind }, at(ctx, e.callee.span)));
  return { kind: "any" };
}

/** Strict: a constant call that is always null is an error; one that reads the clock, a warning. */
function checkConstantCall(name: string, e: Call, ctx: ExprContext): void {
  if (CLOCK_BUILTINS.has(name)) {
    ctx.sink.push(diagnostic("graph.clock", { fn: name, address: ctx.address }, at(ctx, e.span)));
    return;
  }
  const why = constantCallNull(name, e);
  if (why !== undefined) ctx.sink.push(diagnostic("types.constant-null", { fn: name, why }, at(ctx, e.span)));
}

/** A literal argument must be a value of its parameter's type: `f("platinum")` for a `gold|silver` parameter. */
function checkArgumentLiterals(e: Call, fn: string, types: readonly Type[], ctx: ExprContext): void {
  const names = ctx.functionParams.get(fn) ?? [];
  const given: [string | undefined, Expr][] = e.named ? e.named.map((n) => [n.name, n.value]) : e.args.map((a, i) => [names[i], a]);
  for (const [param, arg] of given) {
    const type = param === undefined ? undefined : types[names.indexOf(param)];
    if (type) checkResultLiterals(arg, type, ctx, `the values of parameter \`${param}\` of \`${fn}\``);
  }
}

/** A model function's call must pass one argument per parameter, or name only its parameters. */
function checkArguments(e: Call, fn: string, ctx: ExprContext): void {
  const params = ctx.functionParams.get(fn);
  if (!params) return;
  if (e.named) {
    for (const n of e.named)
      if (!params.includes(n.name))
        ctx.sink.push(
          diagnostic("names.unknown-parameter", { fn, param: n.name, didYouMean: didYouMean(n.name, params) }, at(ctx, n.span)),
        );
    return;
  }
  if (e.args.length !== params.length)
    ctx.sink.push(diagnostic("types.arity", { variant: "function", fn, params, given: e.args.length }, at(ctx, e.span)));
}
