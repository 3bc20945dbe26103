// A compile worker: a child process that compiles (phases 1–4, to verified module source) or checks
// the models the server sends, one at a time, and sends back plain data; the server loads the
// source itself. It also runs, whole, an evaluation that needs more than the event loop's share of
// the budget (service/evaluation.ts), on the model compiled and loaded here (kept by model and spelling), and the
// embedded readers' reading of long evidence (off-loop-reader.ts) and the reading of a Draft's documents (off-loop-documents.ts). A process, not a thread: V8 ends the whole process when a heap overflows by more
// than a thread's limit can absorb (one large allocation), so a compile that exhausts its memory
// must have a process of its own to end. It starts when this module is run as a compile worker
// (see pool.ts), and stops when the server goes (its channel closes).
import { constants, setPriority } from "node:os";
import { LRUCache } from "lru-cache";
import {
  checkModel,
  compileToSource,
  identifyModel,
  loadCompiled,
  moduleKey,
  type CheckResult,
  type CompiledModel,
  type ModelInput,
  type SourceResult,
} from "../../compiler/index.js";
import { evaluateJob, type EvaluationJob } from "../../service/evaluation.js";
import { embeddedReader } from "../../providers/registry.js";
import type { ReadRequest, ReadResult } from "../../providers/types.js";
import { readDocumentData, type DocumentRead, type FileIn } from "../../providers/documents.js";
import { sendable, type SentSource } from "./ir-bytes.js";
import type { Outcome } from "../../service/problems.js";
import type { ReceiptBody } from "../../service/receipt.js";
import type { BudgetLimits } from "../../service/run.js";

/** The URL to start a worker from: this module, wherever the build put it. */
export const WORKER_URL = import.meta.url;

export const WORKER_MARK = "PDM_COMPILE_WORKER";

export type JobKind = "compile" | "check" | "evaluate" | "read" | "document";

/** What a "document" job reads: the request's file and its position among the files. */
export interface DocumentJob {
  file: FileIn;
  index: number;
}

/** What an "evaluate" job evaluates, within which limits. */
export interface Evaluation {
  job: EvaluationJob;
  limits: BudgetLimits;
}

export type JobResult = SentSource | CheckResult | Outcome<ReceiptBody> | ReadResult | DocumentRead;

/** Server → worker. */
export interface JobMessage {
  id: number;
  kind: JobKind;
  model: ModelInput;
  hash: string;
  evaluation?: Evaluation;
  /** what a "read" job reads with the embedded readers */
  reading?: ReadRequest;
  /** what a "document" job reads */
  document?: DocumentJob;
}

/** Worker → server: ready for jobs; a job's result, or why there is none ("stack": it ran out of stack). */
export type WorkerMessage =
  { type: "ready" } | { type: "result"; id: number; ok: true; value: JobResult } | { type: "result"; id: number; ok: false; error: string };

/**
 * The most generated code a model may have: 2 MiB, and 16 characters for each of its own. Code
 * grows with the model's text (a constant per part of a type, a few lines per cell); the server
 * parses what it loads on its event loop, so a compile past this fails (codegen.too-large) at the
 * decision or function where it passed.
 */
const maxCodeChars = (model: ModelInput): number => 2 * 1024 * 1024 + 16 * JSON.stringify(model).length;

const compile = (job: JobMessage): SourceResult =>
  compileToSource(job.model, { verifyExplain: true, maxCodeChars: maxCodeChars(job.model) }, job.hash);

/**
 * Models compiled and loaded here for evaluations, by moduleKey (identity and spelling: a module
 * answers in its spelling's order): the models a server runs long are few.
 */
const loaded = new LRUCache<string, CompiledModel>({ max: 32 });

/** The module `job` evaluates on: loaded here once per model spelling. */
export function load(job: JobMessage): CompiledModel {
  const key = moduleKey(identifyModel(job.model));
  let model = loaded.get(key);
  if (!model) {
    const result = loadCompiled(compile(job));
    if (!result.ok) throw new Error("a model the server compiled did not compile in its worker");
    loaded.set(key, (model = result.model));
  }
  return model;
}

const JOBS: Record<JobKind, (job: JobMessage) => JobResult | Promise<JobResult>> = {
  compile: (job) => sendable(compile(job)),
  check: (job) => checkModel(job.model),
  evaluate: (job) => evaluateJob(job.evaluation!.job, load(job), job.evaluation!.limits),
  read: (job) => embeddedReader(job.reading!.state).read(job.reading!),
  document: (job) => readDocumentData(job.document!.file, job.document!.index),
};

const run = (job: JobMessage): JobResult | Promise<JobResult> => JOBS[job.kind](job);

/**
 * Answers the server's jobs with `run` in this process, which runs at a lower priority, so on a
 * busy machine the server's event loop is served first.
 */
export function serveJobs(run: (job: JobMessage) => JobResult | Promise<JobResult>): void {
  const send = (m: WorkerMessage) => process.send!(m);
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    /* not permitted here: the worker runs at the server's priority */
  }
  process.on("disconnect", () => process.exit(0));
  process.on("message", (job: JobMessage) => {
    const failed = (e: unknown) => {
      const overflow = e instanceof RangeError && /call stack/i.test(e.message);
      send({ type: "result", id: job.id, ok: false, error: overflow ? "stack" : String((e as Error)?.stack ?? e) });
    };
    try {
      const value = run(job);
      if (value instanceof Promise) value.then((v) => send({ type: "result", id: job.id, ok: true, value: v }), failed);
      else send({ type: "result", id: job.id, ok: true, value });
    } catch (e) {
      failed(e);
    }
  });
  send({ type: "ready" });
}

if (process.send && process.env[WORKER_MARK] === "1") serveJobs(run);
