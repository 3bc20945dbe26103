// Random protocol faults, as data, and a raw-socket client that sends one and reads every answer
// until the server closes. A fault is a few good requests (paid calls or /healthz) pipelined
// before one bad one: a chunk size that is not hexadecimal, Content-Length with
// Transfer-Encoding, a control character in a header, headers over the limit, a body sent too
// slowly, or a disconnect in the middle of the body. The good requests must be answered, in
// order and in full, before the bad one's problem; a disconnect answers nothing.
import { connect } from "node:net";
import fc from "fast-check";

/** What the server under test is started with, so the generated faults pass or stay within its limits. */
export const PROTOCOL_LIMITS = { maxHeaderBytes: 16 * 1024, requestTimeoutMs: 1_500, headersTimeoutMs: 1_000, writeTimeoutMs: 2_000 };
/** The `pdm serve` flags that set those limits. */
export const PROTOCOL_ARGS = [
  "--request-timeout",
  String(PROTOCOL_LIMITS.requestTimeoutMs),
  "--headers-timeout",
  String(PROTOCOL_LIMITS.headersTimeoutMs),
  "--max-header-size",
  String(PROTOCOL_LIMITS.maxHeaderBytes),
  "--write-timeout",
  String(PROTOCOL_LIMITS.writeTimeoutMs),
];

interface GoodRequest {
  kind: "paid" | "health";
  /** the paid call's n: the model answers 2n */
  n: number;
}

export type BadKind = "chunk_size" | "both_lengths" | "header_control" | "header_size" | "slow_body" | "disconnect";

export interface ProtocolFault {
  good: GoodRequest[];
  bad: BadKind;
  /** the random part of the bad request: the chunk size text, the control character, the header's size */
  detail: string;
}

/** What each bad request must be answered with: a problem (status and code), or nothing (a disconnect). */
export const EXPECTED: Record<BadKind, { status: number; code: string } | null> = {
  chunk_size: { status: 400, code: "malformed_http" },
  both_lengths: { status: 400, code: "malformed_http" },
  header_control: { status: 400, code: "malformed_http" },
  header_size: { status: 431, code: "headers_too_large" },
  slow_body: { status: 408, code: "request_timeout" },
  disconnect: null,
};

const PAID_BODY = (n: number) =>
  JSON.stringify({
    model: {
      content: { name: "protocol", inputs: { n: { type: "number", desc: "n?" } }, decisions: { twice: "n * 2" } },
      questions: { twice: { type: "number", instructions: "twice?" } },
    },
    state: { n },
  });

