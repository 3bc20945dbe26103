// The documents anyone may read, without a key: the receipt key set, liveness and readiness,
// metrics, this service's OpenAPI document and the problem types.
import type { FastifyPluginAsync } from "fastify";
import type { ServiceDeps } from "../../service/deps.js";
import { CATALOGUE, problem, type ProblemCode } from "../../service/problems.js";
import { COMPONENTS } from "../../service/schemas/index.js";
import { sendProblem } from "../errors.js";
import { docsPage } from "./docs-page.js";
import type { Metrics } from "../observability/metrics.js";
import { json, problemResponses, type RouteSpec } from "./route-spec.js";

/** Each dependency's check: resolves when it answers, rejects (with why) when it does not. */
export type Readiness = Record<string, () => Promise<void>>;

export interface PublicOptions {
  service: ServiceDeps;
  version: string;
  openapi: Record<string, unknown>;
  metrics?: Metrics;
  readiness?: Readiness;
}

const KEYS_ROUTE: RouteSpec = {
  method: "GET",
  url: "/v1/keys",
  schema: { summary: "Public keys that verify receipt signatures (JWK set)", response: { 200: json("JWK set", COMPONENTS.JWKS) } },
};

const HEALTH_ROUTE: RouteSpec = {
  method: "GET",
  url: "/healthz",
  schema: { summary: "Liveness: the process answers", response: { 200: json("up", COMPONENTS.Health) } },
};

const READY_ROUTE: RouteSpec = {
  method: "GET",
  url: "/readyz",
  schema: {
    summary: "Readiness: the ledger and Redis answer; a load balancer sends traffic only while this is 200",
    response: { 200: json("ready", COMPONENTS.Readiness), ...problemResponses(503) },
  },
};

const METRICS_ROUTE: RouteSpec = {
  method: "GET",
  url: "/metrics",
  schema: {
    summary: "Metrics in Prometheus text format: requests, latency, compile cache, ledger, reservations, providers",
    response: { 200: { description: "Prometheus exposition format", content: { "text/plain": { schema: { type: "string" } } } } },
  },
};

const OPENAPI_ROUTE: RouteSpec = {
  method: "GET",
  url: "/openapi.json",
  schema: {
    summary: "This document",
    response: {
      200: json("OpenAPI 3.1", {
        type: "object",
        properties: { openapi: { type: "string" }, info: { type: "object" }, paths: { type: "object" }, components: { type: "object" } },
        required: ["openapi", "info", "paths"],
      }),
    },
  },
};

const DOCS_ROUTE: RouteSpec = {
  method: "GET",
  url: "/docs",
  schema: {
    summary: "This reference as an HTML page: every route and every problem type",
    response: { 200: { description: "an HTML page", content: { "text/html": { schema: { type: "string" } } } } },
  },
};

const PROBLEM_ROUTE: RouteSpec = {
  method: "GET",
  url: "/problems/:code",
  schema: {
    summary: "Describe a problem type",
    params: {
      type: "object",
      properties: { code: { type: "string", description: "a problem code, as in a problem's `code` and `type`" } },
      required: ["code"],
    },
    response: { 200: json("the catalogue entry", COMPONENTS.ProblemType), ...problemResponses(404) },
  },
};

export const PUBLIC_ROUTES: readonly RouteSpec[] = [
  KEYS_ROUTE,
  HEALTH_ROUTE,
  READY_ROUTE,
  METRICS_ROUTE,
  OPENAPI_ROUTE,
  DOCS_ROUTE,
  PROBLEM_ROUTE,
];

export const publicRoutes: FastifyPluginAsync<PublicOptions> = async (app, { service, version, openapi, metrics, readiness = {} }) => {
  app.route({
    ...KEYS_ROUTE,
    handler: async (_req, reply) => reply.header("Cache-Control", "public, max-age=300").send(service.signer.jwks()),
  });
  app.route({
    ...HEALTH_ROUTE,
    handler: async () => ({
      status: "ok",
      version,
      ledger: service.ledger?.kind ?? "off",
      compile_cache: service.compiler.stats(),
      check_cache: service.compiler.checkStats(),
      generators: service.providers.aliases,
    }),
  });
  app.route({
    ...READY_ROUTE,
    handler: async (_req, reply) => {
      const checks: Record<string, string> = { ledger: "off", ...Object.fromEntries(Object.keys(readiness).map((k) => [k, "ok"])) };
      const failed: string[] = [];
      await Promise.all(
        Object.entries(readiness).map(([name, check]) =>
          check().catch((e: Error) => {
            checks[name] = e.message;
            failed.push(`${name}: ${e.message}`);
          }),
        ),
      );
      if (failed.length > 0) return sendProblem(reply, problem("not_ready", `not ready: ${failed.sort().join("; ")}`));
      return { status: "ready", checks };
    },
  });
  app.route({
    ...METRICS_ROUTE,
    handler: async (_req, reply) => {
      if (!metrics) return reply.type("text/plain").send("");
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  });
  app.route({ ...OPENAPI_ROUTE, handler: async () => openapi });
  const docs = docsPage(openapi);
  app.route({
    ...DOCS_ROUTE,
    handler: async (_req, reply) =>
      reply.type("text/html; charset=utf-8").header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'").send(docs),
  });
  app.route<{ Params: { code: string } }>({
    ...PROBLEM_ROUTE,
    handler: async (req, reply) => {
      const entry = Object.hasOwn(CATALOGUE, req.params.code) ? CATALOGUE[req.params.code as ProblemCode] : undefined;
      if (!entry) return sendProblem(reply, problem("not_found", `no problem type ${req.params.code}`));
      return { code: req.params.code, status: entry.status, title: entry.title, description: entry.when };
    },
  });
};
