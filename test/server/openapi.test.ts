// The OpenAPI document against the app that serves it: every route fastify holds is documented
// with the schemas it validates with, the document is sound OpenAPI 3.1 (references resolve,
// schemas compile under ajv's strict draft 2020-12), what the app answers matches the documented
// response of its status, and answers are sent as the handlers build them.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance, RouteOptions } from "fastify";
import { Ajv2020 } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { buildApp } from "../../src/server/app.js";
import { openApiDocument, openApiPath } from "../../src/server/openapi.js";
import { unlimited } from "../../src/server/rate-limit.js";
import type { RouteSchema } from "../../src/server/routes/route-spec.js";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { serviceDeps } from "../service/harness.js";

type Json = any;
const sample = (path: string) => JSON.parse(readFileSync(new URL(`../../samples/${path}`, import.meta.url), "utf8"));
const LENDING = sample("lending/model.json");
const STATE = sample("lending/cases/prime-salaried.json").state;

let app: FastifyInstance;
let deps: ServiceDeps;
let doc: Json;
const key = newApiKey();
const registered: RouteOptions[] = [];

beforeAll(async () => {
  ({ deps } = await serviceDeps({ real: true }));
  const account = await deps.ledger!.createAccount("acct", 1_000_000_000);
  await deps.ledger!.addKey(account.id, hashApiKey(key), keyPrefix(key));
  app = buildApp({ service: deps, rateLimiter: unlimited(), bodyLimit: 1 << 20, version: "test" });
  app.addHook("onRoute", (route) => void registered.push(route));
  await app.ready();
  doc = (await app.inject({ method: "GET", url: "/openapi.json" })).json();
});
afterAll(async () => app.close());

/** The value a local reference (`#/a/b`) points to in the document. */
function pointer(ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<any>((at, s) => (at === undefined ? undefined : at[s]), doc);
}
const deref = (schema: Json) => (schema && typeof schema.$ref === "string" ? pointer(schema.$ref) : schema);

const operations = (): [string, string, Json][] =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => [path, method, op] as [string, string, Json]),
  );

/** ajv, strict, with the document's components reachable as `#/components/schemas/...`. */
function strictAjv() {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  for (const [name, format] of Object.entries(fullFormats)) ajv.addFormat(name, format);
  ajv.addKeyword({ keyword: "components", schemaType: "object" });
  ajv.addSchema({ $id: "urn:test:openapi", components: doc.components });
  return ajv;
}
/** An inline schema with its references made absolute, so ajv resolves them in the components. */
const anchored = (schema: Json): Json => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"urn:test:openapi#/components/'));

