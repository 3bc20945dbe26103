// A literal pattern of a regular-expression built-in (`matches(x, "[a-z")`) is translated at
// check time, so a pattern the runtime would refuse — invalid, or too large to run with a
// back-reference — is a diagnostic at its address, not a null at run time.
import { diagnostic } from "../../../ir/diagnostics.js";
import type { Call, Expr } from "../../../ir/feel-ast.js";
import { builtinDef } from "../../../runtime/builtins/index.js";
import { translateRegex } from "../../../runtime/builtins/xpath-regex.js";
import { at, type ExprContext } from "./context.js";

/** The parameters holding a pattern and its flags, per built-in. */
const PATTERN_PARAMS: Record<string, { pattern: string; flags?: string }> = {
  matches: { pattern: "pattern", flags: "flags" },
  replace: { pattern: "pattern", flags: "flags" },
  split: { pattern: "delimiter" },
};

function argument(e: Call, name: string, param: string): Expr | undefined {
  if (e.named) return e.named.find((n) => n.name === param)?.value;
  const index = builtinDef(name)!.signatures[0]!.params.indexOf(param);
  return e.args[index];
}

export function checkPatternLiteral(name: string, e: Call, ctx: ExprContext): void {
  const params = PATTERN_PARAMS[name];
  if (!params) return;
  const pattern = argument(e, name, params.pattern);
  const flags = params.flags === undefined ? undefined : argument(e, name, params.flags);
  if (pattern?.kind !== "string" || (flags !== undefined && flags.kind !== "string" && flags.kind !== "null")) return;
  const translated = translateRegex(pattern.value, flags?.kind === "string" ? flags.value : "");
  if (!translated.ok) ctx.sink.push(diagnostic("types.regex", { fn: name, detail: translated.message }, at(ctx, pattern.span)));
}
