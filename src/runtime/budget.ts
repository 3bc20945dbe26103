// An evaluation budget: generated code ticks in loops and calls, so a model with a huge `for`
// or runaway recursion stops with an error instead of stalling the process.

export class BudgetExceeded extends Error {
  constructor(readonly limit: number) {
    super(`evaluation budget of ${limit} steps exceeded`);
    this.name = "BudgetExceeded";
  }
}

let remaining = Infinity;
let limit = Infinity;

export function tick(n = 1): void {
  remaining -= n;
  if (remaining < 0) throw new BudgetExceeded(limit);
}

/** Runs fn with at most `steps` ticks. */
export function withBudget<T>(steps: number, fn: () => T): T {
  const [r, l] = [remaining, limit];
  remaining = steps;
  limit = steps;
  try {
    return fn();
  } finally {
    remaining = r;
    limit = l;
  }
}
