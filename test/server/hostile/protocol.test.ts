// Generated protocol faults (protocol-faults.ts) against the real server, on raw loopback
// sockets, each beside a /healthz poller: the good requests pipelined before a fault are answered
// in full and in order, the fault gets the problem details of the catalogue (never fastify's own
// `{"error": ...}`), the connection is closed, and the server keeps answering. Afterwards the
// ledger reconciles: each account was charged exactly what the answers it received say, and
// nothing is left reserved.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE, type ProblemCode } from "../../../src/service/problems.js";
import { cli, lastLine, makeStore, startServer, type Server, type Store } from "../spawn.js";
import {
  EXPECTED,
  PROTOCOL_ARGS,
  PROTOCOL_LIMITS,
  protocolFaults,
  sendFault,
  type ProtocolFault,
  type RawAnswer,
} from "./protocol-faults.js";
import { readAccounts, receiptMicros, whilePolling } from "./traffic.js";

const HEALTH_MS = 1_000;
const RANDOM_FAULTS = 24;

const store: Store = makeStore("sqlite");
let server: Server;
let key = "";
let charged = 0;

beforeAll(async () => {
  server = await startServer(store, ["--log-level", "silent", ...PROTOCOL_ARGS]);
  expect((await cli(store, ["accounts", "create", "--name", "faults", "--balance", "20"])).code).toBe(0);
  key = lastLine((await cli(store, ["keys", "create", "--account", "faults"])).stdout);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await store.dispose();
});

function expectProblem(answer: RawAnswer | undefined, expected: { status: number; code: string }): void {
  expect(answer, "the fault's answer").toBeDefined();
  expect(answer!.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(answer!.headers.connection).toBe("close");
  expect(answer!.body).toMatchObject({
    type: `/problems/${expected.code}`,
    title: CATALOGUE[expected.code as ProblemCode].title,
    status: expected.status,
    code: expected.code,
    errors: [],
  });
  expect(answer!.status).toBe(expected.status);
  expect(answer!.body.detail).toMatch(/; send /);
  expect(answer!.body.request_id).toEqual(expect.any(String));
}

/** Sends the fault beside a /healthz poller and checks every answer; returns the micro-dollars the answers say were charged. */
async function check(fault: ProtocolFault): Promise<number> {
  const { result, slowestMs, failed, polls } = await whilePolling(server.url, () => sendFault(server.url, fault, key));
  const expected = EXPECTED[fault.bad];
  expect(result.answers).toHaveLength(fault.good.length + (expected ? 1 : 0));
  let micros = 0;
  fault.good.forEach((g, i) => {
    const answer = result.answers[i]!;
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    if (g.kind === "health") expect(answer.body.status).toBe("ok");
    else expect(answer.body.answers.twice.value).toBe(2 * g.n);
    micros += receiptMicros(answer);
  });
  if (expected) {
    expectProblem(result.answers[fault.good.length], expected);
    expect(result.closedBy).toBe("server");
  }
  expect(result.rest.length, "bytes after the last whole answer").toBe(0);
  expect(polls).toBeGreaterThan(0);
  expect(failed, "/healthz polls that failed").toBe(0);
  expect(slowestMs).toBeLessThan(HEALTH_MS);
  return micros;
}

describe("protocol faults", () => {
  const cases: [string, ProtocolFault][] = [
    ["a chunk size that is not hexadecimal", { good: [], bad: "chunk_size", detail: "zz" }],
    ["Content-Length with Transfer-Encoding", { good: [], bad: "both_lengths", detail: "3" }],
    ["a NUL in a header", { good: [], bad: "header_control", detail: "\0" }],
    ["headers over the limit (431)", { good: [], bad: "header_size", detail: String(2 * PROTOCOL_LIMITS.maxHeaderBytes) }],
    ["a body sent a byte every 500 ms (408)", { good: [], bad: "slow_body", detail: "500" }],
    [
      "a paid call and /healthz pipelined before a malformed request: both answered, then the problem",
      {
        good: [
          { kind: "paid", n: 21 },
          { kind: "health", n: 0 },
        ],
        bad: "chunk_size",
        detail: "x",
      },
    ],
  ];
  for (const [name, fault] of cases) it(name, { timeout: 30_000 }, async () => void (charged += await check(fault)));

  it("answers generated faults, the server staying responsive", { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(protocolFaults(), async (fault) => {
        charged += await check(fault);
      }),
      { numRuns: RANDOM_FAULTS, endOnFailure: true },
    );
  });

  it("reconciles the ledger: charged exactly what the delivered answers say, nothing reserved", async () => {
    const [account] = await readAccounts(store.args[1]!, ["faults"]);
    expect(charged).toBeGreaterThan(0);
    expect(account!.reserved).toBe(0);
    expect(account!.statement).toBe(charged);
    expect(account!.balance).toBe(account!.opening - account!.statement);
  });
});
