// An evaluation under a step limit, for tests that compare two modules' charges: what it gives, or
// where the limit stopped it.
import { BudgetExceeded, withBudget } from "../../src/runtime/budget.js";
import type { FeelValue } from "../../src/runtime/values.js";
import { fromEngine } from "../differential/from-engine.js";
import { formatValue } from "./reference/show.js";

/** `run`'s result within `steps` (and `size`, when given), or `stopped: <limit>` when a limit stopped it. */
export function withinSteps<T>(steps: number, run: () => T, size?: number): T | string {
  try {
    return withBudget(size === undefined ? { steps } : { steps, size }, run);
  } catch (e) {
    if (e instanceof BudgetExceeded) return `stopped: ${e.kind}`;
    throw e;
  }
}

/** Each decision of `model` on `state` as text, within `steps` (and `size`), or where the limit stopped it. */
export const valuesWithin = (
  model: { evaluateToValues(s: Record<string, unknown>): Record<string, FeelValue | undefined> },
  state: object,
  steps: number,
  size?: number,
) =>
  withinSteps(
    steps,
    () =>
      Object.fromEntries(
        Object.entries(model.evaluateToValues(state as Record<string, unknown>)).map(([k, v]) => [k, formatValue(fromEngine(v ?? null))]),
      ),
    size,
  );
