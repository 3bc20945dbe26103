// The HTTP layer in-process (fastify inject) over the fake compiler: statuses, problem bodies,
// authentication, rate limiting, and the public documents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app.js";
import { memoryRateLimiter } from "../../src/server/rate-limit.js";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import { CATALOGUE } from "../../src/service/problems.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { MODEL } from "../service/fake-compiler.js";
import { serviceDeps } from "../service/harness.js";

let app: FastifyInstance;
let deps: ServiceDeps;
const keys: Record<string, string> = {};

beforeAll(async () => {
  ({ deps } = await serviceDeps());
  const ledger = deps.ledger!;
  const rich = await ledger.createAccount("rich", 5_000_000);
  const off = await ledger.createAccount("off", 5_000_000);
  const poor = await ledger.createAccount("poor", 3);
  const limited = await ledger.createAccount("limited", 5_000_000);
  let limitedKeyId = "";
  for (const [name, id] of [
    ["rich", rich.id],
    ["revoked", rich.id],
    ["off", off.id],
    ["poor", poor.id],
    ["limited", limited.id],
  ] as const) {
    keys[name] = newApiKey();
    const rec = await ledger.addKey(id, hashApiKey(keys[name]!), keyPrefix(keys[name]!));
    if (name === "limited") limitedKeyId = rec.id;
  }
  await ledger.revokeKey({ hash: hashApiKey(keys.revoked!) });
  await ledger.setDisabled(off.id, true);
  // The "limited" key may make 3 requests per window; every other key 1000.
  const small = memoryRateLimiter({ max: 3, windowMs: 3_600_000 });
  const large = memoryRateLimiter({ max: 1000, windowMs: 3_600_000 });
  const rateLimiter = { hit: (id: string) => (id === `key:${limitedKeyId}` ? small : large).hit(id), close: async () => {} };
  app = buildApp({ service: deps, rateLimiter, bodyLimit: 4096, version: "test" });
  await app.ready();
});
afterAll(async () => app.close());

const post = (url: string, key: string | null, payload: unknown, contentType = "application/json") =>
  app.inject({
    method: "POST",
    url,
    headers: { "content-type": contentType, ...(key ? { authorization: `Bearer ${key}` } : {}) },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });

function expectProblem(res: Awaited<ReturnType<typeof post>>, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toMatchObject({ type: `/problems/${code}`, status, code, title: expect.any(String), detail: expect.any(String) });
  expect(Array.isArray(body.errors)).toBe(true);
  return body;
}

