// One evaluation of a compiled model into its receipt: on a JSON state as it is, or on the values a
// reader established (their uncertainty carried to the answers, providers/uncertainty.ts), with
// the explanation when asked. The same function runs on the event loop within a slice of the
// evaluation budget (Limits.onLoopShare) and, when the slice does not cover it, whole in a worker
// process (ServiceDeps.offload): no evaluation holds the event loop for longer than its slice.
import type { CompiledModel, TraceEntry } from "../compiler/index.js";
import { answersUnderUncertainty } from "../providers/uncertainty.js";
import type { ReadValue } from "../providers/types.js";
import { SliceSpent, type Slice } from "../runtime/budget.js";
import type { Limits, ServiceDeps } from "./deps.js";
import { success, type Outcome, type Problem } from "./problems.js";
import { whenTurn } from "./work-turns.js";
import { decisionRecords, evaluatedState, givenInputs, provenance, readRecords, type ReceiptBody } from "./receipt.js";
import type { PortableModel } from "./resolve-model.js";
import { explanationTooLarge, inputNames, modelName, nullDecisions, receiptTooLarge, withinBudget, type BudgetLimits } from "./run.js";

export interface EvaluationJob {
  model: PortableModel;
  /** the request's state: evaluated as it is unless `reading` is given */
  state: unknown;
  /** the values a reader established from the state */
  reading?: { given: Record<string, unknown>; read: Record<string, ReadValue>; mode: "fast" | "thinking" };
  explain: boolean;
  /** the state's hash, when it was made before (a large state's, between turns of the event loop) */
  stateSha?: string;
}

/**
 * A traced run of a JSON state as the reader's runs are shaped, its answers made later from its
 * decisions: a new object of three fields, not a spread of the run with `answers` added (a field
 * after a spread takes V8's slow path of defining a property: a percent of a call's CPU in a
 * profile of the server).
 */
const withoutAnswers = (run: { decisions: Record<string, unknown>; trace: Record<string, TraceEntry> }) => ({
  decisions: run.decisions,
  trace: run.trace,
  answers: undefined,
});

/** Thinking mode enumerates more combinations of read values exactly, and samples more beyond. */
const THINKING = { maxCombinations: 16_384, samples: 8000 };

/**
 * The receipt of one evaluation within `limits`, or the problem that stopped it (a limit, a null
 * answer, a declared type, a receipt or an explanation past the answer limit: measured here, so
 * that a worker process sends the server a problem rather than a receipt it would refuse).
 */
export function evaluateJob(job: EvaluationJob, compiled: CompiledModel, limits: BudgetLimits, slice?: Slice): Outcome<ReceiptBody> {
  const names = inputNames(job.model);
  const reading = job.reading;
  const evaluated = withinBudget(
    limits,
    () =>
      reading
        ? answersUnderUncertainty(compiled, reading.given, reading.read, reading.mode === "thinking" ? THINKING : {})
        : withoutAnswers(compiled.evaluateTraced(job.state as Record<string, unknown>)),
    slice,
  );
  if (!evaluated.ok) return evaluated;
  const { decisions, trace, answers } = evaluated.value.result;
  const refused = nullDecisions(job.model, decisions, evaluated.value.messages);
  if (!refused.ok) return refused;
  const given = reading?.given ?? givenInputs(job.state, names);
  const receipt: ReceiptBody = {
    model: modelName(job.model),
    given,
    read: reading ? readRecords(reading.read) : {},
    decisions: decisionRecords(decisions, trace),
    answers: (answers ?? compiled.answers(decisions)) as Record<string, unknown>,
    state: reading
      ? provenance(job.state, names, given, reading.read, false, job.stateSha)
      : provenance(job.state, names, given, {}, true, job.stateSha),
    latency_ms: 0,
  };
  const large = receiptTooLarge(receipt, limits.answerChars);
  if (!large.ok) return large;
  if (!job.explain) return success(receipt);
  const explained = withinBudget(limits, () => compiled.explain(evaluatedState(receipt)), slice);
  if (!explained.ok) return explained;
  const explanation = explained.value.result.explanation;
  const longExplanation = explanationTooLarge(explanation, limits.answerChars);
  if (!longExplanation.ok) return longExplanation;
  receipt.explanation = explanation;
  return success(receipt);
}

/** The event loop's slice of the budget: the steps and the size scaled by `onLoopShare` (the depth and the answer's size are not a matter of time). */
export const onLoopLimits = (limits: Limits): BudgetLimits => ({
  evaluationSteps: Math.ceil(limits.evaluationSteps * limits.onLoopShare),
  evaluationSize: Math.ceil(limits.evaluationSize * limits.onLoopShare),
  evaluationDepth: limits.evaluationDepth,
  answerChars: limits.answerChars,
});

/** Whether `p` is the slice running out where the whole budget is larger. */
function outOfSlice(p: Problem, within: BudgetLimits, whole: BudgetLimits): boolean {
  if (p.code !== "evaluation_budget_exceeded") return false;
  const kind = p.errors?.[0]?.code;
  return (
    (kind === "budget.steps" && within.evaluationSteps < whole.evaluationSteps) ||
    (kind === "budget.size" && within.evaluationSize < whole.evaluationSize)
  );
}

/** The process's CPU time, user and system, in milliseconds: the event loop's slice is measured on it. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * How many times `onLoopCpuMs` the steps before half the share may take: code run for the first
 * time is interpreted, 10–30 times slower than warm, and a model is new on its first calls (measured
 * on `for i in 1..500000`: its first 50,000 steps took 30–65 ms of CPU where its slice is 10 ms).
 */
const COLD_TIMES = 4;

/**
 * The evaluation on the event loop within its slice: the event loop's share of the steps and size,
 * and, past half the share's steps, `onLoopCpuMs` of CPU time (a step's cost varies: a loop of
 * decimal arithmetic costs several times a loop of integers; the evaluation and its explanation
 * share the time), before them COLD_TIMES as much. One the slice does
 * not cover runs again, whole, in a worker process, when the server has one (the first slice's work
 * is done twice: at most `onLoopShare` more).
 */
export async function evaluateOffLoop(
  job: EvaluationJob,
  compiled: CompiledModel,
  deps: ServiceDeps,
  client?: string,
): Promise<Outcome<ReceiptBody>> {
  // on the loop in its turn (work-turns.ts): requests that waited together on one promise (the
  // model's compile) evaluate a few a turn, not all in the turn that promise resolved in
  if (!deps.offload) return whenTurn(() => evaluateJob(job, compiled, deps.limits), client);
  const within = onLoopLimits(deps.limits);
  let local: Outcome<ReceiptBody>;
  try {
    // before half the share the slice is COLD_TIMES longer: an evaluation within it stays on the loop, unless its code is very slow
    local = await whenTurn(
      () =>
        evaluateJob(job, compiled, within, {
          now: cpuMs,
          ms: deps.limits.onLoopCpuMs,
          after: Math.ceil(within.evaluationSteps / 2),
          // no CPU time past half the share (0) leaves the half to steps alone, as without a ceiling
          coldMs: deps.limits.onLoopCpuMs > 0 ? COLD_TIMES * deps.limits.onLoopCpuMs : undefined,
        }),
      client,
    );
  } catch (e) {
    if (!(e instanceof SliceSpent)) throw e;
    return deps.offload(job, compiled.hash, deps.limits);
  }
  if (local.ok || !outOfSlice(local.problem, within, deps.limits)) return local;
  return deps.offload(job, compiled.hash, deps.limits);
}
