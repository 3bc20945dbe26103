// Running the service in production: request ids, one log line per request, metrics, readiness,
// 405 with Allow, details that say what to send, and a graceful shutdown that finishes what is in
// flight and leaves nothing reserved.
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import { buildApp } from "../../src/server/app.js";
import { instrumentLedger } from "../../src/server/observability/instrument.js";
import { createMetrics } from "../../src/server/observability/metrics.js";
import { memoryRateLimiter } from "../../src/server/rate-limit.js";
import { startServer } from "../../src/server/start.js";
import { DEFAULTS } from "../../src/server/start.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { MODEL } from "../service/fake-compiler.js";
import { serviceDeps } from "../service/harness.js";

const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _e, done) {
    for (const l of chunk.toString().split("\n")) if (l.trim()) lines.push(JSON.parse(l));
    done();
  },
});

let app: FastifyInstance;
let deps: ServiceDeps;
let key = "";
let readyFails: string | null = null;

beforeAll(async () => {
  ({ deps } = await serviceDeps());
  const metrics = createMetrics(deps.compiler);
  const { ledger } = instrumentLedger(deps.ledger!, metrics);
  deps = { ...deps, ledger };
  const account = await ledger.createAccount("ops", 5_000_000);
  key = newApiKey();
  await ledger.addKey(account.id, hashApiKey(key), keyPrefix(key));
  app = buildApp({
    service: deps,
    rateLimiter: memoryRateLimiter({ max: 1000, windowMs: 60_000 }),
    bodyLimit: 4096,
    version: "test",
    logLevel: "info",
    logStream,
    metrics,
    readiness: {
      ledger: async () => void (await ledger.schemaVersion()),
      redis: async () => {
        if (readyFails) throw new Error(readyFails);
      },
    },
  });
  await app.ready();
});
afterAll(async () => app.close());

