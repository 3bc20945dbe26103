// The compile pool: worker processes that compile and check models off the event loop (and run the
// evaluations too long for it, service/evaluation.ts), one job per
// worker at a time, the rest waiting in a bounded queue. Reading long evidence (the "read" job,
// off-loop-reader.ts, and a Draft's documents, the "document" job, off-loop-documents.ts) has a lane
// of its own: one more worker, started at the first read, that takes only reads, so that a read
// never waits behind an unrelated slow compile; the other workers take the oldest job that is not a
// read first, and a read only when no other job waits, so that a run of reads cannot hold back
// compiles either. A job has a time limit from the moment its
// worker starts it, and each worker a heap and a stack limit (node's --max-old-space-size and
// --stack-size); a worker that overruns is killed and replaced, and the job fails with a problem
// naming the limit. Whatever a job does to its worker, the server process goes on. A client (the
// API key, else the remote address: server/guard.ts) may hold at most its share of the pool's room
// (--compile-share) in compiles and Checks waiting or running, so that one client's flood leaves
// room for the others' models.
import type { ChildProcess } from "node:child_process";
import { spawnProcess } from "../../batch/spawn-worker.js";
import type { CheckResult, ModelInput } from "../../compiler/index.js";
import { problem, ProblemError, type Problem } from "../../service/problems.js";
// Types only: a value import would put worker.ts in the importer's chunk (see CompilePool.start).
import type { Outcome } from "../../service/problems.js";
import type { SentSource } from "./ir-bytes.js";
import type { ReceiptBody } from "../../service/receipt.js";
import type { DocumentJob, Evaluation, JobKind, JobMessage, JobResult, WorkerMessage } from "./worker.js";
import type { ReadRequest, ReadResult } from "../../providers/types.js";
import type { DocumentRead } from "../../providers/documents.js";

export interface CompilePoolOptions {
  /** worker threads */
  workers: number;
  /** how long one compile or Check may run in its worker, in milliseconds */
  timeoutMs: number;
  /** each worker's heap (V8 old generation), in megabytes */
  memoryMb: number;
  /** how long a job may wait for a worker, in milliseconds, before it is refused with 429 compile_queue_full (absent or 0: as long as it takes) */
  waitMs?: number;
  /**
   * the share (above 0, at most 1) of the pool's room (the jobs that may wait and those running:
   * 17 a worker) one client may hold in compiles and Checks; absent or 1: no limit but the room's
   */
  share?: number;
}

/** Jobs that may wait, per worker; more are refused with 429 compile_queue_full. */
const QUEUE_PER_WORKER = 16;

/** The jobs the pool holds at most, per worker: those waiting and the one running. */
const ROOM_PER_WORKER = QUEUE_PER_WORKER + 1;

/**
 * Worker stack, in megabytes: V8's limit (--stack-size), kept under the 8 MB a process's main thread
 * is given, so a deep recursion is a RangeError the worker reports and never a crash.
 */
const STACK_MB = 4;

/** What a worker that died of an exhausted heap writes before it aborts. */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/i;

/** The last bytes of a worker's standard error kept, to tell why it died. */
const STDERR_TAIL = 4096;

interface Job {
  id: number;
  kind: JobKind;
  model: ModelInput;
  hash: string;
  evaluation?: Evaluation;
  reading?: ReadRequest;
  document?: DocumentJob;
  /** who asked for it (a compile or a Check), counted against that client's share until it settles */
  client?: string;
  /** ends the job's wait for a worker (--compile-wait) */
  waitTimer?: NodeJS.Timeout;
  resolve(value: JobResult): void;
  reject(error: Error): void;
}

/** Which jobs a worker takes: any (reads last), or reads only. */
type Lane = "any" | "read";

/** The jobs the read lane takes. */
const isRead = (job: { kind: JobKind }): boolean => job.kind === "read" || job.kind === "document";

interface Slot {
  lane: Lane;
  worker: ChildProcess;
  /** the end of what the worker wrote to standard error */
  stderr: string;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** Kills a slot's worker, if it still runs, and forgets it. */
function stop(slot: Slot): Promise<void> {
  const { worker } = slot;
  worker.removeAllListeners();
  worker.stderr?.removeAllListeners();
  if (worker.exitCode !== null || worker.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    worker.once("exit", () => resolve());
    worker.kill("SIGKILL");
  });
}

