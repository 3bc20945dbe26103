// Receipts signed in batches: the leaves that arrive while a batch is open (the settlements of one
// group commit, the receipts of one turn of the event loop, at most `maxLeaves`) share one
// signature over their Merkle tree's root, and each leaf gets its index and audit path. A batch is
// signed when the first of its receipts must commit (`commit`, synchronously, inside the ledger's
// transaction) or, for receipts that no transaction waits on, on the next turn of the event loop.
// A batch whose signature fails fails every one of its receipts.
import { merkleTree } from "./merkle.js";
import type { Finished } from "./finished.js";

/** A leaf's part of its batch: the signature over the root, the leaf's index and audit path. */
interface Inclusion {
  /** what `signRoot` made of the root */
  signature: string;
  index: number;
  path: Buffer[];
}

type Outcome = { ok: true; signature: string; paths: Buffer[][] } | { ok: false; error: unknown };

interface Batch {
  leaves: Buffer[];
  outcome?: Outcome;
  waiters: (() => void)[];
}

export interface LeafBatcher {
  add(leaf: Buffer): Finished<Inclusion>;
}

/** `signRoot(root, size)` signs a batch's root; `maxLeaves` bounds a batch (and so its proofs). */
export function leafBatcher(signRoot: (root: Buffer, size: number) => string, maxLeaves = 256): LeafBatcher {
  let open: Batch | null = null;

  const close = (b: Batch) => {
    if (b.outcome) return;
    if (open === b) open = null;
    try {
      const { root, paths } = merkleTree(b.leaves);
      b.outcome = { ok: true, signature: signRoot(root, b.leaves.length), paths };
    } catch (error) {
      b.outcome = { ok: false, error };
    }
    for (const wake of b.waiters.splice(0)) wake();
  };

  const outcomeOf = (b: Batch): Outcome & { ok: true } => {
    const o = b.outcome;
    if (!o) throw new Error("the receipt's batch is not signed yet");
    if (!o.ok) throw o.error;
    return o;
  };

  return {
    add(leaf) {
      if (!open) {
        const b: Batch = { leaves: [], waiters: [] };
        open = b;
        setImmediate(() => close(b));
      }
      const batch = open;
      const index = batch.leaves.push(leaf) - 1;
      if (batch.leaves.length >= maxLeaves) open = null;
      return {
        commit() {
          close(batch);
          outcomeOf(batch);
        },
        signed: () =>
          new Promise<void>((resolve, reject) => {
            const settle = () => (batch.outcome!.ok ? resolve() : reject((batch.outcome as { error: unknown }).error));
            if (batch.outcome) settle();
            else batch.waiters.push(settle);
          }),
        value() {
          const o = outcomeOf(batch);
          return { signature: o.signature, index, path: o.paths[index]! };
        },
      };
    },
  };
}