describe("the OpenAPI document", () => {
  it("is what openApiDocument builds, served as JSON", () => {
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument("test"))));
  });

  it("documents every route the app registered, with the schemas the route validates with", () => {
    // the tree fastify prints: a node's path goes on from its parent's (under the root `/`, without its slash)
    const parents: string[] = [];
    const printed = app
      .printRoutes({ commonPrefix: false })
      .split("\n")
      .flatMap((line) => {
        const m = /^([\s│├└─]*)(\S+) \(([^)]+)\)/.exec(line);
        if (!m) return [];
        const depth = m[1]!.length / 4;
        const parent = parents[depth - 1] ?? "";
        const path = parent === "/" && !m[2]!.startsWith("/") ? `/${m[2]}` : `${parent}${m[2]}`;
        parents[depth] = path;
        return m[3]!.split(", ").map((method) => `${method} ${path}`);
      });
    const seen = registered.flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`));
    expect(new Set(printed)).toEqual(new Set(seen));
    expect(seen.length).toBeGreaterThanOrEqual(6);

    for (const route of registered) {
      for (const method of [route.method].flat()) {
        // fastify answers HEAD for every GET route by itself
        if (method === "HEAD" && seen.includes(`GET ${route.url}`)) continue;
        const where = `${method} ${route.url}`;
        const op = doc.paths[openApiPath(route.url)]?.[method.toLowerCase()];
        expect(op, `${where} is not in the document`).toBeDefined();
        const schema = route.schema as RouteSchema | undefined;
        expect(schema, `${where} declares no schema`).toBeDefined();
        if (!schema) continue;
        expect(op.summary).toBe(schema.summary);
        expect(op.security).toEqual(schema.security);
        if (schema.body) expect(deref(op.requestBody.content["application/json"].schema), where).toEqual(schema.body);
        else expect(op.requestBody, where).toBeUndefined();
        const placeholders = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
        expect(
          (op.parameters ?? []).map((p: Json) => p.name),
          where,
        ).toEqual(placeholders);
        for (const p of op.parameters ?? []) {
          expect(p).toMatchObject({ in: "path", required: true });
          expect(p.schema).toEqual((schema.params!.properties as Json)[p.name]);
        }
        expect(Object.keys(op.responses), where).toEqual(Object.keys(schema.response));
        for (const [status, declared] of Object.entries(schema.response)) {
          expect(op.responses[status].description).toBe(declared.description);
          for (const [media, { schema: s }] of Object.entries(declared.content ?? {})) {
            expect(deref(op.responses[status].content[media].schema), `${where} ${status} ${media}`).toEqual(s);
          }
        }
      }
    }
    for (const [path, method] of operations()) {
      const url = path.replace(/\{(\w+)\}/g, ":$1");
      expect(seen, `${method} ${path} is documented but not served`).toContain(`${method.toUpperCase()} ${url}`);
    }
  });

  it("resolves every $ref", () => {
    const refs: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") {
        for (const [k, x] of Object.entries(v)) if (k === "$ref") refs.push(x as string);
        Object.values(v).forEach(walk);
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\//);
      expect(pointer(ref), ref).toBeDefined();
    }
  });

  it("has the structure of OpenAPI 3.1, and every schema compiles under ajv's strict draft 2020-12", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: expect.any(String), version: "test" });
    const ajv = strictAjv();
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(ajv.validateSchema(schema as Json), `${name}: ${JSON.stringify(ajv.errors)}`).toBe(true);
      expect(() => ajv.getSchema(`urn:test:openapi#/components/schemas/${name}`), name).not.toThrow();
    }
    const inline: [string, Json][] = [];
    for (const [path, method, op] of operations()) {
      const where = `${method} ${path}`;
      expect(path).toMatch(/^\//);
      expect(["get", "put", "post", "delete", "options", "head", "patch", "trace"]).toContain(method);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(
        (op.parameters ?? []).filter((p: Json) => p.in === "path").map((p: Json) => p.name),
        where,
      ).toEqual(templated);
      for (const p of op.parameters ?? []) inline.push([`${where} parameter ${p.name}`, p.schema]);
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
      }
      for (const [media, c] of Object.entries<Json>(op.requestBody?.content ?? {})) inline.push([`${where} body ${media}`, c.schema]);
      expect(Object.keys(op.responses).length, where).toBeGreaterThan(0);
      for (const [status, r] of Object.entries<Json>(op.responses)) {
        expect(status, where).toMatch(/^[1-5]\d\d$/);
        expect(typeof r.description, `${where} ${status}`).toBe("string");
        for (const [media, c] of Object.entries<Json>(r.content ?? {})) {
          expect(media).toMatch(/^[\w.+-]+\/[\w.+-]+$/);
          inline.push([`${where} ${status} ${media}`, c.schema]);
        }
        for (const [name, h] of Object.entries<Json>(r.headers ?? {})) inline.push([`${where} ${status} header ${name}`, h.schema]);
      }
    }
    for (const [where, schema] of inline) {
      expect(ajv.validateSchema(schema), `${where}: ${JSON.stringify(ajv.errors)}`).toBe(true);
      expect(() => ajv.compile(anchored(schema)), where).not.toThrow();
    }
  });
});

