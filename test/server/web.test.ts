// The playground's routes over HTTP (fastify inject): the built page with its content types and
// policy, a 404 that says how to build it when it is missing, the model schema, the workspace of a
// model file (its cases read from cases/ beside it, an unreadable one named), and saving, which
// writes the one file only for the page on loopback.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app.js";
import { unlimited } from "../../src/server/rate-limit.js";
import type { Workspace } from "../../src/server/routes/web.js";
import { modelSchemaDocument } from "../../src/service/schemas/model-document.js";
import { fileWorkspace, samplesWorkspace } from "../../src/cli/workspace.js";
import { loadSamples } from "../../bench/load-samples.js";
import { serviceDeps } from "../service/harness.js";

const ROOT = join(import.meta.dirname, "../..");
const tmp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** A built page: index.html and hashed assets of each kind served. */
function page(): { root: string; files: Record<string, { body: string; type: RegExp }> } {
  const root = tmp("pdm-web-");
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>t</title>");
  const files = {
    "index-a1.js": { body: "console.log(1)", type: /^text\/javascript/ },
    "index-b2.css": { body: "body{}", type: /^text\/css/ },
    "logo-c3.svg": { body: "<svg/>", type: /^image\/svg\+xml/ },
  };
  for (const [name, f] of Object.entries(files)) writeFileSync(join(root, "assets", name), f.body);
  return { root, files };
}

async function app(web: { root?: string; workspace?: Workspace }, noLedger = true): Promise<FastifyInstance> {
  const { deps } = await serviceDeps({ real: true, noLedger });
  const a = buildApp({ service: deps, rateLimiter: unlimited(), bodyLimit: 1 << 20, version: "test", web });
  await a.ready();
  return a;
}

