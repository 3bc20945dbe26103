import { describe, expect, it } from "vitest";
import { BufferPool } from "../../src/batch/buffer-pool.js";

describe("BufferPool", () => {
  it("lends a given-back buffer again when it is large enough, else a new one of at least the size", () => {
    const pool = new BufferPool(1024);
    const a = pool.take(100);
    expect(a).toBeInstanceOf(SharedArrayBuffer);
    expect(a.byteLength).toBe(1024);
    pool.give(a);
    expect(pool.take(1000)).toBe(a);
    pool.give(a);
    const big = pool.take(5000);
    expect(big).not.toBe(a);
    expect(big.byteLength).toBe(5000);
    expect(pool.take(10)).toBe(a);
  });

  it("keeps at most `keep` free buffers", () => {
    const pool = new BufferPool(16, 2);
    const taken = [pool.take(), pool.take(), pool.take()];
    taken.forEach((b) => pool.give(b));
    const again = [pool.take(), pool.take(), pool.take()];
    expect(again.filter((b) => taken.includes(b))).toHaveLength(2);
  });
});
