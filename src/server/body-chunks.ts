// A request body read as the chunks it arrives in, not copied into one buffer: fastify's reading
// (parseAs "buffer") joins them, a copy of every byte per request (about 15 µs of CPU for a
// 200 KB body, most of it a fresh allocation's page faults), though a body that holds a model
// seen before needs only the bytes around that model (service/known-models.ts compares the
// model's bytes chunk by chunk). Its limits and faults are fastify's own, the same errors at the
// same points: a Content-Length over the limit refused before anything is read, more bytes than
// the limit refused as they arrive, a stream error answered 400, a length that does not match
// the Content-Length refused at the end.
import { errorCodes, type FastifyRequest } from "fastify";

const { FST_ERR_CTP_BODY_TOO_LARGE, FST_ERR_CTP_INVALID_CONTENT_LENGTH } = errorCodes;

/** The body's chunks, in order (copies the HTTP parser made, no other request's bytes), and their total length. */
export interface BodyChunks {
  chunks: Buffer[];
  length: number;
}

export function readChunks(
  req: FastifyRequest,
  payload: NodeJS.ReadableStream & { receivedEncodedLength?: number },
  limit: number,
  done: (err: Error | null, body?: BodyChunks) => void,
): void {
  const contentLength = Number(req.headers["content-length"]);
  if (contentLength > limit) return done(new FST_ERR_CTP_BODY_TOO_LARGE());
  let length = 0;
  const chunks: Buffer[] = [];
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
    chunks.push(bytes);
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
    done(null, { chunks, length });
  }
  payload.on("data", onData);
  payload.on("end", onEnd);
  payload.on("error", onEnd);
  payload.resume();
}
