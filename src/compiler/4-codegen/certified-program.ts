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

/** Registers of the runtime's SET and GET. */
const MAX_REGISTERS = 16;

/** Whether e reads the loop variable `name` (or holds a loop of its own, left where it is). */
function dependsOn(e: Expr, name: string): boolean {
  if (e.kind === "name") return e.name === name && e.ref?.kind === "local";
  if (e.kind === "negate") return dependsOn(e.operand, name);
  if (e.kind === "arith") return dependsOn(e.left, name) || dependsOn(e.right, name);
  if (e.kind === "filter") return dependsOn(e.filter, name);
  return e.kind === "call" && e.args[0]?.kind === "for";
}

/**
 * The largest pieces of arithmetic in a loop's body that do not read its variable (`1 + r` in
 * `l[i] / (1 + r) ** i`): the same operations on the same values before the loop as in every pass.
 */
function invariantParts(body: Expr, name: string): Expr[] {
  if (body.kind !== "arith" && body.kind !== "negate") return [];
  if (!dependsOn(body, name)) return [body];
  return body.kind === "negate"
    ? invariantParts(body.operand, name)
    : [...invariantParts(body.left, name), ...invariantParts(body.right, name)];
}

/** The program and, in order, the operands it reads (emitted by `operand`; each name once). */
export function certifiedProgram(x: Expr, operand: (e: Expr) => string): { program: number[]; operands: string[] } {
  const program: number[] = [];
  const operands: string[] = [];
  const operandIndex = (e: Expr): number => {
    const code = operand(e);
    const seen = operands.indexOf(code);
    return seen >= 0 ? seen : operands.push(code) - 1;
  };
  // parts of loop bodies worked out before their loop, by register
  const registers = new Map<Expr, number>();
  const walk = (e: Expr, loops: string[]): void => {
    if (registers.has(e)) program.push(OP.GET, registers.get(e)!);
    else if (e.kind === "number" && asDouble(e.value) !== undefined) program.push(OP.LIT, asDouble(e.value)!);
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
    for (const part of invariantParts(list.body, it.name)) {
      if (registers.size >= MAX_REGISTERS) break;
      walk(part, loops);
      program.push(OP.SET, registers.size);
      registers.set(part, registers.size);
    }
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
