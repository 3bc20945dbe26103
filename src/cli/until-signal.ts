// A started server runs until SIGINT, SIGTERM or SIGHUP, then closes gracefully: 0 once closed, 1 if the close failed.
import type { RunningServer } from "../server/start.js";
import type { Io } from "./io.js";

/**
 * The signals that stop a server gracefully. SIGHUP among them: by default it ends a Node process
 * at once (its terminal closed, or an operator's `kill -HUP` meant as "reload"), cutting the
 * requests in flight and leaving their reservations held until the next start.
 */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Call before printing the line that says the server listens: whoever waits for that line may
 * stop the server at once, and a signal with no handler would kill it uncleanly.
 */
export function untilSignal(server: RunningServer, io: Io, command: string): Promise<number> {
  return new Promise<number>((resolve) => {
    const stop = () => {
      for (const s of STOP_SIGNALS) process.off(s, stop);
      server.close().then(
        () => resolve(0),
        (e: Error) => {
          io.stderr.write(`${command}: ${e.message}\n`);
          resolve(1);
        },
      );
    };
    for (const s of STOP_SIGNALS) process.on(s, stop);
  });
}
