// The routes validate their bodies before the handler runs, and a refused body gets over HTTP
// exactly the problem the service itself gives for it (same status, entries, detail and bytes).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app.js";
import { unlimited } from "../../src/server/rate-limit.js";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import { problemBody } from "../../src/service/problems.js";
import { systemOne } from "../../src/service/systemone.js";
import { systemTwoModels } from "../../src/service/systemtwo.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { MODEL } from "../service/fake-compiler.js";
import { serviceDeps } from "../service/harness.js";
import { mutatedBody, notAnObject, type Operation } from "../service/request-bodies.js";

let app: FastifyInstance;
let deps: ServiceDeps;
let accountId: string;
const key = newApiKey();
let handled = 0;

beforeAll(async () => {
  ({ deps } = await serviceDeps());
  accountId = (await deps.ledger!.createAccount("acct", 1_000_000_000)).id;
  await deps.ledger!.addKey(accountId, hashApiKey(key), keyPrefix(key));
  app = buildApp({ service: deps, rateLimiter: unlimited(), bodyLimit: 1 << 20, version: "test" });
  // counts requests that got past validation to the handler's stage
  app.addHook("preHandler", async () => {
    handled++;
  });
  await app.ready();
});
afterAll(async () => app.close());

const ROUTES = {
  SystemOneRequest: { url: "/v1/systemone", run: systemOne },
  ModelsRequest: { url: "/v1/systemtwo/models", run: systemTwoModels },
} as const;

describe.each(Object.keys(ROUTES) as Operation[])("%s over HTTP", (op) => {
  const { url, run } = ROUTES[op];

  it("refuses a bad body at validation with the service's own problem", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          mutatedBody(op).map((m) => m.body),
          notAnObject,
        ),
        async (body) => {
          const before = handled;
          const payload = JSON.stringify(body);
          const res = await app.inject({
            method: "POST",
            url,
            headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
            payload,
          });
          const direct = await run({ body: JSON.parse(payload), inputTokens: 1, accountId, startedAt: 0 }, deps);
          expect(direct.ok).toBe(false);
          if (direct.ok) return;
          expect(res.statusCode).toBe(400);
          expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
          expect(res.body).toBe(JSON.stringify(problemBody(direct.problem, res.headers["x-request-id"] as string)));
          expect(handled).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("lets a valid body through to the handler", async () => {
    const before = handled;
    const body = op === "SystemOneRequest" ? { model: MODEL, state: { a: 1, b: 2 } } : { content: MODEL.content };
    const res = await app.inject({ method: "POST", url, headers: { authorization: `Bearer ${key}` }, payload: body });
    expect(res.statusCode).toBe(200);
    expect(handled).toBe(before + 1);
  });
});
