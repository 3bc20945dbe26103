// The evaluation budget in a batch: every row gets the whole budget, as every service request
// does (runtime/budget.ts), so no row can stall a worker or exhaust its memory; a row that runs
// out gets an `evaluation` error record naming the limit and the option that sets it, and the
// batch goes on. One withBudget covers a whole piece, refilled before each row's evaluation.
import { DEFAULT_EVALUATION_LIMITS, exceededLimit, withBudget, type EvaluationLimits, type LimitKind } from "../runtime/budget.js";
import { DeclaredResultError } from "../runtime/declared.js";
import type { RowError } from "./records.js";

/** The `pdm score` option that raises each limit (the same names as `pdm serve`'s). */
const OPTION: Record<LimitKind, string> = { steps: "--eval-budget", size: "--eval-size", depth: "--eval-depth" };

/** Runs `score` (a piece's rows) within `limits`, the service's defaults unless given. */
export function withinLimits<A extends unknown[], R>(
  limits: Partial<EvaluationLimits> | undefined,
  score: (...args: A) => R,
): (...args: A) => R {
  const within = { ...DEFAULT_EVALUATION_LIMITS, ...limits };
  return (...args) => withBudget(within, () => score(...args));
}

/** A row's evaluation error record: the limit it passed, the decision outside its declared type, or what the model threw. */
export function evaluationError(e: unknown, limits: Partial<EvaluationLimits> | undefined): RowError {
  if (e instanceof DeclaredResultError)
    return { code: "evaluation", message: e.message, errors: [{ address: e.address, code: e.code, message: e.message }] };
  const exceeded = exceededLimit(e, limits?.depth ?? DEFAULT_EVALUATION_LIMITS.depth, limits?.size ?? DEFAULT_EVALUATION_LIMITS.size);
  if (exceeded) return { code: "evaluation", message: `${exceeded.message} (${OPTION[exceeded.kind]})` };
  return { code: "evaluation", message: (e as Error)?.message ?? String(e) };
}
