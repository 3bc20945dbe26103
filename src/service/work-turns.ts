// Work on the event loop done a few pieces a turn: request bodies (read in the loop's poll phase,
// the parse, then the validation and the handler up to its first wait, in the callback that
// delivered them) and evaluations on the loop. A burst of bodies arriving together was read in
// one turn (measured: 60 distinct models posted at once, 80–170 ms of the main thread's CPU for the
// burst, every body read before a timer or /healthz could run); a thousand requests waiting on one
// model's compile resumed together, each evaluating within its slice one after the other (the
// loop held 3.4–5.3 s). Pieces run within SLICE_MS of the turn's first run at once; the rest wait
// for the turns after, SLICE_MS of them a turn: each client's in order, the clients in turn (one
// piece of each, round and round), so that a client with many pieces waiting (a flood of models
// from 32 connections) holds another's next one back by one of its own, not by all of them.

import { SLICE_MS } from "./next-turn.js";

/** The pieces waiting, each client's in order; a client with some is, in Map order, in its turn. */
const waiting = new Map<string, (() => void)[]>();
/** When the turn's first piece ran; null when none has run since the last check phase. */
let since: number | null = null;
let draining = false;

/**
 * Runs `read` now when the turn's slice allows (and nothing waits), else in a later turn, after
 * `client`'s pieces waiting before it and in its client's turn among the clients with pieces waiting.
 */
export function inTurn(read: () => void, client = ""): void {
  // the turn's first piece runs at once however long the process waited between two statements
  const first = since === null;
  if (since === null) {
    since = performance.now();
    // the check phase closes the turn's slice (an immediate queued there runs a turn later)
    setImmediate(() => (since = null));
  }
  if (waiting.size > 0 || (!first && performance.now() - since > SLICE_MS)) {
    const own = waiting.get(client);
    if (own) own.push(read);
    else waiting.set(client, [read]);
    if (!draining) {
      draining = true;
      setImmediate(drain);
    }
    return;
  }
  read();
}

/** The next piece waiting: the first client's first; that client then goes last (or leaves, with none left). */
function next(): () => void {
  const [client, reads] = waiting.entries().next().value!;
  const read = reads.shift()!;
  waiting.delete(client);
  if (reads.length > 0) waiting.set(client, reads);
  return read;
}

/** Runs waiting pieces for SLICE_MS, then leaves the rest to the next turn. */
function drain(): void {
  const start = performance.now();
  try {
    while (waiting.size > 0 && performance.now() - start <= SLICE_MS) next()();
  } finally {
    if (waiting.size > 0) setImmediate(drain);
    else draining = false;
  }
}

/**
 * `work` run in its turn as inTurn runs a piece (now when the turn's slice allows, else later, in
 * `client`'s turn), its result or its exception as a promise.
 */
export const whenTurn = <T>(work: () => T, client = ""): Promise<T> =>
  new Promise((resolve, reject) =>
    inTurn(() => {
      try {
        resolve(work());
      } catch (e) {
        reject(e);
      }
    }, client),
  );
