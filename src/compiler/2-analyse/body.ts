// Analysing one calculation (a decision's body, a `let` entry, a function body) in a scope:
// parse, resolve, infer, and check the result against a declared type.
import { diagnostic, type Diagnostic } from "../../ir/diagnostics.js";
import type { Expr, NameRef } from "../../ir/feel-ast.js";
import type { BodyIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import { compatible, isCertain, typeToString } from "./expressions/compat.js";
import { at, type ExprContext } from "./expressions/context.js";
import { infer } from "./expressions/infer.js";
import { checkResultLiterals } from "./expressions/literals.js";
import { lookup, type Scope } from "./expressions/scope.js";
import { parseExpr } from "../1-parse/model-feel.js";
import type { BodySource } from "../1-parse/content/body.js";
import { analyseTable } from "./tables/analyse.js";
import type { TypeEnv } from "./types/parse-type.js";

/** What every calculation in the model shares. */
export interface ModelEnv {
  strict: boolean;
  names: readonly string[];
  sink: Diagnostic[];
  typeEnv: TypeEnv;
  types: Record<string, Type>;
  functionParams: ReadonlyMap<string, readonly string[]>;
}

export interface BodySite {
  address: string;
  /** the name a table's single output takes */
  owner: string;
  /** what the result is declared to be, e.g. "decision `risk`" */
  what: string;
  declared?: Type;
  scope: Scope;
  refs: NameRef[];
  forbidden?: ReadonlyMap<string, "input" | "decision">;
  ownerLabel?: string;
  /** names read only here (a function's parameters), for the parser */
  localNames?: readonly string[];
  /** `let` entries after this one, which it cannot read */
  later?: (name: string) => boolean;
}

const NULL_EXPR: Expr = { kind: "null", span: { start: 0, end: 0 } };

function contextFor(env: ModelEnv, site: BodySite) {
  return (address: string, source: string): ExprContext => ({
    scope: site.scope,
    source,
    address,
    sink: env.sink,
    strict: env.strict,
    refs: site.refs,
    functionParams: env.functionParams,
    types: env.types,
    ...(site.forbidden ? { forbidden: site.forbidden } : {}),
    ...(site.ownerLabel ? { owner: site.ownerLabel } : {}),
    ...(site.later ? { later: site.later } : {}),
  });
}

export function analyseBody(src: BodySource | null, env: ModelEnv, site: BodySite): { body: BodyIR; type: Type } {
  const context = contextFor(env, site);
  if (src === null) return { body: { kind: "expr", expr: { ...NULL_EXPR }, text: "" }, type: site.declared ?? { kind: "any" } };
  if (src.kind === "table") {
    // asked of the scope (each table's own set of the names in scope cost n² over n let entries)
    const declaredNames = { has: (name: string) => lookup(site.scope, name) !== undefined };
    const { table, type } = analyseTable(src, {
      ...site,
      strict: env.strict,
      names: env.names,
      typeEnv: env.typeEnv,
      sink: env.sink,
      context,
      declaredNames,
    });
    checkDeclared(type, site, context(site.address, ""));
    return { body: { kind: "table", table }, type: site.declared ?? type };
  }
  const expr = parseExpr(src.text, { address: src.address, names: env.names, localNames: site.localNames, sink: env.sink }) ?? {
    ...NULL_EXPR,
  };
  const ctx = context(src.address, src.text);
  const type = infer(expr, ctx);
  if (checkDeclared(type, site, ctx) && site.declared) checkResultLiterals(expr, site.declared, ctx, `the values of ${site.what}`);
  return { body: { kind: "expr", expr, text: src.text }, type: site.declared ?? type };
}

/** Declared vs inferred: a mismatch only when both are certain. */
function checkDeclared(inferred: Type, site: BodySite, ctx: ExprContext): boolean {
  if (!site.declared || !isCertain(inferred) || compatible(inferred, site.declared)) return true;
  ctx.sink.push(
    diagnostic(
      "types.mismatch",
      { variant: "declared", what: site.what, declared: typeToString(site.declared), inferred: typeToString(inferred) },
      at(ctx),
    ),
  );
  return false;
}
