// A request body read as the chunks it arrives in, not copied into one buffer: fastify's reading
// (parseAs "buffer") joins them, a copy of every byte per request (about 15 µs of CPU for a
// 200 KB body, most of it a fresh allocation's page faults), though a body that holds a model
// seen before needs only the bytes around that model (service/known-models.ts compares the
// model's bytes chunk by chunk). Its limits and faults are fastify's own, the same errors at the
// same points: a Content-Length over the limit refused before anything is read, more bytes than
// the limit refused as they arrive, a stream error answered 400, a length that does not match
// the Content-Length refused at the end. Past a few chunks, small ones are copied together into
// pieces of PIECE_BYTES: a chunked body of one-byte chunks arrives as a Buffer a byte, each a view
// that keeps the whole socket read it came in alive (a 1 MB body of them grew the server by
// 167 MB). And a body is read in at most MAX_CHUNKS chunks: each costs an event of the HTTP
// parser's stream (a million of them, 1.3 s of the main thread's CPU).
import { errorCodes, type FastifyRequest } from "fastify";
import { problem, ProblemError } from "../service/problems.js";

const { FST_ERR_CTP_BODY_TOO_LARGE, FST_ERR_CTP_INVALID_CONTENT_LENGTH } = errorCodes;

/** The body's chunks, in order (copies the HTTP parser made, no other request's bytes), and their total length. */
export interface BodyChunks {
  chunks: Buffer[];
  length: number;
}

/** Past the first FEW_CHUNKS, chunks shorter than SMALL_CHUNK are copied into a shared piece rather than kept as they came. */
const FEW_CHUNKS = 16;
const SMALL_CHUNK = 1024;
/** The size of a piece small chunks are copied into. */
const PIECE_BYTES = 16 * 1024;
/** The most chunks a body may come in. */
const MAX_CHUNKS = 64 * 1024;

const tooManyChunks = () => {
  const message = `the body came in more than ${MAX_CHUNKS.toLocaleString("en-US")} chunks, the most the server reads; send it in fewer, larger chunks, or with Content-Length`;
  return new ProblemError(problem("malformed_http", message, [{ address: "body", code: "request.chunks", message }]));
};

export function readChunks(
  req: FastifyRequest,
  payload: NodeJS.ReadableStream & { receivedEncodedLength?: number },
  limit: number,
  done: (err: Error | null, body?: BodyChunks) => void,
): void {
  const contentLength = Number(req.headers["content-length"]);
  if (contentLength > limit) return done(new FST_ERR_CTP_BODY_TOO_LARGE());
  let length = 0;
  let received = 0;
  const chunks: Buffer[] = [];
  /** the piece small chunks are being copied into, and how much of it they fill */
  let piece: Buffer | null = null;
  let filled = 0;
  const flush = () => {
    if (piece && filled > 0) chunks.push(piece.subarray(0, filled));
    piece = null;
    filled = 0;
  };
  const off = () => {
    payload.removeListener("data", onData);
    payload.removeListener("end", onEnd);
    payload.removeListener("error", onEnd);
  };
  function onData(chunk: Buffer | string) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    length += bytes.length;
    if (length > limit || (payload.receivedEncodedLength ?? 0) > limit) {
      off();
      done(new FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    if (++received > MAX_CHUNKS) {
      off();
      done(tooManyChunks());
      return;
    }
    if (bytes.length >= SMALL_CHUNK || chunks.length < FEW_CHUNKS) {
      flush();
      chunks.push(bytes);
      return;
    }
    if (!piece || filled + bytes.length > piece.length) {
      flush();
      piece = Buffer.allocUnsafe(PIECE_BYTES);
    }
    filled += bytes.copy(piece, filled);
  }
  function onEnd(err?: Error & { statusCode?: number }) {
    off();
    if (err != null) {
      if (!(typeof err.statusCode === "number" && err.statusCode >= 400)) err.statusCode = 400;
      return done(err);
    }
    if (!Number.isNaN(contentLength) && (payload.receivedEncodedLength || length) !== contentLength) {
      return done(new FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    }
    flush();
    done(null, { chunks, length });
  }
  payload.on("data", onData);
  payload.on("end", onEnd);
  payload.on("error", onEnd);
  payload.resume();
}