const DOING: Record<JobKind, string> = {
  compile: "compiling",
  check: "checking",
  evaluate: "evaluating",
  read: "reading the evidence for",
  document: "reading the documents for",
};
const doing = (kind: JobKind): string => DOING[kind];

/** What to send instead, when a job overran its worker's time or memory: what grew is what the job weighs. */
const SMALLER_MODEL = "send a smaller model (fewer rules, decisions or nested expressions)";
const SHORTER_EVIDENCE = "send shorter evidence (the state's text or strings), or evidence as JSON keyed by the inputs";
const SMALLER_DOCUMENTS = "send smaller documents (fewer pages, or their text as text/plain)";
const SMALLER: Record<JobKind, { time: string; memory: string }> = {
  compile: { time: SMALLER_MODEL, memory: "send a smaller model" },
  check: { time: SMALLER_MODEL, memory: "send a smaller model" },
  // an evaluation's model is compiled already: what outgrew the worker is what the evaluation built
  // an evaluation past the time limit is long loops, not a large model: 30,000,000 passes of a
  // `for` were told to send "fewer rules, decisions or nested expressions"
  evaluate: {
    time: "make the model's loops, filters and recursion shorter (the server's --eval-budget bounds an evaluation's steps)",
    memory: "build smaller lists, strings and contexts (the server's --eval-size bounds what an evaluation may build)",
  },
  read: { time: SHORTER_EVIDENCE, memory: SHORTER_EVIDENCE },
  document: { time: SMALLER_DOCUMENTS, memory: SMALLER_DOCUMENTS },
};
/** 429 compile_queue_full, saying why, with Retry-After. */
const queueFull = (why: string): ProblemError =>
  new ProblemError({ ...problem("compile_queue_full", `${why}; send the request again shortly`), headers: { "Retry-After": "1" } });
/** A worker killed from outside (the pool stops its own only once it has taken their job off them). */
const workerLost = (kind: JobKind, signal: NodeJS.Signals): Problem => ({
  ...problem(
    "compile_worker_lost",
    `the compile worker ${doing(kind)} the model was killed by ${signal} from outside the service (the system's out-of-memory killer, or an operator); it has been replaced: send the request again`,
  ),
  headers: { "Retry-After": "1" },
});
const stopping = () => new ProblemError(problem("shutting_down", "this instance is stopping; send the request again"));

