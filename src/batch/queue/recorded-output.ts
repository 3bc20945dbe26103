// The coordinator's output: chunks' records written in chunk order (ordered-output.ts), at most
// `window` chunks ahead, and each chunk recorded in the run's progress (run-store.ts) once its
// records have reached the output, in order whichever write finished first, so that the output up
// to the recorded length always holds exactly the records of the chunks recorded written.
import { statSync, truncateSync, createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import { OrderedOutput, type Tally } from "../ordered-output.js";
import { QueueError } from "./connection.js";
import type { ChunkResult, RunProgress, RunStore } from "./run-store.js";

/** A file for a run's records: new, or a resumed run's cut back to the length its progress records. */
export async function openRunOutput(path: string, resumeAt: number | null): Promise<Writable> {
  if (resumeAt !== null) {
    const size = statSync(path, { throwIfNoEntry: false })?.size ?? -1;
    if (size < resumeAt)
      throw new QueueError(
        `${path} holds ${Math.max(size, 0)} bytes, less than the ${resumeAt} the run had written: it was changed, so the run cannot be resumed`,
      );
    truncateSync(path, resumeAt);
  }
  const stream = createWriteStream(path, { flags: resumeAt === null ? "w" : "a" });
  await new Promise<void>((ok, fail) => {
    stream.once("open", () => ok());
    stream.once("error", (e: NodeJS.ErrnoException) => fail(new QueueError(`cannot write ${path}: ${e.code ?? e.message}`)));
  });
  return stream;
}

interface Written {
  seq: number;
  rows: number;
  errors: number;
  length: number;
  /** input bytes of the chunk */
  input: number;
}

export class RecordedOutput {
  private readonly ordered: OrderedOutput;
  /** the chunk number of each result's bytes, until they are written */
  private readonly pending = new Map<Uint8Array, Written>();
  private readonly flushed = new Map<number, Written>();
  private readonly taken = new Set<number>();
  private recorded: Promise<void> = Promise.resolve();
  private waiting: { ok(): void; no(e: Error): void } | null = null;
  /** the first chunk this process writes */
  private readonly base: number;

  constructor(
    output: Writable,
    window: number,
    /** the run's progress, kept up to date here as chunks are written */
    private readonly progress: RunProgress,
    private readonly store: RunStore,
    /** a chunk's records are in the output and recorded */
    private readonly onWritten: (seq: number) => void,
    onProgress?: (done: Tally) => void,
  ) {
    this.base = progress.written;
    const start = { ...progress };
    const report =
      onProgress &&
      ((d: Tally) => onProgress({ rows: start.rows + d.rows, errors: start.errors + d.errors, bytes: start.inputDone + d.bytes }));
    this.ordered = new OrderedOutput(output, window, report, (bytes) => this.written(bytes));
    output.on("error", (e: Error) => this.fail(e));
  }

  /** Writes the header (CSV), recorded once it is in the output. */
  header(output: Writable, text: string): void {
    output.write(text, () => {
      this.progress.outputBytes += Buffer.byteLength(text);
      this.record();
    });
  }

  /** The next chunk's number; resolves once the window has room for it. */
  async next(): Promise<number> {
    return this.base + (await this.ordered.next());
  }

  /** Whether a chunk's records are in hand (being written, or written). */
  has(seq: number): boolean {
    return this.taken.has(seq) || seq < this.progress.written;
  }

  /** A chunk's records, written once every earlier chunk's are. */
  put(seq: number, result: ChunkResult, inputBytes: number): void {
    if (this.has(seq)) return;
    this.taken.add(seq);
    this.pending.set(result.bytes, { seq, rows: result.rows, errors: result.errors, length: result.bytes.length, input: inputBytes });
    this.ordered.put({ seq: seq - this.base, out: result.bytes, rows: result.rows, errors: result.errors, bytes: inputBytes });
  }

  fail(e: unknown): void {
    const error = e instanceof Error ? e : new Error(String(e));
    this.ordered.fail(error);
    this.waiting?.no(error);
  }

  /** Resolves once every chunk made is written to the output and recorded. */
  async finished(): Promise<void> {
    await this.ordered.finished();
    // a pipe calls back after its writes are handed on
    if (this.progress.written < this.progress.enqueued) await new Promise<void>((ok, no) => (this.waiting = { ok, no }));
    await this.recorded;
  }

  private written(bytes: Uint8Array): void {
    const w = this.pending.get(bytes)!;
    this.pending.delete(bytes);
    this.flushed.set(w.seq, w);
    // in chunk order, whichever write finished first (an empty chunk's calls back at once)
    const p = this.progress;
    for (let c = this.flushed.get(p.written); c; c = this.flushed.get(p.written)) {
      this.flushed.delete(c.seq);
      this.taken.delete(c.seq);
      Object.assign(p, {
        written: c.seq + 1,
        outputBytes: p.outputBytes + c.length,
        rows: p.rows + c.rows,
        errors: p.errors + c.errors,
        inputDone: p.inputDone + c.input,
      });
      this.record();
      this.onWritten(c.seq);
    }
    if (p.written === p.enqueued) this.waiting?.ok();
  }

  private record(): void {
    const snapshot = { ...this.progress };
    const seq = snapshot.written - 1;
    this.recorded = this.recorded
      .then(() => (seq >= 0 ? this.store.written(seq, snapshot) : this.store.progress(snapshot)))
      .catch((e) => this.fail(e));
  }
}
