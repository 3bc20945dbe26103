// A client that never reads its answers (or reads them a byte at a time) keeps what the server
// wrote in the connection's buffers: 40 such connections, each sent a few large echoes or 120
// pipelined GET /openapi.json, held 270 MB of the server's memory for as long as they stayed open,
// which no timeout bounded (the request timeout ends when the request has arrived, the keep-alive
// timeout starts when the answers are written). An answer must be written, to its last byte,
// within the write timeout of its start (it starts once it is ended and has its connection, so an
// answer queued behind a slow pipelined one waits without its clock running); else the connection
// is closed, and what it held is freed.
import { ServerResponse, type IncomingMessage } from "node:http";

/** Node's ServerResponse whose writing is bounded by `writeTimeoutMs` (0: unbounded). */
export function timedResponse(writeTimeoutMs: number): typeof ServerResponse {
  if (writeTimeoutMs <= 0) return ServerResponse;
  return class TimedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
    #ended = false;
    #timer: NodeJS.Timeout | undefined;

    override end(cb?: () => void): this;
    override end(chunk: unknown, cb?: () => void): this;
    override end(chunk: unknown, encoding: BufferEncoding, cb?: () => void): this;
    override end(...args: unknown[]): this {
      this.#ended = true;
      (super.end as (...a: unknown[]) => this).apply(this, args);
      this.#start();
      return this;
    }

    override assignSocket(socket: Parameters<ServerResponse["assignSocket"]>[0]): void {
      super.assignSocket(socket);
      this.#start();
    }

    #start(): void {
      if (!this.#ended || this.#timer || this.writableFinished || this.socket === null) return;
      const socket = this.socket;
      this.#timer = setTimeout(() => socket.destroy(), writeTimeoutMs).unref();
      // an answer's close comes after its last byte is handed to the system, or with its connection's end
      this.once("close", () => clearTimeout(this.#timer));
    }
  };
}
