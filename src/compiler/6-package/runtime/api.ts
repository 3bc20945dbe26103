// Runs inside generated packages and `-o` modules: the public API around the generated module,
// the same for both. Every entry that takes a state checks it against the input schema first
// and throws `InvalidStateError` naming each offending input; `evaluateUnchecked` is for callers
// that have validated already. `answers` takes a state (it evaluates, then shapes the answers),
// unlike the compiler's `answers(decisions)`.
import type { QuestionIR } from "../../../ir/ir.js";
import type { entryPoints } from "../../../runtime/entry.js";
import { answersFor } from "../../../runtime/answers.js";
import type { StateError } from "../../5-load/state-errors.js";
import { stateProblems, type Formats } from "../../5-load/state-problems.js";

/** The state check written from the input schema (5-load/state-check-source.ts), the schema and the formats. */
export interface StateCheck {
  check: (state: unknown) => boolean;
  schema: Record<string, unknown>;
  formats: Formats;
}

type Entry = ReturnType<typeof entryPoints>;
type Options = { exactDecimals?: boolean };

/** One way a state does not match: the input it concerns (null when the state as a whole is wrong) and the state error. */
export interface StateIssue extends StateError {
  input: string | null;
}

/** A state that does not match the input schema, thrown by every entry that takes a state but `evaluateUnchecked`. */
export class InvalidStateError extends Error {
  readonly issues: StateIssue[];
  constructor(issues: StateIssue[]) {
    super(`the state does not match the model's inputs: ${issues.map((i) => `${i.address}: ${i.message}`).join("; ")}`);
    this.name = "InvalidStateError";
    this.issues = issues;
  }
}

/** The input an address `inputs.<name>[.<field>|[<i>]]` concerns: the longest input name it starts with. */
function inputOf(address: string, inputs: string[]): string | null {
  const path = address.slice("inputs.".length);
  const fits = inputs.filter((n) => address.startsWith("inputs.") && (path === n || path.startsWith(`${n}.`) || path.startsWith(`${n}[`)));
  return fits.reduce<string | null>((best, n) => (best === null || n.length > best.length ? n : best), null);
}

/** Evaluation reads inputs as keys of the state: anything but an object is a caller's mistake. */
function object(state: unknown): Record<string, unknown> {
  if (state === null || typeof state !== "object" || Array.isArray(state))
    throw new TypeError("the state must be a JSON object mapping input names to values (see validate)");
  return state as Record<string, unknown>;
}

const VALID = { ok: true } as const;

export function packageApi(m: Entry, questions: QuestionIR[], { check, schema, formats }: StateCheck, inputs: string[]) {
  const problems = stateProblems(check, schema, formats);
  const validate = (state: unknown): { ok: true } | { ok: false; errors: StateError[] } => {
    const errors = problems(state);
    return errors.length === 0 ? VALID : { ok: false, errors };
  };
  const checked = (state: unknown): Record<string, unknown> => {
    if (check(state)) return state as Record<string, unknown>;
    const errors = problems(state);
    if (errors.length > 0) throw new InvalidStateError(errors.map((e) => ({ input: inputOf(e.address, inputs), ...e })));
    return state as Record<string, unknown>;
  };
  return {
    validate,
    evaluate: (state: unknown, options?: Options) => m.evaluate(checked(state), options),
    evaluateTraced: (state: unknown, options?: Options) => m.evaluateTraced(checked(state), options),
    explain: (state: unknown, options?: Options) => m.explain(checked(state), options),
    answers: (state: unknown) => answersFor(questions, m.evaluate(checked(state))),
    /** `evaluate` without the check, for states validated already: one that does not match gives nulls */
    evaluateUnchecked: (state: unknown, options?: Options) => m.evaluate(object(state), options),
  };
}