describe("answers match the documented response of their status", () => {
  const auth = { authorization: `Bearer ${key}` };
  // a model the embedded text reader can answer (docs/readers.md), and questions for the Direct generator
  const LOAN = {
    content: {
      name: "loan",
      inputs: {
        "annual income": { type: "number", desc: "What is the applicant's annual income?" },
        "credit score": { type: "number [300..850]", desc: "What is the credit score?" },
      },
      decisions: { approved: { type: "boolean", expr: "annual income >= 30000 and credit score >= 600" } },
    },
    questions: { approved: { type: "noul", instructions: "Is the loan approved?", criteria: { true: "approve", false: "decline" } } },
  };
  const QUESTIONS = {
    risk: { type: "score", instructions: "How risky is the claim?", levels: ["low", "medium", "high"] },
    payout: { type: "number", instructions: "How much to pay?", range: { min: 0, max: 10000 } },
  };
  const cases: { method: "GET" | "POST"; url: string; headers?: Record<string, string>; body?: unknown; status: number }[] = [
    { method: "POST", url: "/v1/systemone", headers: auth, body: { model: LENDING, state: STATE }, status: 200 },
    // the receipt's explanation as documented
    { method: "POST", url: "/v1/systemone", headers: auth, body: { model: LENDING, state: STATE, explain: true }, status: 200 },
    {
      method: "POST",
      url: "/v1/systemone",
      headers: auth,
      body: { model: JSON.stringify(LOAN), state: "An annual income of 52,000 and a credit score of 710." },
      status: 200,
    },
    { method: "POST", url: "/v1/systemone", headers: auth, body: { model: LOAN, state: "Nothing useful here." }, status: 422 },
    {
      method: "POST",
      url: "/v1/systemone",
      headers: auth,
      body: { questions: QUESTIONS, state: { risk: "high", payout: 2500 } },
      status: 200,
    },
    {
      method: "POST",
      url: "/v1/systemone",
      headers: auth,
      body: { model: { content: { inputs: {} }, questions: {} }, state: {} },
      status: 422,
    },
    { method: "POST", url: "/v1/systemone", headers: auth, body: { model: 3, state: {} }, status: 400 },
    { method: "POST", url: "/v1/systemone", headers: auth, body: "{broken", status: 400 },
    { method: "POST", url: "/v1/systemone", body: { model: LENDING, state: STATE }, status: 401 },
    {
      method: "POST",
      url: "/v1/systemtwo/models",
      headers: auth,
      body: { content: LENDING.content, output: LENDING.questions },
      status: 200,
    },
    { method: "POST", url: "/v1/systemtwo/models", headers: auth, body: { content: { inputs: {}, decisions: {} } }, status: 200 },
    { method: "POST", url: "/v1/systemtwo/models", headers: auth, body: { prompt: "a lending model" }, status: 502 },
    { method: "GET", url: "/v1/keys", status: 200 },
    { method: "GET", url: "/healthz", status: 200 },
    { method: "GET", url: "/openapi.json", status: 200 },
    { method: "GET", url: "/problems/insufficient_balance", status: 200 },
    { method: "GET", url: "/problems/constructor", status: 404 },
  ];

  const titled = cases.map((c, i) => [`${c.method} ${c.url} #${i} → ${c.status}`, c] as const);
  it.each(titled)("%s", async (_title, { method, url, headers = {}, body, status }) => {
    const res = await app.inject({
      method,
      url,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      ...(body === undefined ? {} : { payload: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    expect(res.statusCode, res.body).toBe(status);
    const route = registered.find((r) => r.method === method && matches(r.url, url));
    const declared = (route?.schema as RouteSchema | undefined)?.response[String(status)];
    expect(declared, `${method} ${url} does not document ${status}`).toBeDefined();
    const media = String(res.headers["content-type"]).split(";")[0]!;
    const schema = declared!.content?.[media]?.schema;
    expect(schema, `${method} ${url} ${status} does not document ${media}`).toBeDefined();
    const validate = strictAjv().compile(anchored(schema));
    expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
  });
});

/** Whether a concrete URL is an instance of a route's URL (`:name` matches one segment). */
const matches = (pattern: string, url: string) => new RegExp(`^${pattern.replace(/:\w+/g, "[^/]+")}$`).test(url);

describe("serialization", () => {
  it("sends an answer as the handler built it: fields outside the schema kept, in their order", async () => {
    const stats = () => ({ misses: 2, extra: "kept", size: 1, bytes: 10, hits: 0 });
    const other = buildApp({
      service: { ...deps, compiler: { ...deps.compiler, stats } },
      rateLimiter: unlimited(),
      bodyLimit: 1024,
      version: "v",
    });
    const res = await other.inject({ method: "GET", url: "/healthz" });
    expect(res.body).toContain(`"compile_cache":${JSON.stringify(stats())}`);
    await other.close();
  });
});
