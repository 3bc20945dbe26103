// Marks the roundings to literal places (`decimal(x, 2)`, `round half up(x, 4)`, ...) whose x pays
// to work out in certified doubles (runtime/certified.ts): + - × ÷ and powers over number literals
// and names, list items `l[i]`, `count(l)`, `sum(l)` and sums of `for` loops over a range or a list
// (`sum(for i in 1..count(l) return l[i] / (1 + r) ** i)`), with a power, a quotient inside or a
// loop, where the exact decimal path is slowest (a quotient that meets more arithmetic, a power's
// 34-digit result, a list of 34-digit terms added one by one). Codegen keeps the exact path for
// values the doubles cannot certify.
import type { Call, Expr } from "../../ir/feel-ast.js";
import type { ModelIR } from "../../ir/ir.js";
import { ROUNDING_MODES } from "../../runtime/builtins/number.js";
import { forEachExpr } from "./walk.js";

const LEAVES = new Set(["input", "decision", "let", "param", "local"]);
/** Local names that mean something else inside a loop or a filter: read from outside they would be wrong. */
const BOUND_INSIDE = new Set(["item", "partial"]);

/** A name whose value the program reads as an operand: anything in scope but its own loop variables. */
export function isOperandName(e: Expr, loops: readonly string[]): boolean {
  if (e.kind !== "name" || e.ref === undefined || !LEAVES.has(e.ref.kind)) return false;
  return e.ref.kind !== "local" || !(loops.includes(e.name) || BOUND_INSIDE.has(e.name));
}

/** A variable of one of the program's own loops (innermost last in `loops`). */
export const isLoopVariable = (e: Expr, loops: readonly string[]): boolean =>
  e.kind === "name" && e.ref?.kind === "local" && loops.includes(e.name);

/** `sum(...)` or `count(...)` of the built-ins, with one positional argument: its name, else undefined. */
export function aggregateOf(e: Call): "sum" | "count" | undefined {
  const ref = e.callee.kind === "name" ? e.callee.ref : undefined;
  if (e.named || e.args.length !== 1 || ref?.kind !== "builtin") return undefined;
  return ref.name === "sum" || ref.name === "count" ? ref.name : undefined;
}

/** What the certified code can hold (codegen/certified-code.ts); `loops` are the variables of its own loops. */
function certifiable(e: Expr, loops: readonly string[]): boolean {
  switch (e.kind) {
    case "number":
      return true;
    case "name":
      return isLoopVariable(e, loops) || isOperandName(e, loops);
    case "negate":
      return certifiable(e.operand, loops);
    case "arith":
      return certifiable(e.left, loops) && certifiable(e.right, loops);
    case "filter":
      return isOperandName(e.base, loops) && certifiable(e.filter, loops);
    case "call":
      return aggregateOf(e) !== undefined && certifiableArgument(e.args[0]!, aggregateOf(e) === "sum", loops);
    default:
      return false;
  }
}

/** A list named from outside, or for `sum` a `for` over one range or named list whose body is certifiable. */
function certifiableArgument(x: Expr, sum: boolean, loops: readonly string[]): boolean {
  if (isOperandName(x, loops)) return true;
  if (!sum || x.kind !== "for" || x.iterations.length !== 1) return false;
  const it = x.iterations[0]!;
  if (BOUND_INSIDE.has(it.name)) return false;
  const source = it.to ? certifiable(it.source, loops) && certifiable(it.to, loops) : isOperandName(it.source, loops);
  return source && certifiable(x.body, [...loops, it.name]);
}

/** A power anywhere, a loop, or a quotient below the top (a top-level quotient rounds exactly in one step already). */
function pays(e: Expr, top: boolean): boolean {
  switch (e.kind) {
    case "negate":
      return pays(e.operand, false);
    case "arith":
      return e.op === "**" || (e.op === "/" && !top) || pays(e.left, false) || pays(e.right, false);
    case "filter":
      return pays(e.filter, false);
    case "call":
      return e.args[0]?.kind === "for";
    default:
      return false;
  }
}

function mark(e: Expr): void {
  if (e.kind === "call" && !e.named && e.callee.kind === "name" && e.callee.ref?.kind === "builtin") {
    const [x, places] = e.args;
    const rounding = ROUNDING_MODES[e.callee.ref.name] !== undefined && e.args.length === 2;
    if (rounding && places?.kind === "number" && x && certifiable(x, []) && pays(x, true)) e.certified = true;
  }
}

export const certifyRoundings = (ir: ModelIR): void => forEachExpr(ir, mark);
