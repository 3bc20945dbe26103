// Connection-level attacks (connections.ts) against the real server on raw loopback sockets,
// each beside a /healthz poller: each gets its answers (a catalogue problem for what the server
// refuses, never a bare status), fifty pipelined calls are answered in order, and hundreds of
// idle connections neither stop /healthz nor stay open past the headers timeout, and a connection
// whose answers are not read is closed after the write timeout, not held with its megabytes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE, type ProblemCode } from "../../../src/service/problems.js";
import { cli, lastLine, makeStore, startServer, type Server, type Store } from "../spawn.js";
import { EXCHANGES, exchange, healthFrom, idleConnections, PIPELINED, unreadAnswers } from "./connections.js";
import { PROTOCOL_ARGS, PROTOCOL_LIMITS } from "./protocol-faults.js";
import { whilePolling } from "./traffic.js";

const store: Store = makeStore("sqlite");
let server: Server;
let key = "";

beforeAll(async () => {
  server = await startServer(store, ["--log-level", "silent", "--rate-limit", "0", ...PROTOCOL_ARGS]);
  expect((await cli(store, ["accounts", "create", "--name", "conn", "--balance", "20"])).code).toBe(0);
  key = lastLine((await cli(store, ["keys", "create", "--account", "conn"])).stdout);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await store.dispose();
});

describe("connection-level attacks", () => {
  for (const x of EXCHANGES) {
    it(x.name, { timeout: 120_000 }, async () => {
      const { result: answers, failed, polls } = await whilePolling(server.url, () => exchange(server.url, x, key));
      expect(answers.map((a) => a.status)).toHaveLength(x.expected.length);
      answers.forEach((a, i) => {
        const want = x.expected[i]!;
        expect(want.status).toContain(a.status);
        if (a.status !== 200) {
          expect(a.body?.code, JSON.stringify(a.body)).toBeOneOf(want.code!);
          expect(a.status).toBe(CATALOGUE[a.body.code as ProblemCode].status);
          expect(a.body.detail).toEqual(expect.any(String));
        }
      });
      if (x.name.includes("pipelined"))
        expect(answers.map((a) => a.body.answers.twice.value)).toEqual(Array.from({ length: PIPELINED }, (_, i) => 2 * i));
      expect(polls).toBeGreaterThan(0);
      expect(failed).toBe(0);
    });
  }

  it("keeps answering /healthz beside 300 idle connections, and closes them after the headers timeout", { timeout: 60_000 }, async () => {
    const { sockets, closedByServer } = await idleConnections(server.url, 300);
    try {
      // from another address: past the 256 one address may hold, this one's are closed at once
      expect(await healthFrom(server.url, "127.0.0.2")).toBe(200);
      const deadline = Date.now() + 20 * PROTOCOL_LIMITS.requestTimeoutMs;
      while (closedByServer() < sockets.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(closedByServer()).toBe(sockets.length);
    } finally {
      for (const s of sockets) s.destroy();
    }
  });

  it(
    "closes a connection whose 120 pipelined GET /openapi.json (6 MB) are not read within the write timeout",
    { timeout: 60_000 },
    async () => {
      const { result, failed } = await whilePolling(server.url, () =>
        unreadAnswers(server.url, "/openapi.json", 120, 3 * PROTOCOL_LIMITS.writeTimeoutMs),
      );
      expect(result.closed).toBe(true);
      expect(result.answers).toBeLessThan(120);
      expect(failed).toBe(0);
    },
  );
});
