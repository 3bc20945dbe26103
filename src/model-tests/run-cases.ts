// Runs test cases against a compiled model: the state is validated and evaluated, and every
// expected decision and answer is compared with what came out. An expected object lists only the
// fields it checks (partial); arrays and scalars compare whole, numbers by value.
import type { CompiledModel } from "../compiler/index.js";
import { didYouMean } from "../compiler/1-parse/suggest.js";
import type { DecisionExplanation } from "../ir/explanation.js";
import type { Expectation, TestCase } from "./cases.js";

export interface Mismatch {
  /** `decisions.<name>` or `answers.<id>`, then the path inside the value */
  path: string;
  expected: unknown;
  actual: unknown;
  /** the case names a decision or question the model does not have: saying so, with the nearest one */
  absent?: string;
}

export interface CaseOutcome {
  name: string;
  ok: boolean;
  /** the state did not match the model's inputs: why, per input */
  invalidState?: { address: string; message: string }[];
  mismatches: Mismatch[];
  /** what the failing decisions did (docs/explanations.md) */
  explanation: Record<string, DecisionExplanation>;
  /** what the model gave, when the state was valid */
  actual?: { decisions: Record<string, unknown>; answers: Record<string, unknown> };
  ms: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Where `actual` differs from `expected`, descending into the fields an expected object names. */
export function differences(expected: unknown, actual: unknown, path: string): Mismatch[] {
  if (isRecord(expected) && isRecord(actual)) {
    return Object.entries(expected).flatMap(([k, v]) =>
      Object.prototype.hasOwnProperty.call(actual, k)
        ? differences(v, actual[k], `${path}.${k}`)
        : [{ path: `${path}.${k}`, expected: v, actual: undefined }],
    );
  }
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    return expected.flatMap((v, i) => differences(v, actual[i], `${path}[${i}]`));
  }
  return sameValue(expected, actual) ? [] : [{ path, expected, actual }];
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "number" || typeof b === "number")
    return Number(a) === Number(b) && typeof a !== "boolean" && typeof b !== "boolean" && a !== null && b !== null;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What an expectation's keys name, in each part of a case. */
const NAMED = { decisions: "decision", answers: "question" } as const;

/**
 * The mismatches, and the names (of decisions and questions) they are under: taken from the
 * expectation, not read back from a path, where a name holding a dot or a bracket would be cut.
 */
function compare(
  expect: Expectation,
  decisions: Record<string, unknown>,
  answers: Record<string, unknown>,
): { mismatches: Mismatch[]; failing: Set<string> } {
  const mismatches: Mismatch[] = [];
  const failing = new Set<string>();
  for (const [part, actual] of [
    ["decisions", decisions],
    ["answers", answers],
  ] as const) {
    for (const [name, expected] of Object.entries(expect[part] ?? {})) {
      const found = Object.prototype.hasOwnProperty.call(actual, name)
        ? differences(expected, actual[name], `${part}.${name}`)
        : [
            {
              path: `${part}.${name}`,
              expected,
              actual: undefined,
              absent: `the model has no ${NAMED[part]} \`${name}\`${didYouMean(name, Object.keys(actual))}`,
            },
          ];
      if (found.length > 0) failing.add(name);
      mismatches.push(...found);
    }
  }
  return { mismatches, failing };
}

export function runCase(model: CompiledModel, c: TestCase): CaseOutcome {
  const started = performance.now();
  const valid = model.validate(c.state);
  if (!valid.ok)
    return { name: c.name, ok: false, invalidState: valid.errors, mismatches: [], explanation: {}, ms: performance.now() - started };
  const state = c.state as Record<string, unknown>;
  const decisions = model.evaluate(state);
  const answers = model.answers(decisions) as Record<string, unknown>;
  const { mismatches, failing } = compare(c.expect, decisions, answers);
  const ms = performance.now() - started;
  const actual = { decisions, answers };
  if (mismatches.length === 0) return { name: c.name, ok: true, mismatches, explanation: {}, actual, ms };
  // explained only when something failed: a passing run pays nothing for it
  const explained = Object.entries(model.explain(state).explanation.decisions).filter(([name]) => failing.has(name));
  return { name: c.name, ok: false, mismatches, explanation: Object.fromEntries(explained), actual, ms };
}
