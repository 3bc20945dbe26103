// A compiled model's answers on every path — `evaluate` without a trace, with one, and as FEEL
// values — checked against the unoptimised model's, for the certified-number tests.
import { expect } from "vitest";
import * as runtime from "../../src/runtime/generated-api.js";
import type { GeneratedModule } from "../../src/runtime/entry.js";

/** FEEL values as `evaluate` gives them in JSON. */
export const toJson = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, runtime.toJson(v as never)]));

/** What a call answers, or the code of what it throws (a decision outside its declared type). */
function outcome(f: () => unknown): unknown {
  try {
    return { answer: f() };
  } catch (e) {
    return { thrown: (e as { code?: string }).code ?? String(e) };
  }
}

/**
 * `json` (the optimised module's `evaluate` path without a trace), the module with a trace and as
 * FEEL values each answer what the unoptimised model answers on state s.
 */
export function expectEveryPath(
  fast: GeneratedModule,
  slow: { evaluate(s: Record<string, unknown>): unknown },
  json: () => unknown,
  s: Record<string, unknown>,
  where: string,
): void {
  const want = outcome(() => slow.evaluate(s));
  expect(outcome(json), where).toEqual(want);
  // a trace and FEEL values take the decimals
  expect(
    outcome(() => fast.run(null, s, {}, true)),
    where,
  ).toEqual(want);
  expect(
    outcome(() => toJson(fast.run(null, s, null, false))),
    where,
  ).toEqual(want);
}