describe("the playground routes", () => {
  const built = page();
  const dir = tmp("pdm-ws-");
  const file = join(dir, "model.json");
  const lending = loadSamples().find((s) => s.name === "lending")!;
  let served: FastifyInstance;
  beforeAll(async () => {
    writeFileSync(file, readFileSync(join(ROOT, "samples/lending/model.json"), "utf8"));
    mkdirSync(join(dir, "cases"));
    lending.cases.forEach((c) =>
      writeFileSync(join(dir, "cases", `${c.name}.json`), JSON.stringify({ state: c.state, expect: c.expected })),
    );
    served = await app({ root: built.root, workspace: fileWorkspace(file) });
  });
  afterAll(() => served.close());

  it("serves the page at / and /playground with a policy that allows only this origin", async () => {
    for (const url of ["/", "/playground"]) {
      const r = await served.inject({ method: "GET", url });
      expect(r.statusCode).toBe(200);
      expect(r.headers["content-type"]).toMatch(/^text\/html/);
      expect(r.body).toBe(readFileSync(join(built.root, "index.html"), "utf8"));
      expect(r.headers["content-security-policy"]).toMatch(/default-src 'self'; connect-src 'self'/);
    }
  });

  it("serves each asset with its content type, and 404 for a name not in the page", async () => {
    for (const [name, f] of Object.entries(built.files)) {
      const r = await served.inject({ method: "GET", url: `/assets/${name}` });
      expect(r.statusCode).toBe(200);
      expect(r.headers["content-type"]).toMatch(f.type);
      expect(r.body).toBe(f.body);
    }
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[\w.-]{1,20}$/), async (name) => {
        // `.` and `..` are path steps, not names
        fc.pre(!Object.hasOwn(built.files, name) && name !== "." && name !== "..");
        const r = await served.inject({ method: "GET", url: `/assets/${name}` });
        expect(r.statusCode).toBe(404);
        expect(r.json().code).toBe("not_found");
      }),
      { numRuns: 50 },
    );
    expect((await served.inject({ method: "GET", url: "/assets/..%2findex.html" })).statusCode).toBe(404);
  });

  it("answers 404 saying how to build the page when it was not built", async () => {
    const bare = await app({});
    const r = await bare.inject({ method: "GET", url: "/" });
    expect(r.statusCode).toBe(404);
    expect(r.json().detail).toContain("npm run build");
    await bare.close();
  });

  it("serves the model format's JSON Schema", async () => {
    const r = await served.inject({ method: "GET", url: "/schemas/model.json" });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(modelSchemaDocument());
  });

  it("gives the model file as written with the cases beside it, keyless without a ledger", async () => {
    const ws = (await served.inject({ method: "GET", url: "/playground/workspace" })).json();
    expect(ws).toMatchObject({ mode: "file", keyless: true });
    expect(ws.models).toHaveLength(1);
    expect(ws.models[0].text).toBe(readFileSync(file, "utf8"));
    expect(ws.models[0].cases.map((c: { name: string }) => c.name)).toEqual(lending.cases.map((c) => `${c.name}.json`));
    expect(ws.models[0].cases[0]).toMatchObject({ state: lending.cases[0]!.state, expect: lending.cases[0]!.expected });
    const metered = await app({ workspace: fileWorkspace(file) }, false);
    expect((await metered.inject({ method: "GET", url: "/playground/workspace" })).json().keyless).toBe(false);
    await metered.close();
  });

  it("names a case file it cannot read instead of failing the workspace", async () => {
    const other = tmp("pdm-ws-bad-");
    writeFileSync(join(other, "model.json"), "{}");
    mkdirSync(join(other, "cases"));
    writeFileSync(join(other, "cases", "broken.json"), "{not json");
    const [m] = await fileWorkspace(join(other, "model.json")).models();
    expect(m!.cases).toEqual([]);
    expect(m!.casesError).toContain("broken.json");
  });

  it("lists the samples with their cases under pdm serve, and saves nothing there", async () => {
    const models = await samplesWorkspace(join(ROOT, "samples")).models();
    expect(models.map((m) => m.name)).toEqual(["broken", ...loadSamples().map((s) => s.name)].sort());
    for (const s of loadSamples()) expect(models.find((m) => m.name === s.name)!.cases).toHaveLength(s.cases.length);
    const samplesApp = await app({ workspace: samplesWorkspace(join(ROOT, "samples")) });
    const r = await samplesApp.inject({
      method: "POST",
      url: "/playground/save",
      headers: { host: "127.0.0.1" },
      payload: { name: "lending", text: "{}" },
    });
    expect(r.statusCode).toBe(404);
    await samplesApp.close();
  });

  describe("saving", () => {
    const save = (body: unknown, headers: Record<string, string> = { host: "127.0.0.1:8090" }) =>
      served.inject({
        method: "POST",
        url: "/playground/save",
        headers: { "content-type": "application/json", ...headers },
        payload: JSON.stringify(body),
      });

    it("writes the file for the page on loopback", async () => {
      const text = JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), questions: {} }, null, 2);
      for (const host of ["127.0.0.1:8090", "localhost:8090", "[::1]:8090"]) {
        const r = await save({ name: "model.json", text }, { host, origin: `http://${host}` });
        expect(r.json()).toEqual({ saved: "model.json" });
        expect(readFileSync(file, "utf8")).toBe(`${text}\n`);
      }
    });

    it("refuses a page of another name or origin, text that is not JSON, and another file name", async () => {
      const before = readFileSync(file, "utf8");
      const text = "{}";
      expect((await save({ name: "model.json", text }, { host: "evil.example:8090" })).statusCode).toBe(404);
      expect((await save({ name: "model.json", text }, { host: "127.0.0.1:8090", origin: "http://evil.example" })).statusCode).toBe(404);
      const bad = await save({ name: "model.json", text: "{oops" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe("malformed_json");
      expect((await save({ name: "../elsewhere.json", text })).statusCode).toBe(404);
      expect(readFileSync(file, "utf8")).toBe(before);
    });
  });
});
