// Connection-level attacks that are not a fault of one request's framing (protocol-faults.ts has
// those), as data, with a raw loopback client: an Expect the server does not meet, Transfer-Encoding
// lists it does not read, chunk extensions by the kilobyte, thousands of headers, fifty paid calls
// pipelined at once (and a thousand GETs, past what may wait on a connection), a body in 100,000
// one-byte chunks, a chunked body that never ends, a body sent a byte a second, hundreds of connections that send nothing, and one
// that never reads its answers.
import { get } from "node:http";
import { connect, type Socket } from "node:net";

export interface Exchange {
  name: string;
  /** what is written, piece by piece, `gapMs` apart */
  pieces: (key: string) => string[];
  gapMs?: number;
  /** the answers wanted, in order: a status and, for a problem, its code (one of) */
  expected: { status: number[]; code?: string[] }[];
}

const paid = (key: string, n: number, extra = "") => {
  const body = JSON.stringify({
    model: {
      content: { name: "pipelined", inputs: { n: { type: "number", desc: "n?" } }, decisions: { twice: "n * 2" } },
      questions: { twice: { type: "number", instructions: "twice?" } },
    },
    state: { n },
  });
  return (
    `POST /v1/systemone HTTP/1.1\r\nHost: loopback\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n${extra}` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
};
const head = (key: string, headers: string) =>
  `POST /v1/systemone HTTP/1.1\r\nHost: loopback\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n${headers}\r\n`;

export const PIPELINED = 50;
/** More GET /healthz pipelined in one write than may wait for their answers on a connection (src/server/pipelining.ts). */
const PAST_WAITING = 1_000;
/** The most requests that may wait on one connection; the one after is refused and the connection closed. */
const MAX_WAITING = 128;
const ok = { status: [200] };
const problem = (status: number[], ...code: string[]) => ({ status, code });

export const EXCHANGES: readonly Exchange[] = [
  {
    name: `${PAST_WAITING} GET /healthz in one write, none of their answers read before the last is sent`,
    pieces: () => ["GET /healthz HTTP/1.1\r\nHost: loopback\r\n\r\n".repeat(PAST_WAITING)],
    expected: [...Array.from({ length: MAX_WAITING }, () => ok), problem([429], "too_many_pipelined")],
  },
  {
    // each chunk an event of the parser's stream: the body is refused past the most chunks read (on
    // a loaded machine the suite's 1.5 s request timeout may come first; a body of spaces read
    // whole would be malformed_json)
    name: "a body of 100,000 one-byte chunks",
    pieces: (k) => [head(k, "Transfer-Encoding: chunked\r\n"), "1\r\n \r\n".repeat(100_000), "0\r\n\r\n"],
    expected: [problem([400, 408], "malformed_http", "request_timeout")],
  },
  { name: "Expect: 200-ok", pieces: (k) => [paid(k, 1, "Expect: 200-ok\r\n")], expected: [problem([417], "expectation_failed")] },
  // the 100 Continue comes first, then the answer (the reader below skips an interim answer)
  { name: "Expect: 100-continue", pieces: (k) => [paid(k, 1, "Expect: 100-continue\r\n")], expected: [ok] },
  {
    name: "Transfer-Encoding: gzip, chunked",
    pieces: (k) => [`${head(k, "Transfer-Encoding: gzip, chunked\r\n")}2\r\n{}\r\n0\r\n\r\n`],
    expected: [problem([400], "malformed_http", "invalid_request", "unsupported_media_type")],
  },
  {
    name: "Transfer-Encoding: chunked twice",
    pieces: (k) => [`${head(k, "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n")}2\r\n{}\r\n0\r\n\r\n`],
    expected: [problem([400], "malformed_http")],
  },
  {
    name: "Transfer-Encoding: identity with Content-Length",
    pieces: (k) => [`${head(k, "Transfer-Encoding: identity\r\nContent-Length: 2\r\n")}{}`],
    expected: [problem([400], "malformed_http")],
  },
  {
    name: "20 KB of chunk extensions",
    pieces: (k) => [`${head(k, "Transfer-Encoding: chunked\r\n")}2;${"a=b;".repeat(5_000)}\r\n{}\r\n0\r\n\r\n`],
    expected: [problem([400, 431], "malformed_http", "headers_too_large")],
  },
  {
    name: "2,000 headers",
    pieces: () => [`GET /healthz HTTP/1.1\r\nHost: loopback\r\n${Array.from({ length: 2_000 }, (_, i) => `X-H${i}: v\r\n`).join("")}\r\n`],
    expected: [problem([200, 431], "headers_too_large")],
  },
  {
    name: `${PIPELINED} paid calls pipelined`,
    pieces: (k) => [Array.from({ length: PIPELINED }, (_, i) => paid(k, i)).join("")],
    expected: Array.from({ length: PIPELINED }, () => ok),
  },
  {
    name: "a paid call in HTTP/1.0",
    pieces: (k) => [paid(k, 3).replace(" HTTP/1.1\r\n", " HTTP/1.0\r\n")],
    expected: [ok],
  },
  {
    name: "a Content-Length of 1 GB and no body",
    pieces: (k) => [head(k, "Content-Length: 1000000000\r\n")],
    expected: [problem([400, 413], "body_too_large")],
  },
  {
    name: "a Content-Length of 40 and 10 bytes sent",
    pieces: (k) => [`${head(k, "Content-Length: 40\r\n")}{"state": {`],
    expected: [problem([408], "request_timeout")],
  },
  {
    name: "headers sent a byte a second",
    pieces: () => "GET /healthz HTTP/1.1\r\nHost: loopback\r\nX-Slow: abcdefghij\r\n\r\n".split(""),
    gapMs: 1_000,
    expected: [problem([408], "request_timeout")],
  },
  {
    // chunk after chunk, never the last: the whole request's timeout ends it
    name: "a chunked body that never ends, a chunk every 400 ms",
    pieces: (k) => [head(k, "Transfer-Encoding: chunked\r\n"), ...Array.from({ length: 12 }, () => "1\r\n \r\n")],
    gapMs: 400,
    expected: [problem([408], "request_timeout")],
  },
  {
    name: "a body sent a byte a second",
    pieces: (k) => [head(k, "Content-Length: 40\r\n"), ...'{"state": {"n": 1}}'.split("")],
    gapMs: 1_000,
    expected: [problem([408], "request_timeout")],
  },
];

export interface RawAnswer {
  status: number;
  body: any;
}

/** The final answers in `bytes` (an interim 1xx is skipped), each framed by its Content-Length or its chunks. */
function answersOf(bytes: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let at = 0;
  for (;;) {
    const end = bytes.indexOf("\r\n\r\n", at);
    if (end < 0) break;
    const [statusLine, ...lines] = bytes.subarray(at, end).toString("latin1").split("\r\n");
    const status = Number(statusLine!.split(" ")[1]);
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
    if (status >= 100 && status < 200) {
      at = end + 4;
      continue;
    }
    let text = "";
    let next = end + 4;
    if (headers["transfer-encoding"] === "chunked") {
      for (;;) {
        const line = bytes.indexOf("\r\n", next);
        if (line < 0) return answers;
        const size = parseInt(bytes.subarray(next, line).toString("latin1"), 16);
        text += bytes.subarray(line + 2, line + 2 + size).toString("utf8");
        next = line + 2 + size + 2;
        if (size === 0) break;
      }
    } else {
      const length = Number(headers["content-length"] ?? 0);
      if (bytes.length < next + length) break;
      text = bytes.subarray(next, next + length).toString("utf8");
      next += length;
    }
    answers.push({ status, body: text ? JSON.parse(text) : null });
    at = next;
  }
  return answers;
}

/** Writes the exchange on one connection and reads until the server closes it or `wanted` answers came (then closes). */
export async function exchange(url: string, x: Exchange, key: string): Promise<RawAnswer[]> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => {});
  const received: Buffer[] = [];
  socket.on("data", (d: Buffer) => received.push(d));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  for (const piece of x.pieces(key)) {
    if (socket.destroyed) break;
    socket.write(piece);
    if (x.gapMs) await new Promise((r) => setTimeout(r, x.gapMs));
  }
  const deadline = Date.now() + 60_000;
  while (!socket.destroyed && answersOf(Buffer.concat(received)).length < x.expected.length && Date.now() < deadline)
    await Promise.race([closed, new Promise((r) => setTimeout(r, 20))]);
  socket.destroy();
  await closed;
  return answersOf(Buffer.concat(received));
}

