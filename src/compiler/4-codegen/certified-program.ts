// The postfix program of a rounding the optimiser marked `certified` (optimise/certify.ts), for
// runtime/certified.ts: literals as doubles, names and lists as operands passed in beside it, a
// loop as its head followed by its body.
import type { Expr } from "../../ir/feel-ast.js";
import { aggregateOf, isLoopVariable } from "../3-optimise/certify.js";
import { CERTIFIED_OPS as OP } from "../../runtime/certified.js";

const ARITH = { "+": OP.ADD, "-": OP.SUB, "*": OP.MUL, "/": OP.DIV, "**": OP.POW };

/** A literal a double holds as it is written, or one whose error a double's half ulp bounds (not an integer's text that rounds to another integer). */
const asDouble = (text: string): number | undefined => {
  const x = Number(text);
  return !Number.isInteger(x) || /^\d+$/.test(text) ? x : undefined;
};

/** The program and, in order, the operands it reads (emitted by `operand`; each name once). */
export function certifiedProgram(x: Expr, operand: (e: Expr) => string): { program: number[]; operands: string[] } {
  const program: number[] = [];
  const operands: string[] = [];
  const operandIndex = (e: Expr): number => {
    const code = operand(e);
    const seen = operands.indexOf(code);
    return seen >= 0 ? seen : operands.push(code) - 1;
  };
  const walk = (e: Expr, loops: string[]): void => {
    if (e.kind === "number" && asDouble(e.value) !== undefined) program.push(OP.LIT, asDouble(e.value)!);
    else if (isLoopVariable(e, loops)) program.push(OP.VAR, loops.lastIndexOf((e as { name: string }).name));
    else if (e.kind === "negate") {
      walk(e.operand, loops);
      program.push(OP.NEG);
    } else if (e.kind === "arith") {
      walk(e.left, loops);
      walk(e.right, loops);
      program.push(ARITH[e.op]);
    } else if (e.kind === "filter") {
      walk(e.filter, loops);
      program.push(OP.ITEM, operandIndex(e.base));
    } else if (e.kind === "call" && aggregateOf(e) !== undefined) aggregate(aggregateOf(e)!, e.args[0]!, loops);
    else program.push(OP.IN, operandIndex(e));
  };
  const aggregate = (name: "sum" | "count", list: Expr, loops: string[]): void => {
    if (list.kind !== "for") return void program.push(name === "sum" ? OP.SUM : OP.COUNT, operandIndex(list));
    const it = list.iterations[0]!;
    if (it.to) {
      walk(it.source, loops);
      walk(it.to, loops);
      program.push(OP.FOR);
    } else program.push(OP.EACH, operandIndex(it.source));
    // the loop's depth and the length of its body, written once the body is
    program.push(loops.length, 0);
    const body = program.length;
    walk(list.body, [...loops, it.name]);
    program[body - 1] = program.length - body;
  };
  walk(x, []);
  return { program, operands };
}
