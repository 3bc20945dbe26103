// Decision tables (DMN 1.5, 8.2 and 8.3): which rules match, and the hit policy's answer from
// their outputs. Cells come as the parser's unary tests and expressions.
import type { Expr, UnaryTests } from "../../../src/ir/feel-ast.js";
import { callPositional } from "./builtins.js";
import { equal } from "./compare.js";
import { evaluate, type Scope } from "./interpret.js";
import { matchesTests } from "./unary-tests.js";
import { Num, context, isNum, num, type RValue } from "./values.js";

export interface RefTable {
  hit: string;
  inputs: Expr[];
  outputs: string[];
  /** the output's values, highest priority first (PRIORITY, OUTPUT ORDER) */
  priorities: string[];
  rules: { tests: UnaryTests[]; outputs: Expr[] }[];
}

/** the rule's output: its single value, or a context of its named outputs */
const outputOf = (t: RefTable, exprs: Expr[], scope: Scope): RValue =>
  t.outputs.length === 1 ? evaluate(exprs[0]!, scope) : context(t.outputs.map((name, i) => [name, evaluate(exprs[i]!, scope)]));

const sum = (xs: Num[]) => xs.reduce((a, b) => a.plus(b), new Num(0));

/** the outputs by priority, highest first; among equals, in rule order */
const byPriority = (outs: RValue[], priorities: string[]) =>
  outs
    .map((o, i) => ({ o, i, p: priorities.indexOf(o as string) }))
    .sort((a, b) => a.p - b.p || a.i - b.i)
    .map((x) => x.o);

/** each hit policy's answer from the matched outputs, in rule order */
const POLICIES: Record<string, (outs: RValue[], priorities: string[]) => RValue> = {
  PRIORITY: (outs, priorities) => byPriority(outs, priorities)[0] ?? null,
  "OUTPUT ORDER": byPriority,
  FIRST: (outs) => outs[0] ?? null,
  UNIQUE: (outs) => (outs.length === 1 ? outs[0]! : null),
  ANY: (outs) => (outs.length > 0 && outs.every((o) => equal(o, outs[0]!) === true) ? outs[0]! : null),
  "RULE ORDER": (outs) => outs,
  COLLECT: (outs) => outs,
  "COLLECT COUNT": (outs) => num(outs.length),
  "COLLECT SUM": (outs) => (outs.length === 0 ? null : outs.every(isNum) ? sum(outs as Num[]) : null),
  // C< and C> are the min and max built-ins over the outputs (a null among them makes them null)
  "COLLECT MIN": (outs) => callPositional("min", [outs]),
  "COLLECT MAX": (outs) => callPositional("max", [outs]),
};

export function evaluateTable(t: RefTable, scope: Scope): RValue {
  const values = t.inputs.map((e) => evaluate(e, scope));
  const matched = t.rules.filter((r) => r.tests.every((test, i) => matchesTests(test, values[i]!, scope) === true));
  const outs = matched.map((r) => outputOf(t, r.outputs, scope));
  const single = !t.hit.startsWith("COLLECT") && t.hit !== "RULE ORDER" && t.hit !== "OUTPUT ORDER";
  if (matched.length === 0 && single) return null;
  return POLICIES[t.hit]!(outs, t.priorities);
}
