// A call of a built-in whose arguments are all literals gives the same value for every state: the
// strict check evaluates it now, with the runtime itself, and one that gives null (an impossible
// date `date("2026-13-01")`, a duration that is not ISO 8601 `duration("1D")`) is an error at its
// place rather than a decision that is silently null. The clock functions are never constant.
import type { Call } from "../../../ir/feel-ast.js";
import { withBudget, BudgetExceeded } from "../../../runtime/budget.js";
import { builtin } from "../../../runtime/builtins/index.js";
import { call, callNamed } from "../../../runtime/functions.js";
import { collectProblems } from "../../../runtime/problems.js";
import { parseTemporal } from "../../../runtime/temporal/index.js";
import type { FeelValue } from "../../../runtime/values.js";
import { literalValue } from "./literal-value.js";

/** Built-ins that read the clock: their value is not known before the model runs. */
export const CLOCK_BUILTINS: ReadonlySet<string> = new Set(["today", "now"]);

/** A little work for one call: a literal argument cannot make more, a pathological pattern is left to run time. */
const LIMITS = { steps: 100_000, size: 1_000_000, depth: 50 };

/** The value of the call of built-in `name` and the runtime's messages, when every argument is a literal; undefined otherwise. */
function constantCall(name: string, e: Call): { result: FeelValue; problems: string[] } | undefined {
  const f = builtin(name);
  if (!f || CLOCK_BUILTINS.has(name)) return undefined;
  const given = e.named ? e.named.map((n) => n.value) : e.args;
  const values = given.map((a) => literalValue(a) ?? (a.kind === "temporal" ? parseTemporal(a.value) : undefined));
  if (values.some((v) => v === undefined)) return undefined;
  const args = values as FeelValue[];
  try {
    return withBudget(LIMITS, () =>
      collectProblems(() =>
        e.named
          ? callNamed(
              f,
              e.named.map((n, i) => [n.name, args[i]!]),
            )
          : call(f, args),
      ),
    );
  } catch (error) {
    if (error instanceof BudgetExceeded) return undefined;
    throw error;
  }
}

/**
 * Why the call of built-in `name` is null whatever the state (the runtime's message, or that it
 * gives null); undefined when it is not constant, or gives a value.
 */
export function constantCallNull(name: string, e: Call): string | undefined {
  const made = constantCall(name, e);
  if (made === undefined || made.result !== null) return undefined;
  return made.problems[0] ?? "it gives null";
}

/** Whether the call of built-in `name` of literals gives its value quietly (it may be made once), not saying something each time it runs. */
export const constantCallQuiet = (name: string, e: Call): boolean => constantCall(name, e)?.problems.length === 0;
