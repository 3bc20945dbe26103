// What Node's HTTP parser refuses before fastify sees a request (a bad chunk size, both
// Content-Length and Transfer-Encoding, a NUL in a header, headers over the size limit, a request
// not received within the request timeout) is answered as problem details too, then the
// connection is closed: after a parser error nothing more on it can be read. Answers to requests
// sent before the bad one on the same kept-alive connection are written first, in order; the
// problem follows them.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { problem, problemBody, type Problem } from "../service/problems.js";
import { timedResponse } from "./write-timeout.js";

interface ParserError extends Error {
  code?: string;
  /** llhttp's reason ("Invalid character in chunk size") */
  reason?: string;
}

/** The parser's codes, each with what was wrong and what to send instead. */
const PARSER_PROBLEMS: Record<string, (e: ParserError, cx: HttpLimits) => Problem> = {
  HPE_HEADER_OVERFLOW: (_e, cx) =>
    problem(
      "headers_too_large",
      `the request line and headers exceed ${cx.maxHeaderBytes} bytes, the limit; send shorter headers (the model and state go in the body)`,
    ),
  ERR_HTTP_REQUEST_TIMEOUT: (_e, cx) =>
    problem(
      "request_timeout",
      `the request was not received within ${cx.requestTimeoutMs} ms (headers within ${cx.headersTimeoutMs} ms), the server's limits; send the whole request at once`,
    ),
  HPE_INVALID_CHUNK_SIZE: () =>
    problem(
      "malformed_http",
      "a chunk of the chunked body has a size that is not a hexadecimal number; send the body with valid chunk sizes",
    ),
  HPE_INVALID_TRANSFER_ENCODING: (e) =>
    problem(
      "malformed_http",
      `the request's Transfer-Encoding is not usable (${e.reason ?? e.message}); send either Content-Length or Transfer-Encoding: chunked`,
    ),
  HPE_INVALID_HEADER_TOKEN: () =>
    problem(
      "malformed_http",
      "a header name or value holds a character HTTP does not allow (a NUL, a control character, a space in a name); send plain header text",
    ),
};

const problemFor = (e: ParserError, cx: HttpLimits): Problem =>
  PARSER_PROBLEMS[e.code ?? ""]?.(e, cx) ??
  problem("malformed_http", `the request is not valid HTTP/1.1 (${e.reason ?? e.message}); send a well-formed request`);

/** The connection limits of the HTTP server (docs/service.md, "Connections"); 0 turns a timeout off. */
export interface HttpLimits {
  /** the request line and headers, in bytes (431 above) */
  maxHeaderBytes: number;
  /** the whole request, headers and body, must arrive within this (408 after) */
  requestTimeoutMs: number;
  /** the headers must arrive within this (408 after); at most the request timeout */
  headersTimeoutMs: number;
  /** an idle kept-alive connection is closed after this */
  keepAliveTimeoutMs: number;
  /** an answer not written whole within this of its start (the client not reading it) closes its connection (write-timeout.ts) */
  writeTimeoutMs: number;
  /** connections held at once, kept below the open-file limit (connection-limits.ts); 0: that limit alone */
  maxConnections: number;
  /** connections one client address holds at once (connection-limits.ts); 0: no bound */
  maxClientConnections: number;
}

/**
 * A whole request within 30 s (a 1 MB body at 35 KB/s), its headers within 10 s, an idle
 * kept-alive connection for 72 s (longer than the usual 60 s idle timeout of a load balancer, so
 * the balancer closes first), headers up to Node's 16 KB, an answer written within 30 s (1 MB read
 * at 35 KB/s), 10,000 connections at once (fewer under a lower open-file limit), 256 of them from
 * one address (a client pools a few dozen; a browser opens 6 per host).
 */
export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxHeaderBytes: 16 * 1024,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 72_000,
  writeTimeoutMs: 30_000,
  maxConnections: 10_000,
  maxClientConnections: 256,
};

/** fastify's and Node's server options for the limits. */
export function serverOptions(l: HttpLimits) {
  const requestTimeout = l.requestTimeoutMs;
  const headersTimeout = requestTimeout > 0 && l.headersTimeoutMs > 0 ? Math.min(l.headersTimeoutMs, requestTimeout) : l.headersTimeoutMs;
  // Node looks for connections past these timeouts every connectionsCheckingInterval (30 s by
  // default, which would let a slow sender stay twice as long): a quarter of the shorter one
  const shortest = Math.min(...[requestTimeout, headersTimeout].filter((t) => t > 0));
  const connectionsCheckingInterval = Number.isFinite(shortest) ? Math.min(1_000, Math.max(50, Math.floor(shortest / 4))) : 30_000;
  return {
    requestTimeout,
    // fastify takes 0 for its default (72 s): 0 here closes an idle connection at once, as the option says
    keepAliveTimeout: Math.max(1, l.keepAliveTimeoutMs),
    http: {
      requestTimeout,
      headersTimeout,
      connectionsCheckingInterval,
      maxHeaderSize: l.maxHeaderBytes,
      ServerResponse: timedResponse(l.writeTimeoutMs),
    },
  };
}

/** How long a connection ended after a parser error stays open for the client to read the answer. */
const LINGER_MS = 2_000;

/** The problem as a complete HTTP/1.1 response that closes the connection. */
function rawResponse(p: Problem): string {
  const body = JSON.stringify(problemBody(p, randomUUID()));
  const reason = p.title.replace(/[^\x20-\x7e]/g, "");
  return (
    `HTTP/1.1 ${p.status} ${reason}\r\nContent-Type: application/problem+json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * The `clientError` handler for `server`: answers the parser's error as a problem once the
 * answers to the requests received whole before it on that connection are written, then closes
 * it. The request being read when the error came (its body bad or late) gets the problem. A
 * `request` listener keeps each connection's requests whose answers are not yet written.
 */
export function clientErrorHandler(server: Server, limits: HttpLimits): (error: ParserError, socket: Socket) => void {
  const open = new WeakMap<Socket, Set<IncomingMessage>>();
  /** run once the connection has no whole request left unanswered */
  const whenAnswered = new WeakMap<Socket, () => void>();
  const answered = (requests: Set<IncomingMessage> | undefined) => ![...(requests ?? [])].some((r) => r.complete);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const requests = open.get(socket) ?? new Set();
    open.set(socket, requests.add(req));
    res.once("close", () => {
      requests.delete(req);
      if (answered(requests)) whenAnswered.get(socket)?.();
    });
  });
  const faulted = new WeakSet<Socket>();
  return (error, socket) => {
    // a reset connection has nothing to answer, and a second error on one connection nothing more
    if (error.code === "ECONNRESET" || socket.destroyed || faulted.has(socket)) return;
    faulted.add(socket);
    // nothing after the bad request is read
    socket.pause();
    const answer = () => {
      whenAnswered.delete(socket);
      // ended, then closed once the client has had time to read it (closing at once while its
      // unread bytes wait could reset the connection before the answer arrives)
      if (socket.writable) socket.end(rawResponse(problemFor(error, limits)));
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    };
    if (answered(open.get(socket))) answer();
    else whenAnswered.set(socket, answer);
  };
}
