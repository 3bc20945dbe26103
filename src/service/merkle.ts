// A Merkle tree over receipts, hashed as in Certificate Transparency (RFC 9162 section 2.1):
// SHA-256, a leaf is H(0x00 || bytes), an inner node H(0x01 || left || right), and a tree of n
// leaves splits at the largest power of two below n. One signature over the root then vouches for
// every leaf, each checked on its own with its inclusion proof (the audit path).
import { sha256 } from "../compiler/index.js";
import { pathSides } from "./merkle-path.js";

const LEAF = Buffer.of(0);
const NODE = Buffer.of(1);

/** H(0x00 || bytes); a text is its UTF-8 bytes, and "\u0000" is the byte 0x00 in UTF-8 */
export const leafHash = (bytes: Buffer | string): Buffer =>
  sha256(typeof bytes === "string" ? `\u0000${bytes}` : Buffer.concat([LEAF, bytes]));

const nodeHash = (left: Uint8Array, right: Uint8Array): Buffer => sha256(Buffer.concat([NODE, left, right]));

/** The largest power of two strictly below n (n >= 2). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The root of the tree over `leaves` (leaf hashes, at least one) and, for each leaf, its audit
 * path bottom-up (RFC 9162 2.1.3.1): every hash is computed once.
 */
export function merkleTree(leaves: readonly Buffer[]): { root: Buffer; paths: Buffer[][] } {
  if (leaves.length === 0) throw new RangeError("a Merkle tree needs at least one leaf");
  const paths = leaves.map(() => [] as Buffer[]);
  const build = (lo: number, hi: number): Buffer => {
    if (hi - lo === 1) return leaves[lo]!;
    const mid = lo + split(hi - lo);
    const left = build(lo, mid);
    const right = build(mid, hi);
    for (let i = lo; i < mid; i++) paths[i]!.push(right);
    for (let i = mid; i < hi; i++) paths[i]!.push(left);
    return nodeHash(left, right);
  };
  return { root: build(0, leaves.length), paths };
}

/**
 * The root that leaf `index` of a tree of `size` leaves proves with `path` (RFC 9162 2.1.3.2), or
 * null when the path cannot belong to that position (too short, too long, index out of range).
 */
export function rootFromPath(leaf: Buffer, index: number, size: number, path: readonly Uint8Array[]): Buffer | null {
  const sides = pathSides(index, size, path.length);
  return sides && path.reduce<Buffer>((r, p, i) => (sides[i] ? nodeHash(p, r) : nodeHash(r, p)), leaf);
}
