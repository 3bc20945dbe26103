// The source of "now" for now() and today(). Replaceable so that tests and replays are
// deterministic (DMN 1.5 10.3.4.11 asks vendors to make these functions controllable).

// eslint-disable-next-line no-restricted-syntax -- the one place the runtime reads the time
let clock: () => number = () => Date.now();

/** Installs a clock returning epoch milliseconds; returns the previous one so callers can restore it. */
export function setClock(next: () => number): () => number {
  const previous = clock;
  clock = next;
  return previous;
}

export const nowMillis = (): number => clock();