function goodRequest(g: GoodRequest, key: string): string {
  if (g.kind === "health") return "GET /healthz HTTP/1.1\r\nHost: loopback\r\n\r\n";
  const body = PAID_BODY(g.n);
  return (
    `POST /v1/systemone HTTP/1.1\r\nHost: loopback\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/** Characters a header may not hold (a tab is allowed, and CR or LF would end the line instead). */
const CONTROL = [0, 1, 2, 7, 8, 11, 12, 14, 27, 31, 127].map((c) => String.fromCharCode(c));
const NOT_HEX = "ghijklmnopqrstuvwxyz-+ ;!";

/** The bad request's head: authenticated, so nothing answers it before its body is read. */
const post = (key: string, headers: string) =>
  `POST /v1/systemone HTTP/1.1\r\nHost: loopback\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n${headers}\r\n`;

/** The bad request as the pieces sent, and the pause between them. */
function badRequest(f: ProtocolFault, key: string): { pieces: string[]; gapMs: number } {
  switch (f.bad) {
    case "chunk_size":
      return { pieces: [`${post(key, "Transfer-Encoding: chunked\r\n")}${f.detail}\r\n{}\r\n0\r\n\r\n`], gapMs: 0 };
    case "both_lengths":
      return { pieces: [`${post(key, `Content-Length: ${f.detail}\r\nTransfer-Encoding: chunked\r\n`)}2\r\n{}\r\n0\r\n\r\n`], gapMs: 0 };
    case "header_control":
      return { pieces: [`${post(key, `X-Note: a${f.detail}b\r\nContent-Length: 2\r\n`)}{}`], gapMs: 0 };
    case "header_size":
      return { pieces: [`${post(key, `X-Pad: ${"p".repeat(Number(f.detail))}\r\nContent-Length: 2\r\n`)}{}`], gapMs: 0 };
    case "slow_body": {
      // one byte at a time, far slower than the request timeout allows for the whole body
      const body = '{"state": {}}';
      const gapMs = Number(f.detail);
      const sent = Math.ceil((PROTOCOL_LIMITS.requestTimeoutMs * 2) / gapMs) + 2;
      return { pieces: [post(key, `Content-Length: ${body.length + 100}\r\n`), ...body.padEnd(sent, " ").slice(0, sent)], gapMs };
    }
    case "disconnect":
      return { pieces: [post(key, `Content-Length: 5000\r\n`), f.detail], gapMs: 0 };
  }
}

export const protocolFaults = (): fc.Arbitrary<ProtocolFault> =>
  fc
    .record({
      good: fc.array(
        fc.record({ kind: fc.constantFrom<"paid" | "health">("paid", "health"), n: fc.integer({ min: -1_000, max: 1_000 }) }),
        { maxLength: 3 },
      ),
      bad: fc.constantFrom<BadKind>("chunk_size", "both_lengths", "header_control", "header_size", "slow_body", "disconnect"),
      notHex: fc.string({ unit: fc.constantFrom(...NOT_HEX), minLength: 1, maxLength: 6 }),
      length: fc.integer({ min: 0, max: 99 }),
      control: fc.constantFrom(...CONTROL),
      pad: fc.integer({ min: PROTOCOL_LIMITS.maxHeaderBytes + 1, max: 4 * PROTOCOL_LIMITS.maxHeaderBytes }),
      gap: fc.integer({ min: 250, max: 600 }),
      partial: fc.string({ minLength: 0, maxLength: 40 }),
    })
    .map(({ good, bad, notHex, length, control, pad, gap, partial }) => ({
      good,
      bad,
      detail: {
        chunk_size: notHex,
        both_lengths: String(length),
        header_control: control,
        header_size: String(pad),
        slow_body: String(gap),
        disconnect: `{"state": ${JSON.stringify(partial)}`,
      }[bad],
    }));

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** The answers in `bytes`, each framed by its Content-Length; what is left over, if anything. */
function parseAnswers(bytes: Buffer): { answers: RawAnswer[]; rest: Buffer } {
  const answers: RawAnswer[] = [];
  let at = 0;
  for (;;) {
    const end = bytes.indexOf("\r\n\r\n", at);
    if (end < 0) break;
    const [statusLine, ...lines] = bytes.subarray(at, end).toString("latin1").split("\r\n");
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
    const length = Number(headers["content-length"]);
    if (!Number.isInteger(length) || bytes.length < end + 4 + length) break;
    const text = bytes.subarray(end + 4, end + 4 + length).toString("utf8");
    answers.push({ status: Number(statusLine!.split(" ")[1]), headers, body: text ? JSON.parse(text) : null });
    at = end + 4 + length;
  }
  return { answers, rest: bytes.subarray(at) };
}

/** Sends the fault on one connection and reads until the server closes it (or `closeAfterMs` passes, for a disconnect). */
export async function sendFault(
  url: string,
  f: ProtocolFault,
  key: string,
): Promise<{ answers: RawAnswer[]; rest: Buffer; closedBy: "server" | "client" }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => {});
  const received: Buffer[] = [];
  socket.on("data", (d: Buffer) => received.push(d));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(f.good.map((g) => goodRequest(g, key)).join(""));
  const { pieces, gapMs } = badRequest(f, key);
  for (const piece of pieces) {
    if (socket.destroyed) break;
    socket.write(piece);
    if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
  }
  if (f.bad === "disconnect") {
    // the good answers are read before the client goes: the body it started is never finished
    const wanted = f.good.length;
    const deadline = Date.now() + 30_000;
    while (parseAnswers(Buffer.concat(received)).answers.length < wanted && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    socket.destroy();
    await closed;
    return { ...parseAnswers(Buffer.concat(received)), closedBy: "client" };
  }
  await closed;
  return { ...parseAnswers(Buffer.concat(received)), closedBy: "server" };
}
