// An inclusion proof as receipts carry it, and its walk (RFC 9162 section 2.1.3.2) without the
// hashing: which side each hash of the audit path joins on. The service (merkle.ts, signer.ts) and
// the playground page (web/src/receipt.ts) hash along the same walk with their own SHA-256.

const INDEX_BYTES = 4;
const HASH_BYTES = 32;

/**
 * For each of the `length` hashes of the audit path of leaf `index` in a tree of `size` leaves,
 * whether it is the left one of its pair; null when a path of that length cannot belong to that
 * position (index out of range, path too short or too long).
 */
export function pathSides(index: number, size: number, length: number): boolean[] | null {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return null;
  let fn = index;
  let sn = size - 1;
  const sides: boolean[] = [];
  for (let i = 0; i < length; i++) {
    if (sn === 0) return null;
    const left = fn % 2 === 1 || fn === sn;
    sides.push(left);
    if (left) {
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? sides : null;
}

/** A proof's bytes: the leaf's index (4 bytes, big-endian), then its audit path bottom-up, 32 bytes a hash. */
export function writeProof(index: number, path: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(INDEX_BYTES + HASH_BYTES * path.length);
  new DataView(bytes.buffer).setUint32(0, index);
  path.forEach((h, i) => bytes.set(h, INDEX_BYTES + HASH_BYTES * i));
  return bytes;
}

/** The index and audit path of a proof's bytes, or null when they are not a proof. */
export function readProof(bytes: Uint8Array): { index: number; path: Uint8Array[] } | null {
  if (bytes.length < INDEX_BYTES || (bytes.length - INDEX_BYTES) % HASH_BYTES !== 0) return null;
  const path: Uint8Array[] = [];
  for (let at = INDEX_BYTES; at < bytes.length; at += HASH_BYTES) path.push(bytes.subarray(at, at + HASH_BYTES));
  return { index: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0), path };
}
