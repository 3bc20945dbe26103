// Closed expressions (no name read from the state, a parameter, a let or a variable bound outside
// them) worked out once, at compile time, with the runtime itself: `max(for o in 2..10 return o)`,
// `{a: 2, b: a * 3}.b`, `abs(8) + 12`, `date("2022-12-31")`, `date(@"2022-12-31T10:00:00")`, `decimal(n: 1.25, scale: 1)`, `min(["a", "b"])`. A little work only (the budget's
// limits below, a range of at most 1,000 items), and only when the runtime reports no problem:
// an expression that warns or fails at run time is left to run there. Undefined means "not worked
// out here" (a node of another kind, a name from outside, a problem, too much work).
import type { Expr } from "../../ir/feel-ast.js";
import * as rt from "../../runtime/index.js";
import { BudgetExceeded, madeList, spentSoFar, withBudget } from "../../runtime/budget.js";
import type { FeelValue } from "../../runtime/values.js";
import { CLOCK_BUILTINS } from "../2-analyse/expressions/constant-call.js";
import { literalValue } from "../2-analyse/expressions/literal-value.js";

const LIMITS = { steps: 10_000, size: 10_000, depth: 20 };
const MOST_ITEMS = 1_000;

/**
 * What all the expressions of one model worked out at compile time may spend together, each try
 * charged TRY_STEPS besides what it spent: one expression's limits above bound one, but a model of
 * copies of one (measured: 5,000 `string length(string join(for i in 1..999 return string(i)))`
 * in 310 KB took 13 s to compile, 2,000 `matches` of a backtracking pattern 1.1 s) would have them
 * spent once per copy. Past it, what is left runs at run time, under the evaluation's budget.
 */
const MODEL_LIMITS = { steps: 200_000, size: 200_000 };
const TRY_STEPS = 200;

/** What is left of a model's compile-time work (MODEL_LIMITS). */
export type FoldWork = { steps: number; size: number };
export const foldWork = (): FoldWork => ({ ...MODEL_LIMITS });

/**
 * fn's value, worked out within the limits and what is left of `work` (charged what it spent), or
 * undefined when nothing is left, fn stops at a limit or reports a problem. fn throws NotClosed
 * for an expression it does not work out.
 */
export function worked(work: FoldWork, fn: () => FeelValue | undefined): FeelValue | undefined {
  if (work.steps < TRY_STEPS || work.size <= 0) return undefined;
  work.steps -= TRY_STEPS;
  const within = { steps: Math.min(LIMITS.steps, work.steps), size: Math.min(LIMITS.size, work.size), depth: LIMITS.depth };
  let cost: FoldWork = within;
  try {
    const { result, problems } = withBudget(within, () => {
      try {
        return rt.collectProblems(fn);
      } finally {
        cost = spentSoFar();
      }
    });
    return problems.length > 0 ? undefined : result;
  } catch (error) {
    if (error instanceof NotClosed || error instanceof BudgetExceeded) return undefined;
    throw error;
  } finally {
    work.steps -= Math.min(cost.steps, within.steps);
    work.size -= Math.min(cost.size, within.size);
  }
}

/** FEEL's operators by their runtime functions (the constant folding's too). */
export const ARITH = { "+": rt.add, "-": rt.sub, "*": rt.mul, "/": rt.div, "**": rt.pow } as const;
export const COMPARE = { "=": rt.eq, "!=": rt.ne, "<": rt.lt, "<=": rt.le, ">": rt.gt, ">=": rt.ge } as const;

class NotClosed extends Error {}
const notClosed = (): never => {
  throw new NotClosed();
};

/** The names bound around the expression: one map, each binding set for the time it holds and the one it hid put back. */
type Scope = Map<string, FeelValue>;

/** fn's value, fn binding `names` in scope; what they hid put back after. */
function scoped<T>(scope: Scope, names: readonly string[], fn: () => T): T {
  const hidden = names.map((name) => [name, scope.has(name), scope.get(name)] as const);
  try {
    return fn();
  } finally {
    for (const [name, had, value] of hidden.reverse()) {
      if (had) scope.set(name, value!);
      else scope.delete(name);
    }
  }
}

