import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { OrderedOutput } from "../../src/batch/ordered-output.js";

const result = (seq: number, text: string, rows = 1) => ({ seq, out: Buffer.from(text), rows, errors: 0, bytes: 10 });

/** A stream that takes each write at once, or (held) only when flushed. */
function sink(highWaterMark = 1 << 20, held = false) {
  const chunks: string[] = [];
  let release: (() => void)[] = [];
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk.toString());
      if (held) release.push(done);
      else done();
    },
  });
  const flush = () => {
    const r = release;
    release = [];
    r.forEach((f) => f());
  };
  return { stream, chunks, flush };
}

describe("OrderedOutput", () => {
  it("writes results in sequence order whatever order they arrive in", async () => {
    const { stream, chunks } = sink();
    const seen: number[] = [];
    const ordered = new OrderedOutput(stream, 8, (d) => seen.push(d.rows));
    const seqs = [await ordered.next(), await ordered.next(), await ordered.next()];
    expect(seqs).toEqual([0, 1, 2]);
    ordered.put(result(2, "c"));
    ordered.put(result(1, "b"));
    expect(chunks).toEqual([]);
    ordered.put(result(0, "a"));
    await ordered.finished();
    expect(chunks.join("")).toBe("abc");
    expect(seen).toEqual([1, 2, 3]);
    expect(ordered.done).toEqual({ rows: 3, errors: 0, bytes: 30 });
  });

  it("holds the next piece back while `limit` pieces are out", async () => {
    const { stream } = sink();
    const ordered = new OrderedOutput(stream, 2);
    await ordered.next();
    await ordered.next();
    let third = false;
    const pending = ordered.next().then((s) => (third = s === 2));
    await new Promise((r) => setTimeout(r, 10));
    expect(third).toBe(false);
    ordered.put(result(0, "a"));
    await pending;
    expect(third).toBe(true);
  });

  it("holds the next piece back while the output is full, until it drains", async () => {
    const { stream, flush } = sink(1, true);
    const ordered = new OrderedOutput(stream, 100);
    await ordered.next();
    ordered.put(result(0, "a long piece of output"));
    let sent = false;
    const pending = ordered.next().then(() => (sent = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toBe(false);
    flush();
    await pending;
    expect(sent).toBe(true);
  });

  it("passes a failure to whoever waits", async () => {
    const { stream } = sink();
    const ordered = new OrderedOutput(stream, 1);
    await ordered.next();
    const waiting = ordered.next();
    ordered.fail(new Error("worker died"));
    await expect(waiting).rejects.toThrow("worker died");
    await expect(ordered.finished()).rejects.toThrow("worker died");
  });

  it("waits for the output with one drain listener however many writes find it full", async () => {
    const { stream, flush } = sink(1, true);
    const out = new OrderedOutput(stream, 100);
    for (let i = 0; i < 12; i++) expect(await out.next()).toBe(i);
    // every result but the first arrives early, so the first one's arrival writes all twelve
    for (let i = 11; i >= 1; i--) out.put(result(i, `r${i}\n`));
    out.put(result(0, "r0\n"));
    expect(stream.listenerCount("drain")).toBe(1);
    for (let i = 0; i < 20; i++) {
      flush();
      await new Promise((r) => setImmediate(r));
    }
    await out.finished();
    expect(stream.listenerCount("drain")).toBe(0);
  });
});
