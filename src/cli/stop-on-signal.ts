// A batch stopped by SIGINT or SIGTERM: the temporary files its engine was writing are removed (so
// an existing output is left as it was), a line on stderr says so, and the process exits with the
// code of a process the signal ended (130, 143). Without it the signal ends the process at once,
// past every engine's clean-up.
import { removeTempFiles } from "../batch/temp-files.js";
import type { Io } from "./io.js";

const CODES = { SIGINT: 130, SIGTERM: 143 } as const;
type Stop = keyof typeof CODES;

export async function stopOnSignal<T>(io: Io, command: string, out: string, run: () => Promise<T>): Promise<T> {
  const stop = (signal: Stop) => {
    removeTempFiles();
    const left = out === "-" ? "the records written to standard output are incomplete" : `${out} was not written`;
    io.stderr.write(`${command}: stopped by ${signal}: ${left}\n`);
    process.exit(CODES[signal]);
  };
  const handlers = (Object.keys(CODES) as Stop[]).map((signal) => [signal, () => stop(signal)] as const);
  for (const [signal, handler] of handlers) process.once(signal, handler);
  try {
    return await run();
  } finally {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  }
}
