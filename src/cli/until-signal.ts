// A started server runs until SIGINT or SIGTERM, then closes gracefully: 0 once closed, 1 if the close failed.
import type { RunningServer } from "../server/start.js";
import type { Io } from "./io.js";

/**
 * Call before printing the line that says the server listens: whoever waits for that line may
 * stop the server at once, and a signal with no handler would kill it uncleanly.
 */
export function untilSignal(server: RunningServer, io: Io, command: string): Promise<number> {
  return new Promise<number>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      server.close().then(
        () => resolve(0),
        (e: Error) => {
          io.stderr.write(`${command}: ${e.message}\n`);
          resolve(1);
        },
      );
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
