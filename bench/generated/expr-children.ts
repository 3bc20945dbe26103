// Each child expression of a node with the place it stands in, for the counts of
// bench/certify-coverage.ts and bench/decimal-reasons.ts: a `for`'s body, a filter's or a
// quantifier's condition, an `if`'s condition, an inlined function's body, else the parent's place.
import type { Expr } from "../../src/ir/feel-ast.js";

/** Keys of a node that hold no code of the exact path (the certified copies) or no expression. */
const SKIPPED = new Set(["type", "span", "ref", "tests", "of", "certifiedForm", "certifiedSides"]);
const isExpr = (x: unknown): x is Expr => !!x && typeof x === "object" && typeof (x as Expr).kind === "string" && "span" in x;

/** The place of a node's child by the node's kind and the child's key. */
const PLACES: Record<string, string> = {
  "for.body": "a for's body",
  "filter.filter": "a filter's condition",
  "if.cond": "an if's condition",
  "quantified.satisfies": "a quantifier's condition",
};

/** Each child of e with the place it stands in; an inlined function's body at `inlined`. */
export function exprChildren(e: Expr, place: string, inlined = "an inlined function's body"): [Expr, string][] {
  const out: [Expr, string][] = [];
  for (const [key, child] of Object.entries(e)) {
    if (SKIPPED.has(key)) continue;
    const where = key === "inlined" ? inlined : (PLACES[`${e.kind}.${key}`] ?? place);
    for (const c of Array.isArray(child) ? child : [child]) {
      if (isExpr(c)) out.push([c, where]);
      else if (c && typeof c === "object")
        for (const [k, v] of Object.entries(c as object)) if (k !== "type" && isExpr(v)) out.push([v, where]);
    }
  }
  return out;
}
