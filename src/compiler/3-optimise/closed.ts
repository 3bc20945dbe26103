// Closed expressions (no name read from the state, a parameter, a let or a variable bound outside
// them) worked out once, at compile time, with the runtime itself: `max(for o in 2..10 return o)`,
// `{a: 2, b: a * 3}.b`, `abs(8) + 12`, `date("2022-12-31")`. A little work only (the budget's
// limits below, a range of at most 1,000 items), and only when the runtime reports no problem:
// an expression that warns or fails at run time is left to run there. Undefined means "not worked
// out here" (a node of another kind, a name from outside, a problem, too much work).
import type { Expr } from "../../ir/feel-ast.js";
import * as rt from "../../runtime/index.js";
import { BudgetExceeded, withBudget } from "../../runtime/budget.js";
import type { FeelValue } from "../../runtime/values.js";
import { CLOCK_BUILTINS } from "../2-analyse/expressions/constant-call.js";
import { literalValue } from "../2-analyse/expressions/literal-value.js";

const LIMITS = { steps: 10_000, size: 10_000, depth: 20 };
const MOST_ITEMS = 1_000;

/** FEEL's operators by their runtime functions (the constant folding's too). */
export const ARITH = { "+": rt.add, "-": rt.sub, "*": rt.mul, "/": rt.div, "**": rt.pow } as const;
export const COMPARE = { "=": rt.eq, "!=": rt.ne, "<": rt.lt, "<=": rt.le, ">": rt.gt, ">=": rt.ge } as const;

class NotClosed extends Error {}
const notClosed = (): never => {
  throw new NotClosed();
};

type Scope = ReadonlyMap<string, FeelValue>;
const bind = (scope: Scope, name: string, value: FeelValue): Scope => new Map(scope).set(name, value);

function valueOf(e: Expr, scope: Scope): FeelValue {
  const literal = literalValue(e);
  if (literal !== undefined) return literal;
  switch (e.kind) {
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
      return e.base.kind === "context" ? entryOf(e.base, e.member, scope) : notClosed();
    case "for":
      return forOf(e, scope);
    default:
      return notClosed();
  }
}

function callOf(e: Extract<Expr, { kind: "call" }>, scope: Scope): FeelValue {
  const ref = e.callee.kind === "name" ? e.callee.ref : undefined;
  if (e.named || ref?.kind !== "builtin" || CLOCK_BUILTINS.has(ref.name)) return notClosed();
  const f = rt.builtin(ref.name) ?? notClosed();
  return rt.call(
    f,
    e.args.map((a) => valueOf(a, scope)),
  );
}

/** `{a: .., b: ..}.b`: the entries in order, each seeing those before it; a key written twice is left to run time. */
function entryOf(base: Extract<Expr, { kind: "context" }>, member: string, scope: Scope): FeelValue {
  const keys = base.entries.map((entry) => entry.key);
  if (new Set(keys).size !== keys.length || !keys.includes(member)) return notClosed();
  let inner = scope;
  for (const entry of base.entries) inner = bind(inner, entry.key, valueOf(entry.value, inner));
  return inner.get(member)!;
}

/** `for v in a..b return body` over one range of whole numbers of at most 1,000 items. */
function forOf(e: Extract<Expr, { kind: "for" }>, scope: Scope): FeelValue {
  const [it, more] = e.iterations;
  if (more || !it?.to || e.runningTotals) return notClosed();
  const [from, to] = [valueOf(it.source, scope), valueOf(it.to, scope)];
  if (!rt.isDecimal(from) || !rt.isDecimal(to) || !from.isInteger() || !to.isInteger()) return notClosed();
  if (from.minus(to).abs().gte(MOST_ITEMS)) return notClosed();
  const items: FeelValue[] = [];
  for (const v of rt.iterRange(from, to) ?? notClosed()) items.push(valueOf(e.body, bind(scope, it.name, v)));
  return rt.madeList(items);
}

/** The value of a closed expression, or undefined when it is not one, asks too much work or the runtime reports a problem. */
export function closedValue(e: Expr): FeelValue | undefined {
  try {
    const { result, problems } = withBudget(LIMITS, () => rt.collectProblems(() => valueOf(e, new Map())));
    return problems.length > 0 ? undefined : result;
  } catch (error) {
    if (error instanceof NotClosed || error instanceof BudgetExceeded) return undefined;
    throw error;
  }
}
