// FEEL errors yield null with a message rather than an exception. Messages go to the current
// sink, which evaluateTraced and the TCK runner install; by default they are dropped.

let sink: ((message: string) => void) | null = null;

export function problem(message: string): null {
  if (sink) sink(message);
  return null;
}

/** Runs fn with messages collected into the returned list. */
export function collectProblems<T>(fn: () => T): { result: T; problems: string[] } {
  const problems: string[] = [];
  const previous = sink;
  sink = (m) => problems.push(m);
  try {
    return { result: fn(), problems };
  } finally {
    sink = previous;
  }
}
