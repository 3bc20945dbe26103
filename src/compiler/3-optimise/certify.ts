// Marks the roundings to literal places (`decimal(x, 2)`, `round half up(x, 4)`, ...) whose x is
// arithmetic that pays to work out in certified doubles (runtime/certified.ts): + - × ÷ and powers
// over number literals and names, with a power or a quotient inside, where the exact decimal path
// is slowest (a quotient that meets more arithmetic, a power's 34-digit result). Codegen keeps
// the exact path for values the doubles cannot certify.
import type { Expr } from "../../ir/feel-ast.js";
import type { BodyIR, ModelIR } from "../../ir/ir.js";
import { ROUNDING_MODES } from "../../runtime/builtins/number.js";

const LEAVES = new Set(["input", "decision", "let", "param"]);

/** Arithmetic on literals and names only: what the certified program can hold. */
function arithmetic(e: Expr): boolean {
  if (e.kind === "number") return true;
  if (e.kind === "name") return e.ref !== undefined && LEAVES.has(e.ref.kind);
  if (e.kind === "negate") return arithmetic(e.operand);
  return e.kind === "arith" && arithmetic(e.left) && arithmetic(e.right);
}

/** A power anywhere, or a quotient below the top (a top-level quotient rounds exactly in one step already). */
function pays(e: Expr, top: boolean): boolean {
  if (e.kind === "negate") return pays(e.operand, false);
  if (e.kind !== "arith") return false;
  return e.op === "**" || (e.op === "/" && !top) || pays(e.left, false) || pays(e.right, false);
}

function mark(e: Expr): void {
  if (e.kind === "call" && !e.named && e.callee.kind === "name" && e.callee.ref?.kind === "builtin") {
    const [x, places] = e.args;
    const rounding = ROUNDING_MODES[e.callee.ref.name] !== undefined && e.args.length === 2;
    if (rounding && places?.kind === "number" && x && arithmetic(x) && pays(x, true)) e.certified = true;
  }
  for (const [key, child] of Object.entries(e)) {
    // unary tests and type expressions share node kinds with expressions but not their shapes
    if (key === "type" || key === "span" || key === "ref" || key === "tests" || key === "of") continue;
    for (const c of Array.isArray(child) ? child : [child]) {
      if (isExpr(c)) mark(c);
      else if (c && typeof c === "object" && isExpr((c as { value?: unknown }).value)) mark((c as { value: Expr }).value); // named arguments, entries
    }
  }
}

const isExpr = (x: unknown): x is Expr => !!x && typeof x === "object" && typeof (x as Expr).kind === "string" && "span" in x;

function markBody(b: BodyIR): void {
  if (b.kind === "expr") return mark(b.expr);
  for (const rule of b.table.rules) rule.outputs.forEach(mark);
}

export function certifyRoundings(ir: ModelIR): void {
  for (const f of ir.functions) markBody(f.body);
  for (const d of ir.decisions) [...d.lets.map((l) => l.body), d.body].forEach(markBody);
}