const call = (headers: Record<string, string> = {}, payload: unknown = { model: MODEL, state: { a: 1, b: 2 } }) =>
  app.inject({
    method: "POST",
    url: "/v1/systemone",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}`, ...headers },
    payload: JSON.stringify(payload),
  });

describe("request ids", () => {
  it("a well-formed x-request-id is kept, returned in the header and in an error body", async () => {
    const ok = await call({ "x-request-id": "abc-123.x:y" });
    expect(ok.headers["x-request-id"]).toBe("abc-123.x:y");
    const bad = await call({ "x-request-id": "req-7" }, { state: 1, model: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().request_id).toBe("req-7");
  });

  it("anything else gets a fresh id, different for every request", async () => {
    const ids = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(undefined), fc.string({ minLength: 129, maxLength: 140 }), fc.constantFrom("a b", 'x"y', "é", "<script>")),
        async (given) => {
          const res = await app.inject({ method: "GET", url: "/healthz", headers: given === undefined ? {} : { "x-request-id": given } });
          const id = res.headers["x-request-id"] as string;
          expect(id).toMatch(/^[0-9a-f-]{36}$/);
          expect(ids.has(id)).toBe(false);
          ids.add(id);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("the request log", () => {
  it("writes one line per request: id, route, status, latency, cost and model hash, and nothing of the state or the key", async () => {
    lines.length = 0;
    const secret = 987654.321;
    const res = await call({ "x-request-id": "log-1" }, { model: MODEL, state: { a: secret, b: 2 } });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter((l) => l.reqId === "log-1");
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      route: "/v1/systemone",
      method: "POST",
      status: 200,
      cost_usd: res.json().billing.cost_usd,
      model_hash: expect.any(String),
    });
    expect(mine[0]!.latency_ms).toEqual(expect.any(Number));
    const text = JSON.stringify(lines);
    expect(text).not.toContain(String(secret));
    expect(text).not.toContain(key);
  });
});

describe("metrics", () => {
  it("count requests by route and status, and expose the compile cache and ledger", async () => {
    for (let i = 0; i < 3; i++) await app.inject({ method: "GET", url: "/healthz" });
    await call();
    const res = await app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const healthz = /pdm_http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)/.exec(res.body);
    expect(Number(healthz?.[1])).toBeGreaterThanOrEqual(3);
    expect(res.body).toMatch(/pdm_http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/v1\/systemone"\} \d+/);
    expect(res.body).toMatch(/pdm_compile_cache_entries \d+/);
    expect(res.body).toMatch(/pdm_ledger_operation_duration_seconds_count\{operation="findKeyByHash"\} [1-9]/);
    expect(res.body).toMatch(/pdm_reservations_held 0/);
  });
});

describe("liveness and readiness", () => {
  it("/readyz is 200 while its checks pass and 503 naming the one that fails", async () => {
    readyFails = null;
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", checks: { ledger: "ok", redis: "ok" } });
    readyFails = "connection refused";
    const not = await app.inject({ method: "GET", url: "/readyz" });
    expect(not.statusCode).toBe(503);
    expect(not.json()).toMatchObject({ code: "not_ready", detail: expect.stringContaining("redis: connection refused") });
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    readyFails = null;
  });
});

describe("wrong method, wrong media type, too large", () => {
  it("a known path with another method is 405 with Allow; an unknown path is 404", async () => {
    const get = await app.inject({ method: "GET", url: "/v1/systemone" });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe("POST");
    expect(get.json().code).toBe("method_not_allowed");
    const post = await app.inject({ method: "POST", url: "/healthz?x=1" });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    expect((await app.inject({ method: "DELETE", url: "/problems/invalid_request" })).headers.allow).toBe("GET, HEAD");
    const missing = await app.inject({ method: "GET", url: "/v2/nothing" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toContain("/openapi.json");
  });

  it("a body without a JSON content type is told which header to send", async () => {
    const res = await app.inject({ method: "POST", url: "/v1/systemone", headers: { authorization: `Bearer ${key}` }, payload: "{}" });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain("Content-Type: application/json");
  });

  it("a body over the limit is told the limit", async () => {
    const res = await call({}, { model: MODEL, state: { pad: "x".repeat(5000) } });
    expect(res.json()).toMatchObject({ code: "body_too_large", detail: expect.stringContaining("at most 4096 bytes") });
  });
});

describe("graceful shutdown", () => {
  it("a request in flight when the server is told to stop finishes; new ones are refused; nothing stays reserved", async () => {
    const dir = (await import("node:fs")).mkdtempSync(`${(await import("node:os")).tmpdir()}/pdm-stop-`);
    const server = await startServer({
      ...DEFAULTS,
      port: 0,
      location: { dbFile: `${dir}/pdm.db` },
      bootstrap: true,
      logLevel: "silent",
      limits: { ...DEFAULTS.limits, evaluationSteps: 50_000_000 },
    });
    const devKey = server.bootstrap!.key;
    // a model whose evaluation takes a while: a long `for` loop
    const slow = {
      content: {
        name: "slow",
        inputs: { n: { type: "number", desc: "n" } },
        decisions: { total: { type: "number", expr: "sum(for i in 1..n return i)" } },
      },
      questions: {},
    };
    const before = await server.ledger!.balance((await server.ledger!.findAccount("dev"))!.id);
    // told to stop once the request has reached the server (a fixed wait was at times too short on a loaded machine)
    const received = new Promise((resolve) => server.app.server.once("request", resolve));
    const inFlight = fetch(`${server.url}/v1/systemone`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${devKey}` },
      body: JSON.stringify({ model: slow, state: { n: 400_000 } }),
    });
    await received;
    const closing = server.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    const body = (await res.json()) as { receipt: { decisions: { total: { value: number } } }; billing: { cost_usd: number } };
    expect(body.receipt.decisions.total.value).toBe((400_000 * 400_001) / 2);
    await closing;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    const { openSqliteLedger } = await import("../../src/ledger/sqlite.js");
    const ledger = openSqliteLedger(`${dir}/pdm.db`);
    const after = await ledger.balance((await ledger.findAccount("dev"))!.id);
    expect(after.reserved).toBe(0);
    expect(before.balance - after.balance).toBe(Math.round(body.billing.cost_usd * 1e6));
    await ledger.close();
  });
});
