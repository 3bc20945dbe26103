// What a settlement's last step makes: an answer that may wait on a batch signature. `commit` runs
// inside the settlement's transaction, just before it commits (it signs the batch there if it is
// still open, and throws if it cannot, so nothing is charged); where no transaction holds the
// step (no ledger), `signed` waits for the batch to be signed on its own. `value` is the answer,
// read after either.
export interface Finished<T> {
  commit(): void;
  signed(): Promise<void>;
  value(): T;
}

/** An answer that waits on nothing. */
export const finished = <T>(value: T): Finished<T> => ({ commit: () => {}, signed: async () => {}, value: () => value });

/** `f`'s answer made into another once it is known (`make` must not fail: check what can before). */
export const mapFinished = <T, U>(f: Finished<T>, make: (value: T) => U): Finished<U> => ({
  commit: () => f.commit(),
  signed: () => f.signed(),
  value: () => make(f.value()),
});
