// Work that takes long on the event loop lets other work run between its slices: it waits until
// the loop has run its timers and polled for I/O once. An immediate queued from an I/O callback
// runs in the same turn, before either (the event loop's delay counts the two as one hold), so
// the wait is an immediate queued from an immediate.

/** How long one slice of such work may hold the event loop, in milliseconds. */
export const SLICE_MS = 5;

/** A promise resolved once the event loop has run its timers and polled for I/O. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

/**
 * For long work done piece by piece: call the returned function after each piece; it gives a
 * promise of the next turn once the slice has held the loop SLICE_MS (the next slice starting
 * when it resolves), else undefined, so that a loop awaits only at a slice's end.
 */
export function slices(): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since <= SLICE_MS) return undefined;
    return nextTurn().then(() => void (since = performance.now()));
  };
}
