// The embedded readers read prose in about 2 µs a character for each input (60 KB of prose for one
// input held the event loop 129 ms, bench/RESULTS-hostile.md), but text written against them reads
// far slower: 1,000 characters of "$1$1…" take 60 ms, 16,000 of "1,1,…" or of ">" lines 0.7–0.9 s,
// growing with the square of the text. So only a little prose is read where it is: evidence past
// OFF_LOOP_PROSE characters of prose (a text, or a JSON state's strings, which are read as text)
// times inputs, or past OFF_LOOP_WORK characters-times-inputs in all, is read in a compile worker,
// by the same readers (compile-pool/worker.ts, the "read" job), within the worker's time and memory
// limits. Shorter evidence is read where it is, which costs no round trip. A language-model reader
// is left as it is.
import { jsonSize } from "../providers/readers/limits.js";
import type { Providers } from "../providers/registry.js";
import type { ReadRequest, ReadResult } from "../providers/types.js";

/** Characters of evidence times inputs to read past which the reading leaves the event loop (about 35 ms of it). */
export const OFF_LOOP_WORK = 16 * 1024;

/** Characters of prose times inputs to read past which the reading leaves the event loop (at most about 60 ms of it). */
export const OFF_LOOP_PROSE = 1024;

/** The characters a reader weighs (the evidence times the inputs it looks for, and their descriptions), and those of them it reads as prose. */
function work(request: ReadRequest): { all: number; prose: number } {
  const { state, inputs } = request;
  // each input's description is read for its words once (500 KB of one took 150 ms to read)
  const descriptions = inputs.reduce((n, input) => n + input.desc.length, 0);
  if (typeof state === "string") return { all: state.length * inputs.length + descriptions, prose: state.length * inputs.length };
  return { all: (JSON.stringify(state)?.length ?? 0) * inputs.length + descriptions, prose: jsonSize(state).chars * inputs.length };
}

/** `providers` whose embedded readers hand long evidence to `readOffLoop`. */
export function offLoopReading(
  providers: Providers,
  readOffLoop: (request: ReadRequest) => Promise<ReadResult>,
  limit = OFF_LOOP_WORK,
  proseLimit = OFF_LOOP_PROSE,
): Providers {
  return {
    ...providers,
    reader(state) {
      const reader = providers.reader(state);
      if (!reader.limits) return reader;
      const offLoop = (request: ReadRequest) => {
        const { all, prose } = work(request);
        return all > limit || prose > proseLimit;
      };
      return {
        name: reader.name,
        limits: reader.limits,
        read: (request, signal) => (offLoop(request) ? readOffLoop(request) : reader.read(request, signal)),
      };
    },
  };
}