describe("HTTP layer", () => {
  it("answers 200 with the full response for a valid call", async () => {
    const res = await post("/v1/systemone", keys.rich!, { model: MODEL, state: { a: 1, b: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json().receipt.decisions.risk).toEqual({ value: "low", rule: 2 });
  });

  it("401 without a key or with an unknown key, with WWW-Authenticate", async () => {
    expectProblem(await post("/v1/systemone", null, { model: MODEL, state: {} }), 401, "missing_api_key");
    const unknown = await post("/v1/systemone", newApiKey(), { model: MODEL, state: {} });
    expectProblem(unknown, 401, "invalid_api_key");
    expect(unknown.headers["www-authenticate"]).toMatch(/^Bearer/);
    const basic = await app.inject({ method: "POST", url: "/v1/systemone", headers: { authorization: "Basic abc" }, payload: {} });
    expectProblem(basic, 401, "missing_api_key");
  });

  it("403 for a revoked key or a disabled account", async () => {
    expectProblem(await post("/v1/systemone", keys.revoked!, { model: MODEL, state: {} }), 403, "api_key_revoked");
    expectProblem(await post("/v1/systemtwo/models", keys.off!, { content: {} }), 403, "account_disabled");
  });

  it("authenticates before reading the body", async () => {
    expectProblem(await post("/v1/systemone", null, "{not json"), 401, "missing_api_key");
  });

  it("400 for malformed JSON, a non-JSON media type, an empty body and an oversized body", async () => {
    const bad = expectProblem(await post("/v1/systemone", keys.rich!, '{"state": '), 400, "malformed_json");
    expect(bad.detail).toMatch(/JSON/);
    expectProblem(await post("/v1/systemone", keys.rich!, "state=1", "text/plain"), 400, "unsupported_media_type");
    expectProblem(await post("/v1/systemone", keys.rich!, ""), 400, "malformed_json");
    const big = { model: MODEL, state: { a: 1, b: 1, pad: "x".repeat(5000) } };
    expectProblem(await post("/v1/systemone", keys.rich!, big), 400, "body_too_large");
  });

  it("402 when the balance cannot cover the reservation", async () => {
    const body = expectProblem(
      await post("/v1/systemone", keys.poor!, { model: MODEL, state: { a: 1, b: 1 } }),
      402,
      "insufficient_balance",
    );
    expect(body.detail).toMatch(/0\.000003 USD is available/);
  });

  it("422 with model addresses for an invalid model", async () => {
    const res = await post("/v1/systemone", keys.rich!, { model: { content: { inputs: {} }, questions: {} }, state: {} });
    expect(expectProblem(res, 422, "invalid_model").errors[0]).toEqual({
      address: "name",
      code: "schema.required",
      message: "name is required",
    });
  });

  it("checks a portable model sent as model {content, questions} for free (the route's schema takes the object)", async () => {
    const res = await post("/v1/systemtwo/models", keys.rich!, { model: { content: MODEL.content, questions: MODEL.questions } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, input: { required: ["a", "b"] } });
    expect(expectProblem(await post("/v1/systemtwo/models", keys.rich!, { model: { inputs: {} } }), 400, "invalid_request").errors).toEqual(
      [{ address: "body.model.content", code: "request.missing", message: "content is required" }],
    );
  });

  it("502 with how to configure one when a prompt needs a language model and none is configured", async () => {
    for (const body of [{ prompt: "make a model" }, { files: [{ name: "policy.md", type: "text/markdown", data: "IyBQb2xpY3k=" }] }]) {
      const problem = expectProblem(await post("/v1/systemtwo/models", keys.rich!, body), 502, "provider_unavailable");
      expect(problem.detail).toMatch(/PDM_OPENAI_BASE_URL/);
      expect(problem.detail).toMatch(/PDM_ANTHROPIC_API_KEY/);
    }
  });

  it("429 per key after the limit, with Retry-After and RateLimit headers; other keys unaffected", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post("/v1/systemtwo/models", keys.limited!, { content: MODEL.content });
      statuses.push(res.statusCode);
      if (i === 0) expect(res.headers["ratelimit-remaining"]).toBe("2");
      if (i === 3) {
        expectProblem(res, 429, "rate_limited");
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("404 problem for unknown routes", async () => {
    expectProblem(await app.inject({ method: "GET", url: "/v2/nothing" }), 404, "not_found");
  });

  it("publishes the receipt key set, health, problem types and the OpenAPI document", async () => {
    const jwks = (await app.inject({ method: "GET", url: "/v1/keys" })).json();
    expect(jwks.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig", kid: expect.any(String) });
    expect(jwks.keys[0].d).toBeUndefined();
    expect((await app.inject({ method: "GET", url: "/healthz" })).json()).toMatchObject({ status: "ok", ledger: "sqlite" });
    expect((await app.inject({ method: "GET", url: "/problems/insufficient_balance" })).json()).toMatchObject({ status: 402 });
    const doc = (await app.inject({ method: "GET", url: "/openapi.json" })).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/systemone", "/v1/systemtwo/models", "/v1/keys", "/healthz"]));
    const responses = doc.paths["/v1/systemone"].post.responses;
    for (const status of ["200", "400", "401", "402", "403", "422", "429", "502", "504"]) expect(responses[status]).toBeDefined();
    expect(doc.components.schemas.Problem.properties.code.enum).toEqual(Object.keys(CATALOGUE));
  });
});
