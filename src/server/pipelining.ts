// Requests pipelined on one connection without their answers being read: Node's HTTP server hands
// every request of a socket read to the app at once and queues their answers in order, so 2,000
// GET /openapi.json in one 60 KB write held the event loop for seconds and 200 MB of answers for as
// long as the client kept the connection. Past MAX_WAITING requests waiting for their answers on a
// connection, a request is answered 429 too_many_pipelined at once (before its route runs), and
// the connection is closed after it.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** The most requests that may wait for their answers on one connection (above the 50 a client pipelines in the suite). */
export const MAX_WAITING = 128;

/** Counts each connection's requests until their answers are done; `over` is true for one past the limit. */
export function pipelineLimit(): { over(req: IncomingMessage, res: ServerResponse): boolean } {
  const waiting = new WeakMap<Socket, number>();
  return {
    over(req, res) {
      const socket = req.socket;
      const count = (waiting.get(socket) ?? 0) + 1;
      waiting.set(socket, count);
      // the answer's close: written, or the connection gone
      res.once("close", () => waiting.set(socket, (waiting.get(socket) ?? 1) - 1));
      return count > MAX_WAITING;
    },
  };
}
