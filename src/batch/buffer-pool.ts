// Buffers a batch lends to its workers and gets back: pieces of input go out in them and records
// come back in them, so after the first few pieces a batch allocates nothing per piece (fresh
// buffers for every piece cost more in garbage collection than the copies they hold). They are
// shared memory: passing one to a worker moves no bytes and detaches nothing (a transfer would
// detach it, and once any buffer is detached V8 checks every typed-array access for it).

export class BufferPool {
  private readonly free: SharedArrayBuffer[] = [];

  constructor(
    /** the size of a new buffer (at least) */
    private readonly size: number,
    /** how many free buffers are kept; more are left to the garbage collector */
    private readonly keep = 64,
  ) {}

  /** A buffer of at least `bytes` bytes. */
  take(bytes = 0): SharedArrayBuffer {
    for (let i = this.free.length - 1; i >= 0; i--) {
      const b = this.free[i]!;
      if (b.byteLength < bytes) continue;
      this.free[i] = this.free[this.free.length - 1]!;
      this.free.pop();
      return b;
    }
    return new SharedArrayBuffer(Math.max(bytes, this.size));
  }

  give(b: SharedArrayBuffer): void {
    if (this.free.length < this.keep && b.byteLength > 0) this.free.push(b);
  }
}
