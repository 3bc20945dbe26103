// GET /docs renders the OpenAPI document and the problem catalogue: every route and every problem
// code is on the page, and text from the documents is escaped, never markup.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app.js";
import { unlimited } from "../../src/server/rate-limit.js";
import { docsPage } from "../../src/server/routes/docs-page.js";
import { CATALOGUE } from "../../src/service/problems.js";
import { serviceDeps } from "../service/harness.js";

let app: FastifyInstance;
beforeAll(async () => {
  const { deps } = await serviceDeps({ real: true });
  app = buildApp({ service: deps, rateLimiter: unlimited(), bodyLimit: 1 << 20, version: "test" });
  await app.ready();
});
afterAll(async () => app.close());

describe("GET /docs", () => {
  it("lists every documented route and every problem code", async () => {
    const res = await app.inject({ method: "GET", url: "/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const openapi = (await app.inject({ method: "GET", url: "/openapi.json" })).json() as { paths: Record<string, object> };
    const paths = Object.keys(openapi.paths);
    expect(paths).toContain("/docs");
    for (const path of paths) expect(res.body).toContain(`<code>${path}</code>`);
    for (const code of Object.keys(CATALOGUE)) expect(res.body).toContain(`href="/problems/${code}"`);
  });

  it("escapes what the documents say", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (summary, path) => {
        const page = docsPage({ info: { title: "t" }, paths: { [`/x${path}`]: { get: { summary, responses: {} } } } });
        const body = page.slice(page.indexOf("<tbody>"), page.indexOf("</tbody>"));
        // whatever the text, the rows hold no tag but the table's own
        const tags = body.match(/<\/?([a-z]+)/g)?.map((t) => t.replace(/[</]/g, "")) ?? [];
        expect(new Set(tags)).toEqual(new Set(["tbody", "tr", "td", "code"]));
      }),
      { numRuns: 200 },
    );
  });
});