function valueOf(e: Expr, scope: Scope): FeelValue {
  const literal = literalValue(e);
  if (literal !== undefined) return literal;
  switch (e.kind) {
    case "temporal":
      return rt.temporalLiteral(e.value);
    case "list":
      return madeList(e.items.map((item) => valueOf(item, scope)));
    case "context":
      return contextOf(e, scope);
    case "name":
      return e.ref?.kind === "local" && scope.has(e.ref.name) ? scope.get(e.ref.name)! : notClosed();
    case "negate":
      return rt.neg(valueOf(e.operand, scope));
    case "arith":
      return ARITH[e.op](valueOf(e.left, scope), valueOf(e.right, scope));
    case "compare":
      return COMPARE[e.op](valueOf(e.left, scope), valueOf(e.right, scope));
    case "call":
      return callOf(e, scope);
    case "path":
      return e.base.kind === "context" ? entryOf(e.base, e.member, scope) : rt.member(valueOf(e.base, scope), e.member);
    case "for":
      return forOf(e, scope);
    default:
      return notClosed();
  }
}

function callOf(e: Extract<Expr, { kind: "call" }>, scope: Scope): FeelValue {
  const ref = e.callee.kind === "name" ? e.callee.ref : undefined;
  if (ref?.kind !== "builtin" || CLOCK_BUILTINS.has(ref.name)) return notClosed();
  const f = rt.builtin(ref.name) ?? notClosed();
  if (e.named)
    return rt.callNamed(
      f,
      e.named.map((a) => [a.name, valueOf(a.value, scope)] as [string, FeelValue]),
    );
  return rt.call(
    f,
    e.args.map((a) => valueOf(a, scope)),
  );
}

/**
 * `{a: .., b: ..}.b`: the entries in order, each seeing those before it; a key written twice is left
 * to run time. The entries are bound in the one scope in turn (a copy of the scope per entry took
 * 5,000 entries reading the one before to seconds).
 */
function entryOf(base: Extract<Expr, { kind: "context" }>, member: string, scope: Scope): FeelValue {
  const keys = base.entries.map((entry) => entry.key);
  if (new Set(keys).size !== keys.length || !keys.includes(member)) return notClosed();
  return scoped(scope, keys, () => {
    for (const entry of base.entries) scope.set(entry.key, valueOf(entry.value, scope));
    return scope.get(member)!;
  });
}

/** `{a: .., b: ..}` as a value: its entries in order, each seeing those before it; a key written twice is left to run time. */
function contextOf(e: Extract<Expr, { kind: "context" }>, scope: Scope): FeelValue {
  const keys = e.entries.map((entry) => entry.key);
  if (new Set(keys).size !== keys.length) return notClosed();
  return scoped(scope, keys, () => {
    for (const entry of e.entries) scope.set(entry.key, valueOf(entry.value, scope));
    return rt.contextOf(
      keys,
      keys.map((k) => scope.get(k)!),
    );
  });
}

/** `for v in a..b return body` over one range of whole numbers, or `for v in list return body`, of at most 1,000 items. */
function forOf(e: Extract<Expr, { kind: "for" }>, scope: Scope): FeelValue {
  const [it, more] = e.iterations;
  if (more || !it || e.runningTotals) return notClosed();
  if (!it.to) {
    const list = rt.iter(valueOf(it.source, scope));
    if (list.length > MOST_ITEMS) return notClosed();
    return scoped(scope, [it.name], () => rt.madeList(list.map((v) => valueOf(e.body, scope.set(it.name, v)))));
  }
  const [from, to] = [valueOf(it.source, scope), valueOf(it.to, scope)];
  if (!rt.isDecimal(from) || !rt.isDecimal(to) || !from.isInteger() || !to.isInteger()) return notClosed();
  if (from.minus(to).abs().gte(MOST_ITEMS)) return notClosed();
  const items: FeelValue[] = [];
  scoped(scope, [it.name], () => {
    for (const v of rt.iterRange(from, to) ?? notClosed()) items.push(valueOf(e.body, scope.set(it.name, v)));
  });
  return rt.madeList(items);
}

/** The value of a closed expression, or undefined when it is not one, asks too much work (of it or of what is left of `work`) or the runtime reports a problem. */
export const closedValue = (e: Expr, work: FoldWork): FeelValue | undefined => worked(work, () => valueOf(e, new Map()));
