// The embedded readers read in time linear in the evidence and in the inputs they look for (about
// 2 µs a character for each input here: 60 KB of prose for one input held the event loop 129 ms,
// bench/RESULTS-hostile.md). Evidence past OFF_LOOP_WORK characters-times-inputs is read in a
// compile worker, by the same readers (compile-pool/worker.ts, the "read" job); shorter evidence
// is read where it is, which costs no round trip. A language-model reader is left as it is.
import type { Providers } from "../providers/registry.js";
import type { ReadRequest, ReadResult } from "../providers/types.js";

/** Characters of evidence times inputs to read past which the reading leaves the event loop (about 35 ms of it). */
export const OFF_LOOP_WORK = 16 * 1024;

/** The characters a reader weighs, times the inputs it looks for. */
const work = (request: ReadRequest): number =>
  (typeof request.state === "string" ? request.state.length : (JSON.stringify(request.state)?.length ?? 0)) * request.inputs.length;

/** `providers` whose embedded readers hand long evidence to `readOffLoop`. */
export function offLoopReading(
  providers: Providers,
  readOffLoop: (request: ReadRequest) => Promise<ReadResult>,
  limit = OFF_LOOP_WORK,
): Providers {
  return {
    ...providers,
    reader(state) {
      const reader = providers.reader(state);
      if (!reader.limits) return reader;
      return {
        name: reader.name,
        limits: reader.limits,
        read: (request, signal) => (work(request) > limit ? readOffLoop(request) : reader.read(request, signal)),
      };
    },
  };
}
