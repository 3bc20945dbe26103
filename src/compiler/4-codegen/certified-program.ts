// The postfix program of a rounding the optimiser marked `certified` (optimise/certify.ts), for
// runtime/certified.ts: literals as doubles, names as operands passed in beside it.
import type { Expr } from "../../ir/feel-ast.js";
import { CERTIFIED_OPS } from "../../runtime/certified.js";

const ARITH = { "+": CERTIFIED_OPS.ADD, "-": CERTIFIED_OPS.SUB, "*": CERTIFIED_OPS.MUL, "/": CERTIFIED_OPS.DIV, "**": CERTIFIED_OPS.POW };

/** The program and, in order, the operands it reads (emitted by `operand`). */
export function certifiedProgram(x: Expr, operand: (e: Expr) => string): { program: number[]; operands: string[] } {
  const program: number[] = [];
  const operands: string[] = [];
  const walk = (e: Expr): void => {
    if (e.kind === "number") program.push(CERTIFIED_OPS.LIT, Number(e.value));
    else if (e.kind === "negate") {
      walk(e.operand);
      program.push(CERTIFIED_OPS.NEG);
    } else if (e.kind === "arith") {
      walk(e.left);
      walk(e.right);
      program.push(ARITH[e.op]);
    } else {
      program.push(CERTIFIED_OPS.IN, operands.length);
      operands.push(operand(e));
    }
  };
  walk(x);
  return { program, operands };
}