export class CompilePool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** workers replaced after overrunning a limit or failing */
  private replaced = 0;
  /** evaluations started in a worker */
  private evaluations = 0;
  /** the jobs each client holds, waiting or running (only clients holding some) */
  private readonly held = new Map<string, number>();
  /** the jobs one client may hold (Infinity: no share) */
  private readonly perClient: number;

  private constructor(
    private readonly url: URL,
    private readonly mark: string,
    private readonly o: CompilePoolOptions,
  ) {
    for (let i = 0; i < o.workers; i++) this.slots.push(this.spawn("any"));
    this.perClient = o.share !== undefined && o.share < 1 ? Math.max(1, Math.floor(o.share * ROOM_PER_WORKER * o.workers)) : Infinity;
  }

  /**
   * worker.ts is imported dynamically so that the build keeps it (and the compiler) in a chunk of
   * its own, which each worker loads. `worker` replaces it (tests: a worker that overruns on demand).
   */
  static async start(options: CompilePoolOptions, worker?: { url: string; mark: string }): Promise<CompilePool> {
    let use = worker;
    if (!use) {
      const { WORKER_URL, WORKER_MARK } = await import("./worker.js");
      use = { url: WORKER_URL, mark: WORKER_MARK };
    }
    return new CompilePool(new URL(use.url), use.mark, { ...options, workers: Math.max(1, options.workers) });
  }

  /**
   * Compiles (to source) or checks a model in a worker, or evaluates it whole there; rejects with a
   * ProblemError when a limit is overrun.
   */
  run(kind: "compile", model: ModelInput, hash: string, client?: string): Promise<SentSource>;
  run(kind: "check", model: ModelInput, hash: string, client?: string): Promise<CheckResult>;
  run(kind: "evaluate", model: ModelInput, hash: string, evaluation: Evaluation): Promise<Outcome<ReceiptBody>>;
  run(kind: "read", model: ModelInput, hash: string, reading: ReadRequest): Promise<ReadResult>;
  run(kind: "document", model: ModelInput, hash: string, document: DocumentJob): Promise<DocumentRead>;
  run(kind: JobKind, model: ModelInput, hash: string, work?: Evaluation | ReadRequest | DocumentJob | string): Promise<JobResult> {
    if (this.closed) return Promise.reject(stopping());
    // a compile's or a Check's fourth argument is the client asking
    const client = kind === "compile" || kind === "check" ? (work as string | undefined) : undefined;
    const queue = QUEUE_PER_WORKER * this.o.workers;
    if (this.waiting.length >= queue)
      return Promise.reject(
        queueFull(`${queue} models are already waiting for the ${this.o.workers} compile worker(s) (--compile-workers)`),
      );
    const overShare = client === undefined ? null : this.shareFull(client);
    if (overShare) return Promise.reject(overShare);
    return new Promise((settleOk, settleError) => {
      const evaluation = kind === "evaluate" ? (work as Evaluation) : undefined;
      const reading = kind === "read" ? (work as ReadRequest) : undefined;
      const document = kind === "document" ? (work as DocumentJob) : undefined;
      const release = client === undefined ? () => {} : this.hold(client);
      const resolve = (value: JobResult) => {
        release();
        settleOk(value);
      };
      const reject = (error: Error) => {
        release();
        settleError(error);
      };
      const job: Job = { id: this.nextId++, kind, model, hash, client, evaluation, reading, document, resolve, reject };
      // jobs that each take a worker for the whole time limit (and its replacement's start) would
      // otherwise keep the last of the queue waiting for minutes: 20 sent at once with a 2 s limit,
      // the last answered after 168 s at a load of 22
      const { waitMs } = this.o;
      if (waitMs) job.waitTimer = setTimeout(() => this.giveUp(job, waitMs), waitMs).unref();
      this.waiting.push(job);
      if (isRead({ kind }) && !this.slots.some((s) => s.lane === "read")) this.slots.push(this.spawn("read"));
      this.dispatch();
    });
  }

  /**
   * 429 compile_queue_full when `client` holds its share of the pool already (a compile or Check it
   * asks for now would be refused), else null.
   */
  shareFull(client: string): ProblemError | null {
    const holds = this.held.get(client) ?? 0;
    if (holds < this.perClient) return null;
    const room = ROOM_PER_WORKER * this.o.workers;
    return queueFull(
      `this client (its API key, else its address) already has ${holds} models waiting for or in the ${this.o.workers} compile worker(s), its share: ${this.perClient} of the ${room} the pool holds (--compile-share ${this.o.share}); a model the server has compiled is still served`,
    );
  }

  /** Counts a job against `client`'s share; the function returned gives it back (once, however often called). */
  private hold(client: string): () => void {
    this.held.set(client, (this.held.get(client) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.held.get(client)! - 1;
      if (left > 0) this.held.set(client, left);
      else this.held.delete(client);
    };
  }

  stats(): { workers: number; busy: number; queued: number; replaced: number; evaluations: number } {
    return {
      workers: this.slots.filter((s) => s.lane === "any").length,
      busy: this.slots.filter((s) => s.job).length,
      queued: this.waiting.length,
      replaced: this.replaced,
      evaluations: this.evaluations,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) {
      clearTimeout(job.waitTimer);
      job.reject(stopping());
    }
    await Promise.all(
      this.slots.map((slot) => {
        this.finish(slot)?.reject(stopping());
        return stop(slot);
      }),
    );
  }

  private spawn(lane: Lane): Slot {
    const worker = spawnProcess(this.url, [`--max-old-space-size=${this.o.memoryMb}`, `--stack-size=${STACK_MB * 1000 - 100}`], {
      env: { ...process.env, [this.mark]: "1" },
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    const slot: Slot = { lane, worker, stderr: "", ready: false, job: null, timer: null };
    worker.stderr!.on("data", (d: Buffer) => (slot.stderr = (slot.stderr + d.toString()).slice(-STDERR_TAIL)));
    worker.on("message", (m: WorkerMessage) => {
      if (m.type === "ready") {
        slot.ready = true;
      } else {
        const job = this.finish(slot);
        if (job && job.id === m.id) {
          if (m.ok) job.resolve(m.value);
          else if (m.error === "stack") job.reject(new ProblemError(this.stackProblem(job.kind)));
          else job.reject(new Error(`the compile worker failed: ${m.error}`));
        }
      }
      this.dispatch();
    });
    worker.on("error", (e: Error) => {
      this.finish(slot)?.reject(e);
      this.replace(slot);
    });
    // stdio closes after the exit, so the whole of standard error is there to tell an exhausted heap
    worker.on("close", (code, signal) => {
      const job = this.finish(slot);
      if (job) {
        job.reject(
          OUT_OF_MEMORY.test(slot.stderr)
            ? new ProblemError(this.memoryProblem(job.kind))
            : signal
              ? new ProblemError(workerLost(job.kind, signal))
              : new Error(`a compile worker stopped (exit code ${code})`),
        );
      }
      this.replace(slot);
      this.dispatch();
    });
    return slot;
  }

  /** The slot's job, taken off it (with its timer stopped), or null. */
  private finish(slot: Slot): Job | null {
    const job = slot.job;
    slot.job = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    return job;
  }

  private replace(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    void stop(slot);
    if (i < 0 || this.closed) return;
    this.replaced++;
    this.slots[i] = this.spawn(slot.lane);
  }

  /** The index of the waiting job `slot` takes next, or -1: its lane's reads only, or the oldest other job before any read. */
  private nextFor(slot: Slot): number {
    const read = this.waiting.findIndex(isRead);
    if (slot.lane === "read") return read;
    const other = this.waiting.findIndex((j) => !isRead(j));
    return other >= 0 ? other : read;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.waiting.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const next = this.nextFor(slot);
      if (next < 0) continue;
      const [job] = this.waiting.splice(next, 1) as [Job];
      clearTimeout(job.waitTimer);
      slot.job = job;
      slot.timer = setTimeout(() => {
        this.finish(slot);
        job.reject(new ProblemError(this.timeProblem(job.kind)));
        this.replace(slot);
        this.dispatch();
      }, this.o.timeoutMs);
      const { id, kind, model, hash, evaluation, reading, document } = job;
      if (kind === "evaluate") this.evaluations++;
      slot.worker.send({ id, kind, model, hash, evaluation, reading, document } satisfies JobMessage);
    }
  }

  /**
   * Refuses a job still waiting for a worker after `waitMs` while every worker that could take it is
   * busy; one of them starting (at the server's start, or replacing one that overran) is no sign of
   * a queue that does not move, so the job waits another `waitMs`.
   */
  private giveUp(job: Job, waitMs: number): void {
    const i = this.waiting.indexOf(job);
    if (i < 0) return;
    const lane: Lane = isRead(job) ? "read" : "any";
    if (this.slots.some((slot) => slot.lane === lane && !slot.ready)) {
      job.waitTimer = setTimeout(() => this.giveUp(job, waitMs), waitMs).unref();
      return;
    }
    this.waiting.splice(i, 1);
    job.reject(
      queueFull(`the model waited ${waitMs} ms (--compile-wait) for a compile worker to start ${doing(job.kind)} it, every one busy`),
    );
  }

  private timeProblem(kind: JobKind): Problem {
    return problem(
      "compile_timeout",
      `${doing(kind)} the model took longer than the compile time limit of ${this.o.timeoutMs} ms (--compile-timeout): ${SMALLER[kind].time}`,
    );
  }

  private memoryProblem(kind: JobKind): Problem {
    return problem(
      "compile_memory_exceeded",
      `${doing(kind)} the model needed more than the compile memory limit of ${this.o.memoryMb} MB (--compile-memory): ${SMALLER[kind].memory}`,
    );
  }

  private stackProblem(kind: JobKind): Problem {
    return problem(
      "compile_memory_exceeded",
      `${doing(kind)} the model ran out of the compile worker's ${STACK_MB} MB stack: its expressions nest too deeply; split long chains of operators or deeply nested expressions into separate decisions`,
    );
  }
}
