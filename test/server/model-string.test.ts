// A model sent as JSON text (`"model": "{...}"`) goes through the checks a body gets: a model
// nested too deep, or holding a lone surrogate, or over the size limit, answers exactly what the
// same model sent as an object answers (status, code, entries), never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app.js";
import { unlimited } from "../../src/server/rate-limit.js";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import { MAX_JSON_DEPTH } from "../../src/service/json-limits.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { MODEL } from "../service/fake-compiler.js";
import { serviceDeps } from "../service/harness.js";

let app: FastifyInstance;
let deps: ServiceDeps;
const key = newApiKey();

beforeAll(async () => {
  ({ deps } = await serviceDeps());
  const accountId = (await deps.ledger!.createAccount("acct", 1_000_000_000)).id;
  await deps.ledger!.addKey(accountId, hashApiKey(key), keyPrefix(key));
  app = buildApp({ service: deps, rateLimiter: unlimited(), bodyLimit: 4 << 20, version: "test" });
  await app.ready();
});
afterAll(async () => app.close());

async function post(body: string) {
  const res = await app.inject({
    method: "POST",
    url: "/v1/systemone",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

/** A fault put into the model's content: nesting `depth` deep, or a lone surrogate in a key or a string. */
const fault = fc.oneof(
  fc.integer({ min: MAX_JSON_DEPTH, max: 20_000 }).map((depth) => ({ placeholder: `${"[".repeat(depth)}1${"]".repeat(depth)}` })),
  fc.tuple(fc.string({ maxLength: 5 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.boolean()).map(([text, unit, inKey]) => {
    const lone = JSON.stringify(text + String.fromCharCode(unit));
    return { placeholder: inKey ? `{${lone}: 1}` : lone };
  }),
);

/** The model's JSON text with the fault in place of a value of its content. */
function modelText(placeholder: string): string {
  const marker = "@fault@";
  const model = { ...MODEL, content: { ...MODEL.content, note: marker } };
  // a function, not the text: a placeholder holding `$&` or `$1` is not a replacement pattern
  return JSON.stringify(model).replace(JSON.stringify(marker), () => placeholder);
}

describe("a model sent as a string", () => {
  it("answers what the same model as an object answers, for models nested too deep or holding a lone surrogate", async () => {
    await fc.assert(
      fc.asyncProperty(fault, fc.integer({ min: -5, max: 5 }), async ({ placeholder }, n) => {
        const text = modelText(placeholder);
        const state = JSON.stringify({ a: n, b: n });
        const asObject = await post(`{"model": ${text}, "state": ${state}}`);
        const asString = await post(JSON.stringify({ model: text, state: JSON.parse(state) }));
        expect(asObject.status).toBe(400);
        expect(asObject.body.code).toMatch(/^(json_too_deep|invalid_text)$/);
        expect({ status: asString.status, code: asString.body.code, errors: asString.body.errors }).toEqual({
          status: asObject.status,
          code: asObject.body.code,
          errors: asObject.body.errors,
        });
        expect(asString.body.errors[0].address).toMatch(/^body\.model\.content/);
      }),
      { numRuns: 40 },
    );
  });

  it("refuses a model text over the model size limit before parsing it (422 model_too_large)", async () => {
    const text = modelText(JSON.stringify("x".repeat(deps.limits.modelBytes)));
    const asString = await post(JSON.stringify({ model: text, state: { a: 1, b: 2 } }));
    expect(asString.status).toBe(422);
    expect(asString.body.code).toBe("model_too_large");
    expect(asString.body.detail).toContain(String(deps.limits.modelBytes));
  });
});
