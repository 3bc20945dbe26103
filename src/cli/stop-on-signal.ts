// A batch stopped by SIGINT or SIGTERM: the temporary files its engine was writing are removed (so
// an existing output is left as it was), a line on stderr says so, and the process ends by the
// signal itself (a shell sees 130 or 143). Without it the signal ends the process at once, past
// every engine's clean-up. The process is not left to exit: an exit waits for the threads of
// Node's pool, and one of them may be in a DuckDB query that runs on for as long as its input does
// (a COPY from a named pipe that never ends, or one blocked reading it); the signal's default
// action ends every thread at once.
import { removeTempFiles } from "../batch/temp-files.js";
import type { Io } from "./io.js";

const CODES = { SIGINT: 130, SIGTERM: 143 } as const;
type Stop = keyof typeof CODES;

/** Ends the process by `signal`, its default action restored (every listener removed); an exit with its code if it is still here. */
function endBy(signal: Stop): never {
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
  process.exit(CODES[signal]);
}

export async function stopOnSignal<T>(io: Io, command: string, out: string, run: () => Promise<T>): Promise<T> {
  const stop = (signal: Stop) => {
    removeTempFiles();
    const left = out === "-" ? "the records written to standard output are incomplete" : `${out} was not written`;
    io.stderr.write(`${command}: stopped by ${signal}: ${left}\n`);
    endBy(signal);
  };
  const handlers = (Object.keys(CODES) as Stop[]).map((signal) => [signal, () => stop(signal)] as const);
  for (const [signal, handler] of handlers) process.once(signal, handler);
  try {
    return await run();
  } finally {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  }
}