/** `count` connections that send nothing; resolves with them open, each recording when the server closed it. */
export async function idleConnections(url: string, count: number): Promise<{ sockets: Socket[]; closedByServer: () => number }> {
  const { hostname, port } = new URL(url);
  let closedByServer = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve) => {
          const s = connect(Number(port), hostname);
          s.on("error", () => {});
          // read (and drop) what arrives, so that the server's end is seen
          s.resume();
          s.on("end", () => closedByServer++);
          s.once("connect", () => resolve(s));
        }),
    ),
  );
  return { sockets, closedByServer: () => closedByServer };
}

/**
 * A connection that sends `count` GET `path` pipelined and reads nothing for `unreadMs`, then reads
 * until the server closes it or every answer came: the answers it got, and whether the server
 * closed it first.
 */
export async function unreadAnswers(
  url: string,
  path: string,
  count: number,
  unreadMs: number,
): Promise<{ answers: number; closed: boolean }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => {});
  socket.pause();
  let closed = false;
  const ended = new Promise<void>((resolve) => socket.on("close", () => ((closed = true), resolve())));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: loopback\r\n\r\n`.repeat(count));
  await new Promise((r) => setTimeout(r, unreadMs));
  const received: Buffer[] = [];
  socket.on("data", (d: Buffer) => received.push(d));
  socket.resume();
  const deadline = Date.now() + 30_000;
  while (!closed && answersOf(Buffer.concat(received)).length < count && Date.now() < deadline)
    await Promise.race([ended, new Promise((r) => setTimeout(r, 20))]);
  const answers = answersOf(Buffer.concat(received)).length;
  const closedByServer = closed;
  socket.destroy();
  await ended;
  return { answers, closed: closedByServer };
}

/** GET /healthz on a connection of its own from `localAddress` (another loopback address: another client): its status, or the error's code. */
export function healthFrom(url: string, localAddress: string): Promise<number | string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const req = get({ host: hostname, port: Number(port), path: "/healthz", localAddress, agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode!));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}
