// The service documentation and the OpenAPI document name every error code the service can answer
// (the table may be padded into columns).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/service/problems.js";
import { openApiDocument } from "../../src/server/openapi.js";

const doc = readFileSync(new URL("../../docs/service.md", import.meta.url), "utf8");

describe("docs/service.md", () => {
  it.each(Object.entries(CATALOGUE))("documents %s with its status", (code, { status }) => {
    expect(doc).toMatch(new RegExp(`\\| +${status} +\\| +\`${code}\` +\\|`));
  });

  it("the OpenAPI document lists every code under its status", () => {
    const responses = (openApiDocument("t").paths as any)["/v1/systemone"].post.responses;
    for (const [code, { status }] of Object.entries(CATALOGUE)) {
      if (status === 404) continue;
      expect(responses[String(status)].description).toContain(`\`${code}\``);
    }
  });
});
