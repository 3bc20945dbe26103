// Every method Node's HTTP parser lets through, on every route and on none, with or without a body
// and its Content-Type: the answer is never a server error, and any refusal is a problem document.
// (QUERY without a Content-Type was answered 500 internal_error: fastify refuses it, RFC 10008,
// with an error of its own that was not mapped.)
import { METHODS } from "node:http";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import { buildApp } from "../../src/server/app.js";
import { memoryRateLimiter } from "../../src/server/rate-limit.js";
import { ROUTES } from "../../src/server/routes/index.js";
import { serviceDeps } from "../service/harness.js";

let app: FastifyInstance;
let key = "";

beforeAll(async () => {
  const { deps } = await serviceDeps();
  const account = await deps.ledger!.createAccount("methods", 5_000_000);
  key = newApiKey();
  await deps.ledger!.addKey(account.id, hashApiKey(key), keyPrefix(key));
  app = buildApp({
    service: deps,
    rateLimiter: memoryRateLimiter({ max: 1_000_000, windowMs: 60_000 }),
    bodyLimit: 1024 * 1024,
    version: "test",
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

/** The paths the app serves, a parameter filled in, and one it does not. */
const PATHS = [...new Set(ROUTES.map((r) => r.url.replace(/:\w+/, "x")))].concat("/nowhere");
/** CONNECT takes a host, not a path: Node's parser refuses one with a path before the app sees it. */
const SENT = METHODS.filter((m) => m !== "CONNECT");

const request = fc.record({
  method: fc.constantFrom(...SENT),
  url: fc.constantFrom(...PATHS),
  contentType: fc.option(fc.constantFrom("application/json", "text/plain", "application/json; charset=utf-8"), { nil: undefined }),
  body: fc.option(fc.constantFrom("{}", '{"state": {}}', "not json"), { nil: undefined }),
  authorized: fc.boolean(),
});

describe("any method on any path", () => {
  it("is answered without a server error, a refusal as a problem document", async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ method, url, contentType, body, authorized }) => {
        const res = await app.inject({
          method: method as "GET",
          url,
          headers: { ...(contentType ? { "content-type": contentType } : {}), ...(authorized ? { authorization: `Bearer ${key}` } : {}) },
          ...(body === undefined ? {} : { payload: body }),
        });
        expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (res.statusCode >= 400 && method !== "HEAD") {
          expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
          expect(res.json()).toMatchObject({ status: res.statusCode, code: expect.any(String) });
        }
      }),
      { numRuns: 300 },
    );
  });

  it("answers QUERY with no Content-Type as a client's mistake", async () => {
    for (const url of PATHS) {
      const res = await app.inject({ method: "QUERY" as "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: "unsupported_media_type" });
      expect(res.json().detail).toMatch(/QUERY/);
    }
  });
});
