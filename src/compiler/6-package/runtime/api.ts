// Runs inside generated packages: the public API around the generated module. `answers` takes
// a state (it evaluates, then shapes the answers), unlike the compiler's `answers(decisions)`.
import type { ErrorObject } from "ajv";
import type { QuestionIR } from "../../../ir/ir.js";
import type { entryPoints } from "../../../runtime/entry.js";
import { answersFor } from "../../../runtime/answers.js";
import type { StateError } from "../../5-load/state-errors.js";
import { stateErrors } from "../../5-load/state-errors.js";

/** What ajv's standalone code exports: a validate function that leaves its errors on itself. */
export interface StandaloneValidate {
  (state: unknown): boolean;
  errors?: ErrorObject[] | null;
}

type Entry = ReturnType<typeof entryPoints>;

/** Evaluation reads inputs as keys of the state: anything but an object is a caller's mistake. */
function object(state: unknown): Record<string, unknown> {
  if (state === null || typeof state !== "object" || Array.isArray(state))
    throw new TypeError("the state must be a JSON object mapping input names to values (see validate)");
  return state as Record<string, unknown>;
}

export function packageApi(m: Entry, questions: QuestionIR[], check: StandaloneValidate) {
  return {
    evaluate: (state: unknown, options?: { exactDecimals?: boolean }) => m.evaluate(object(state), options),
    evaluateTraced: (state: unknown, options?: { exactDecimals?: boolean }) => m.evaluateTraced(object(state), options),
    answers: (state: unknown) => answersFor(questions, m.evaluate(object(state))),
    validate: (state: unknown): { ok: true } | { ok: false; errors: StateError[] } =>
      check(state) ? { ok: true } : { ok: false, errors: stateErrors(check.errors ?? []) },
  };
}
