// What the two operations need, passed in (no globals): the compiler behind its cache, the
// ledger (null runs unmetered, for benchmarks), the receipt signer, the prices, the limits, the
// readers and generators, and the questions cache.
import type { CheckResult, CompileCache, ModelInput } from "../compiler/index.js";
import type { Ledger } from "../ledger/types.js";
import type { Providers } from "../providers/registry.js";
import type { QuestionsCache } from "./questions-cache.js";
import type { Rates } from "./rates.js";
import type { ReceiptSigner } from "./signer.js";

export interface Limits {
  /** serialized model size, in characters */
  modelBytes: number;
  /** evaluation steps (runtime ticks in loops and calls) per execution */
  evaluationSteps: number;
}

export const DEFAULT_LIMITS: Limits = { modelBytes: 256 * 1024, evaluationSteps: 1_000_000 };

export interface ServiceDeps {
  check: (model: ModelInput) => CheckResult;
  cache: CompileCache;
  ledger: Ledger | null;
  signer: ReceiptSigner;
  rates: Rates;
  limits: Limits;
  /** readers and generators, chosen by configuration (src/providers/config.ts) */
  providers: Providers;
  /** models generated for questions-only calls, per account */
  questionsCache: QuestionsCache;
}

/** One authenticated call: the parsed body, its API input tokens and who pays. */
export interface ServiceCall {
  body: unknown;
  inputTokens: number;
  /** null when the service runs without a ledger */
  accountId: string | null;
  /** performance.now() when the request arrived */
  startedAt: number;
  /** filled by the service for the request log: the model's identity when one ran */
  audit?: { model_hash?: string };
}
