// What the two operations need, passed in (no globals): the compiler behind its caches, the
// ledger (null runs unmetered, for benchmarks), the receipt signer, the prices, the limits, the
// readers and generators, and the questions cache.
import type { Ledger } from "../ledger/types.js";
import { DEFAULT_EVALUATION_LIMITS } from "../runtime/budget.js";
import type { ModelCompiler } from "./model-compiler.js";
import type { Providers } from "../providers/registry.js";
import type { QuestionsCache } from "./questions-cache.js";
import type { Rates } from "./rates.js";
import type { ReceiptSigner } from "./signer.js";
import type { EvaluationJob } from "./evaluation.js";
import type { Outcome } from "./problems.js";
import type { ReceiptBody } from "./receipt.js";
import type { BudgetLimits } from "./run.js";

export interface Limits {
  /** serialized model size, in characters */
  modelBytes: number;
  /** evaluation steps (loop iterations, filter items, calls, built-ins' work) per execution */
  evaluationSteps: number;
  /** items and characters of the lists and strings an execution builds */
  evaluationSize: number;
  /** nested calls of model functions and lambdas */
  evaluationDepth: number;
  /** the largest answer, in characters of JSON: the receipt without its explanation, and the explanation on its own */
  answerChars: number;
  /** a model not yet compiled whose compile estimate (compile-estimate.ts) exceeds this many units is compiled only under a reservation */
  prepayAboveUnits: number;
  /**
   * the share of the evaluation steps and size an evaluation may spend on the event loop; one that
   * needs more runs whole in a worker process, where the server has one (evaluation.ts)
   */
  onLoopShare: number;
  /**
   * the CPU time, in milliseconds, an evaluation may spend on the event loop within its share: one
   * that needs more (a step of costly arithmetic, a machine slower than measured) runs whole in a
   * worker process too, where the server has one (evaluation.ts)
   */
  onLoopCpuMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  modelBytes: 256 * 1024,
  evaluationSteps: DEFAULT_EVALUATION_LIMITS.steps,
  evaluationSize: DEFAULT_EVALUATION_LIMITS.size,
  evaluationDepth: DEFAULT_EVALUATION_LIMITS.depth,
  answerChars: 1024 * 1024,
  prepayAboveUnits: 1_000,
  // a tenth of the default budget takes about 3–10 ms on one core
  onLoopShare: 0.1,
  // a tenth of the default budget took 30–50 ms of CPU at 300–500 ns a step (a loop over `modulo`
  // or `k - i`, 2 cores at a load of 20), held the event loop 80–160 ms at a load of 4–8
  onLoopCpuMs: 10,
};

export interface ServiceDeps {
  /** compiles and checks, cached by model identity (in worker threads on the server) */
  compiler: ModelCompiler;
  ledger: Ledger | null;
  signer: ReceiptSigner;
  rates: Rates;
  limits: Limits;
  /** readers and generators, chosen by configuration (src/providers/config.ts) */
  providers: Providers;
  /** models generated for questions-only calls, per account */
  questionsCache: QuestionsCache;
  /**
   * runs an evaluation whole in a worker process, off the event loop, for one that needs more than
   * the event loop's share of the budget (evaluation.ts); absent, every evaluation runs here
   */
  offload?: (job: EvaluationJob, hash: string, limits: BudgetLimits) => Promise<Outcome<ReceiptBody>>;
}

/** One authenticated call: the parsed body, its API input tokens and who pays. */
export interface ServiceCall {
  body: unknown;
  /** true when the body was already validated against the operation's request schema (an HTTP route's schema) */
  bodyChecked?: boolean;
  inputTokens: number;
  /** null when the service runs without a ledger */
  accountId: string | null;
  /** who sent it (the API key, else the remote address): held to its share of the compile work */
  client?: string;
  /** performance.now() when the request arrived */
  startedAt: number;
  /** filled by the service for the request log: the model's identity when one ran */
  audit?: { model_hash?: string };
}
