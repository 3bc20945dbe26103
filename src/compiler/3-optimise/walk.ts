// Every expression of a model's bodies (decisions, their lets, functions, table headings and outputs), visited
// parent first, for the optimiser's passes that mark nodes for codegen.
import type { Expr } from "../../ir/feel-ast.js";
import type { BodyIR, ModelIR } from "../../ir/ir.js";

const isExpr = (x: unknown): x is Expr => !!x && typeof x === "object" && typeof (x as Expr).kind === "string" && "span" in x;

export function walk(e: Expr, visit: (e: Expr) => void): void {
  visit(e);
  for (const [key, child] of Object.entries(e)) {
    // unary tests and type expressions share node kinds with expressions but not their shapes
    if (key === "type" || key === "span" || key === "ref" || key === "tests" || key === "of") continue;
    for (const c of Array.isArray(child) ? child : [child]) {
      if (isExpr(c)) walk(c, visit);
      else if (c && typeof c === "object") {
        // iterations, named arguments and context entries hold their expressions one level down
        for (const [k, v] of Object.entries(c as object)) if (k !== "type" && isExpr(v)) walk(v, visit);
      }
    }
  }
}

/** Whether some node of e (e itself or one below it) satisfies `test`. */
export function holds(e: Expr, test: (n: Expr) => boolean): boolean {
  let found = false;
  walk(e, (n) => (found ||= test(n)));
  return found;
}

export function walkBody(b: BodyIR, visit: (e: Expr) => void): void {
  if (b.kind === "expr") return walk(b.expr, visit);
  // a column's heading is evaluated like any expression: its calls inlined, its roundings certified
  for (const column of b.table.inputs) walk(column.expr, visit);
  for (const rule of b.table.rules) for (const output of rule.outputs) walk(output, visit);
}

export function forEachExpr(ir: ModelIR, visit: (e: Expr) => void): void {
  for (const f of ir.functions) walkBody(f.body, visit);
  for (const d of ir.decisions) for (const b of [...d.lets.map((l) => l.body), d.body]) walkBody(b, visit);
}
