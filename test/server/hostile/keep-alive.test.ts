// An idle kept-alive connection is closed after --keep-alive-timeout, and 0 closes it once its
// answers are written: fastify took 0 for its default, so `--keep-alive-timeout 0` kept every idle
// connection 72 s. Each connection here sends 1–3 pipelined /healthz, reads every answer, then
// waits for the server to close it.
import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStore, startServer, type Server, type Store } from "../spawn.js";

/** Far below the 72 s the server held the connection, and far above the moment it closes it now. */
const CLOSED_WITHIN_MS = 10_000;

const store: Store = makeStore("sqlite");
let server: Server;

beforeAll(async () => {
  server = await startServer(store, ["--log-level", "silent", "--keep-alive-timeout", "0"]);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await store.dispose();
});

/** The answers' status lines, and whether the server closed the connection before the deadline. */
function idleAfter(url: string, requests: number): Promise<{ answers: number; closedByServer: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = "";
    const done = (closedByServer: boolean) => {
      clearTimeout(deadline);
      socket.destroy();
      resolve({ answers: text.split("HTTP/1.1 200").length - 1, closedByServer });
    };
    const deadline = setTimeout(() => done(false), CLOSED_WITHIN_MS);
    socket.on("data", (d: Buffer) => (text += d.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => done(true));
    socket.on("connect", () => socket.write("GET /healthz HTTP/1.1\r\nHost: loopback\r\n\r\n".repeat(requests)));
  });
}

describe("--keep-alive-timeout 0", () => {
  it("closes a connection once its answers are written", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), async (requests) => {
        const { answers, closedByServer } = await idleAfter(server.url, requests);
        expect(answers).toBe(requests);
        expect(closedByServer).toBe(true);
      }),
      { numRuns: 5 },
    );
  });
});
