// Request bodies read a few a turn of the event loop. A body's bytes arrive in the loop's poll
// phase, and reading it (the parse, then the validation and the handler up to its first wait) runs
// in the callback that delivered them: a burst of bodies arriving together was read in one turn
// (measured: 60 distinct models posted at once, 80–170 ms of the main thread's CPU for the burst,
// every body read before a timer or /healthz could run). Bodies read within SLICE_MS of the turn's
// first are read at once; the rest wait, in order, for the turns after, SLICE_MS of them a turn.

import { SLICE_MS } from "../service/next-turn.js";

const waiting: (() => void)[] = [];
let head = 0;
/** When the turn's first body was read; null when none has been read since the last check phase. */
let since: number | null = null;
let draining = false;

/** Runs `read` now when the turn's slice allows (and nothing waits before it), else in a later turn. */
export function inTurn(read: () => void): void {
  // the turn's first body is read at once however long the process waited between two statements
  const first = since === null;
  if (since === null) {
    since = performance.now();
    // the check phase closes the turn's slice (an immediate queued there runs a turn later)
    setImmediate(() => (since = null));
  }
  if (head < waiting.length || (!first && performance.now() - since > SLICE_MS)) {
    waiting.push(read);
    if (!draining) {
      draining = true;
      setImmediate(drain);
    }
    return;
  }
  read();
}

/** Reads waiting bodies for SLICE_MS, then leaves the rest to the next turn. */
function drain(): void {
  const start = performance.now();
  try {
    while (head < waiting.length && performance.now() - start <= SLICE_MS) waiting[head++]!();
  } finally {
    if (head < waiting.length) setImmediate(drain);
    else {
      waiting.length = head = 0;
      draining = false;
    }
  }
}
