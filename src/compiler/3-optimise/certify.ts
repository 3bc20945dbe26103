// Marks the comparisons of two such expressions (`a / 7 + b < c`), and the roundings to literal places (`decimal(x, 2)`, `round half up(x, 4)`, ...) whose x pays
// to work out in certified doubles (runtime/certified.ts): + - × ÷ and powers over number literals
// and names, list items `l[i]`, `count(l)`, `sum(l)` and sums of `for` loops over a range or a list
// (`sum(for i in 1..count(l) return l[i] / (1 + r) ** i)`), with a power, a quotient inside or a
// loop, where the exact decimal path is slowest (a quotient that meets more arithmetic, a power's
// 34-digit result, a list of 34-digit terms added one by one). Codegen keeps the exact path for
// values the doubles cannot certify.
import type { Call, Expr } from "../../ir/feel-ast.js";
import type { ModelIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import { ROUNDING_MODES } from "../../runtime/builtins/number.js";
import { forEachExpr, walk } from "./walk.js";

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
  // a comparison of two such sides: decided by the doubles where their bounds keep them apart
  if (e.kind === "compare") {
    const sides = [e.left, e.right];
    if (sides.every((s) => certifiable(s, [])) && sides.some((s) => pays(s, true))) e.certified = true;
    return;
  }
  if (e.kind === "call" && !e.named && e.callee.kind === "name" && e.callee.ref?.kind === "builtin") {
    const [x, places] = e.args;
    const rounding = ROUNDING_MODES[e.callee.ref.name] !== undefined && e.args.length === 2;
    if (!rounding || places?.kind !== "number" || !x) return;
    // an inlined function's arithmetic, worked out from the call's arguments
    const form = x.kind === "call" ? inlinedArithmetic(x) : undefined;
    if (certifiable(form ?? x, []) && pays(form ?? x, true)) {
      e.certified = true;
      if (form) e.certifiedForm = form;
    }
  }
}

/** A number type with no condition, or any: a number conforms to it as it is. */
const plainNumber = (t: Type): boolean => t.kind === "any" || (t.kind === "number" && !t.constraint);

/**
 * The body of an inlined call with its arguments in place of its parameters, when the certified
 * doubles may work it out from them alone: every argument a number literal or a name read as an
 * operand, every parameter and the result a number with no condition (the doubles decline any
 * value but a number, which is what the parameter check refuses), and every parameter checked
 * there read by the body, which holds only arithmetic and negation of its parameters, number
 * literals and such calls (no loop, whose variable a name put there could be taken for). Inlined
 * calls in the body are replaced so too; undefined otherwise.
 */
function inlinedArithmetic(call: Call): Expr | undefined {
  const inl = call.inlined;
  if (!inl || !plainNumber(inl.type) || call.args.some((a) => a.kind !== "number" && !isOperandName(a, []))) return undefined;
  const reads = new Map<string, number>();
  walk(inl.body, (n) => {
    if (n.kind === "name" && n.ref?.kind === "param") reads.set(n.ref.name, (reads.get(n.ref.name) ?? 0) + 1);
  });
  const args = new Map(inl.params.map((p, i) => [p.id, call.args[i]!]));
  const usable = inl.params.every(
    (p, i) => plainNumber(p.type) && (p.type.kind === "any" || call.args[i]!.kind === "number" || reads.has(p.id)),
  );
  if (!usable) return undefined;
  const substitute = (n: Expr): Expr | undefined => {
    switch (n.kind) {
      case "number":
        return n;
      case "name":
        return n.ref?.kind === "param" && args.has(n.ref.name) ? args.get(n.ref.name) : n;
      case "negate": {
        const operand = substitute(n.operand);
        return operand && { ...n, operand };
      }
      case "arith": {
        const [left, right] = [substitute(n.left), substitute(n.right)];
        return left && right && { ...n, left, right };
      }
      case "call": {
        const inner = n.args.map(substitute);
        return n.inlined && inner.every((a) => a !== undefined) ? inlinedArithmetic({ ...n, args: inner as Expr[] }) : undefined;
      }
      default:
        return undefined;
    }
  };
  return substitute(inl.body);
}

export const certifyRoundings = (ir: ModelIR): void => forEachExpr(ir, mark);
