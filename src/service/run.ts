// One execution of a compiled model, as the receipt body plus what it cost in provider tokens.
// Two ways to get there: a JSON state that matches the input schema runs deterministically
// (here); anything else is read first (read-evidence.ts). Both evaluate within the budget and
// refuse to answer a question whose decision is null.
import { exceededLimit, withBudget, type LimitKind, type Slice } from "../runtime/budget.js";
import { collectProblems } from "../runtime/problems.js";
import { DeclaredResultError } from "../runtime/declared.js";
import type { CheckResult, CompiledModel, ModelIdentity } from "../compiler/index.js";
import { hasCode, type Diagnostic } from "../ir/diagnostics.js";
import type { Usage } from "../providers/types.js";
import { jsonLength } from "./answer-size.js";
import { receiptTextWithoutExplanation } from "./receipt-text.js";
import type { Limits, ServiceDeps } from "./deps.js";
import { failure, problem, ProblemError, success, type Outcome, type ProblemEntry } from "./problems.js";
import type { ReceiptBody } from "./receipt.js";
import type { PortableModel } from "./resolve-model.js";

export interface Run {
  model: PortableModel;
  compiled: CompiledModel;
  receipt: ReceiptBody;
  providerUsage: Usage;
  /** true when a reader extracted values: billed at the service rates */
  read: boolean;
}

export const diagnosticEntries = (ds: readonly Diagnostic[]): ProblemEntry[] =>
  ds.filter((d) => d.severity === "error").map((d) => ({ address: d.address ?? "", code: d.code, message: d.message }));

const checkErrors = (check: CheckResult): ProblemEntry[] => diagnosticEntries(check.stages.flatMap((s) => s.diagnostics));

/** The compiled model, or the problem: invalid (422 with its diagnostics), or over a compile limit. */
export async function compileOrProblem(
  model: PortableModel,
  deps: ServiceDeps,
  identity?: ModelIdentity,
  client?: string,
): Promise<Outcome<CompiledModel>> {
  let result;
  try {
    result = await deps.compiler.compile(model, identity, client);
  } catch (e) {
    if (e instanceof ProblemError) return failure(e.problem);
    throw e;
  }
  if (result.ok) return success(result.model);
  const errors = checkErrors(result.check);
  // code past the compile's limit: the model is too large to run, not wrong
  const tooLarge = errors.find((e) => hasCode(e, "codegen.too-large"));
  if (tooLarge) return failure(problem("model_too_large", `${tooLarge.message} (at ${tooLarge.address})`, errors));
  return failure(problem("invalid_model", `the model is not valid: ${errors.length} error(s); see errors`, errors));
}

/** What to change when a limit stops an evaluation. */
const REMEDY: Record<LimitKind, { option: string; advice: string }> = {
  steps: { option: "--eval-budget", advice: "simplify the model's loops, filters or recursion" },
  size: { option: "--eval-size", advice: "build smaller lists and strings" },
  depth: { option: "--eval-depth", advice: "recurse less deeply" },
};

/** The limits of one evaluation: its budget, and the size of the receipt it may answer. */
export type BudgetLimits = Pick<Limits, "evaluationSteps" | "evaluationSize" | "evaluationDepth" | "answerChars">;

/**
 * Evaluation within the budget, with the FEEL problems it reported; the problem when a limit stops
 * it or a decision falls outside its declared type. Within a slice of time too when one is given:
 * SliceSpent, thrown when it runs out, is the caller's to catch (it is no answer).
 */
export function withinBudget<T>(limits: BudgetLimits, evaluate: () => T, slice?: Slice): Outcome<{ result: T; messages: string[] }> {
  const { evaluationSteps: steps, evaluationSize: size, evaluationDepth: depth } = limits;
  try {
    const { result, problems } = withBudget({ steps, size, depth }, () => collectProblems(evaluate), slice);
    return success({ result, messages: problems });
  } catch (e) {
    if (e instanceof DeclaredResultError)
      return failure(problem("decision_outside_type", e.message, [{ address: e.address, code: e.code, message: e.message }]));
    const exceeded = exceededLimit(e, depth, size);
    if (!exceeded) throw e;
    const { option, advice } = REMEDY[exceeded.kind];
    const message = `${exceeded.message} (the server's ${option}); ${advice}`;
    return failure(
      problem("evaluation_budget_exceeded", message, [{ address: exceeded.address ?? "", code: `budget.${exceeded.kind}`, message }]),
    );
  }
}

/** 422 when `value`, written as JSON, would pass the answer limit: measured without writing it (answer-size.ts). */
function overAnswerLimit(value: unknown, limit: number, what: "answer" | "explanation"): Outcome<void> {
  if (jsonLength(value, limit) <= limit) return success(undefined);
  const [code, address, whole] =
    what === "answer"
      ? (["answer_too_large", "decisions", "answer (its decisions and answers)"] as const)
      : (["explanation_too_large", "explanation", "explanation"] as const);
  return failure(
    problem(
      code,
      `the ${whole} passes the answer limit of ${limit.toLocaleString("en-US")} characters of JSON (the server's --answer-limit)`,
      [{ address, code: `answer.${what === "answer" ? "too-large" : "explanation-too-large"}`, message: `the ${whole} is too large` }],
    ),
  );
}

/**
 * 422 when the receipt (without its explanation) would pass the answer limit. Where the evaluation
 * runs, so that a worker process sends the server no more than the limit: measured before anything
 * signs or bills it, on the receipt's text, written once and kept for the answer (receipt-text.ts).
 */
export const receiptTooLarge = (receipt: ReceiptBody, limit: number): Outcome<void> =>
  receiptTextWithoutExplanation(receipt).length <= limit ? success(undefined) : overAnswerLimit(receipt, limit, "answer");

/** 422 when the explanation would pass the answer limit (it is measured on its own). */
export const explanationTooLarge = (explanation: unknown, limit: number): Outcome<void> =>
  overAnswerLimit(explanation, limit, "explanation");

/** 422 when a question's decision is null: the evidence does not establish it. */
export function nullDecisions(model: PortableModel, decisions: Record<string, unknown>, messages: string[]): Outcome<void> {
  const missing = Object.keys(model.questions).filter((q) => decisions[q] === null || decisions[q] === undefined);
  if (missing.length === 0) return success(undefined);
  const why = messages.length > 0 ? messages.join("; ") : "the decision evaluated to null";
  return failure(
    problem(
      "value_not_established",
      `the evidence does not establish ${missing.join(", ")}`,
      missing.map((q) => ({ address: `decisions.${q}`, code: "decision.null", message: why })),
    ),
  );
}

export const modelName = (model: PortableModel): string => (typeof model.content.name === "string" ? model.content.name : "");
/** inputNames of each frozen model's inputs (a model the server recognised, known-models.ts): its names never change. */
const namesOfInputs = new WeakMap<object, readonly string[]>();

/** The names of the model's inputs, in order: listed once per frozen model (as a frozen list), every call otherwise. */
export function inputNames(model: PortableModel): readonly string[] {
  const inputs = model.content.inputs as Record<string, unknown> | undefined;
  if (inputs === null || typeof inputs !== "object") return Object.keys(inputs ?? {});
  if (!Object.isFrozen(inputs)) return Object.keys(inputs);
  let names = namesOfInputs.get(inputs);
  if (names === undefined) {
    // frozen too: state-keys.ts keeps a set of the names for a frozen list alone
    names = Object.freeze(Object.keys(inputs));
    namesOfInputs.set(inputs, names);
  }
  return names;
}
