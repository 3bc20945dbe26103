// FEEL errors yield null with a message rather than an exception. Messages go to the current
// sink, which evaluateTraced and the TCK runner install; by default they are dropped.

let sink: ((message: string) => void) | null = null;

export function problem(message: string): null {
  if (sink) sink(message);
  return null;
}

/**
 * Whether messages are heard now (a sink is installed). Generated code converts an input it would
 * otherwise convert lazily at once when they are, so that its problems come first, as before.
 */
export const problemsHeard = (): boolean => sink !== null;

/** Runs fn with messages sent to `to`. */
export function withProblemSink<T>(to: (message: string) => void, fn: () => T): T {
  const previous = sink;
  sink = to;
  try {
    return fn();
  } finally {
    sink = previous;
  }
}

/** Runs fn with messages collected into the returned list. */
export function collectProblems<T>(fn: () => T): { result: T; problems: string[] } {
  const problems: string[] = [];
  return { result: withProblemSink((m) => problems.push(m), fn), problems };
}
