// An answer the client does not read: its connection is closed once the write timeout passes, and
// an answer that is read, however large, or that waits behind a slow pipelined one, is not cut.
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { timedResponse } from "../../src/server/write-timeout.js";

const TIMEOUT_MS = 200;
/** more than any system's socket buffers hold, so that it waits in the server's memory */
const HUGE = Buffer.alloc(64 * 1024 * 1024, "x");
const BIG = HUGE.subarray(0, 4 * 1024 * 1024);

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(null));
  server = undefined;
});

/** A server whose answers (the body `answer(path)` after `delayMs(path)`) are bounded by the write timeout; each of its connections' close is counted. */
async function start(writeTimeoutMs: number, answer: (path: string) => Buffer, delayMs: (path: string) => number = () => 0) {
  let closed = 0;
  server = createServer({ ServerResponse: timedResponse(writeTimeoutMs) }, (req, res) => {
    setTimeout(() => res.end(answer(req.url!)), delayMs(req.url!));
  });
  server.on("connection", (s: Socket) => s.on("close", () => closed++));
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return { port: (server.address() as AddressInfo).port, closed: () => closed };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: loopback\r\n\r\n`;
const until = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

describe("the write timeout", () => {
  it("closes a connection whose 64 MB answer is never read", async () => {
    const { port, closed } = await start(TIMEOUT_MS, () => HUGE);
    const client = connect(port, "127.0.0.1");
    client.on("error", () => {});
    client.pause();
    client.write(get("/"));
    await until(() => closed() === 1, 20 * TIMEOUT_MS);
    expect(closed()).toBe(1);
    client.destroy();
  });

  it("keeps a connection whose answers are read, one of them waiting behind a slow one", async () => {
    // the slow first answer takes three write timeouts to come; the second, ended at once, waits for
    // it; the third is 4 MB, read as it comes (within a second on a loaded machine)
    const timeoutMs = 2_000;
    const { port, closed } = await start(
      timeoutMs,
      (path) => (path === "/big" ? BIG : Buffer.from(path)),
      (path) => (path === "/slow" ? 3 * timeoutMs : 0),
    );
    const client = connect(port, "127.0.0.1");
    client.on("error", () => {});
    let bytes = 0;
    client.on("data", (d: Buffer) => (bytes += d.length));
    client.write(get("/slow") + get("/quick") + get("/big"));
    await until(() => bytes >= BIG.length, 30_000);
    expect(bytes).toBeGreaterThan(BIG.length);
    expect(closed()).toBe(0);
    client.destroy();
  });

  it("is off at 0", async () => {
    const { port, closed } = await start(0, () => HUGE);
    const client = connect(port, "127.0.0.1");
    client.on("error", () => {});
    client.pause();
    client.write(get("/"));
    await new Promise((r) => setTimeout(r, 5 * TIMEOUT_MS));
    expect(closed()).toBe(0);
    client.destroy();
  });
});
