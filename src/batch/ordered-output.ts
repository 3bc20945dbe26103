// Writes results in the order their pieces were sent, whatever order workers finish them in,
// and says when the caller may send more: fewer than `limit` pieces out, and the output not full.
import type { Writable } from "node:stream";

export interface Tally {
  rows: number;
  errors: number;
  /** input bytes whose results are written */
  bytes: number;
}

export interface Result extends Tally {
  seq: number;
  out: Uint8Array;
}

export class OrderedOutput {
  readonly done: Tally = { rows: 0, errors: 0, bytes: 0 };
  private readonly waiting = new Map<number, Result>();
  private sent = 0;
  private written = 0;
  private blocked = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly output: Writable,
    private readonly limit: number,
    private readonly onWritten?: (done: Tally) => void,
    /** gets each result's bytes back once the output no longer needs them */
    private readonly recycle?: (out: Uint8Array) => void,
  ) {}

  /** The sequence number of the next piece to send; resolves once there is room for it. */
  async next(): Promise<number> {
    await this.until(() => this.sent - this.written < this.limit && !this.blocked);
    return this.sent++;
  }

  /** A piece's result; it is written once every earlier piece's is. */
  put(result: Result): void {
    this.waiting.set(result.seq, result);
    for (let r = this.waiting.get(this.written); r; r = this.waiting.get(this.written)) {
      this.waiting.delete(this.written++);
      this.done.rows += r.rows;
      this.done.errors += r.errors;
      this.done.bytes += r.bytes;
      const out = r.out;
      const recycle = this.recycle && (() => this.recycle!(out));
      if (out.length === 0) recycle?.();
      // One drain listener however many writes find the buffer full (each more would pile up).
      else if (!this.output.write(out, recycle) && !this.blocked) {
        this.blocked = true;
        this.output.once("drain", () => {
          this.blocked = false;
          this.signal();
        });
      }
      this.onWritten?.(this.done);
    }
    this.signal();
  }

  fail(e: Error): void {
    this.failure ??= e;
    this.signal();
  }

  /** Resolves once every piece sent is written (to the stream's buffer). */
  finished(): Promise<void> {
    return this.until(() => this.written === this.sent);
  }

  private async until(ok: () => boolean): Promise<void> {
    while (!this.failure && !ok()) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure;
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
