// The ratchet: tck-baseline.json holds the number of passing cases; it only ever goes up.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export interface Baseline {
  passed: number;
}

export function readBaseline(file: string): Baseline {
  if (!existsSync(file)) return { passed: 0 };
  const data = JSON.parse(readFileSync(file, "utf8")) as Partial<Baseline>;
  return { passed: typeof data.passed === "number" ? data.passed : 0 };
}

/** Raises the baseline to `passed` when higher; returns the baseline now on disk. */
export function raiseBaseline(file: string, passed: number): Baseline {
  const current = readBaseline(file);
  if (passed <= current.passed) return current;
  const next = { passed };
  writeFileSync(file, JSON.stringify(next, null, 2) + "\n");
  return next;
}
