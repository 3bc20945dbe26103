// The documents anyone may read, without a key: the receipt key set, health, this service's
// OpenAPI document and the problem types.
import type { FastifyPluginAsync } from "fastify";
import type { ServiceDeps } from "../../service/deps.js";
import { CATALOGUE, problem, type ProblemCode } from "../../service/problems.js";
import { COMPONENTS } from "../../service/schemas/index.js";
import { sendProblem } from "../errors.js";
import { json, problemResponses, type RouteSpec } from "./route-spec.js";

export interface PublicOptions {
  service: ServiceDeps;
  version: string;
  openapi: Record<string, unknown>;
}

export const KEYS_ROUTE: RouteSpec = {
  method: "GET",
  url: "/v1/keys",
  schema: { summary: "Public keys that verify receipt signatures (JWK set)", response: { 200: json("JWK set", COMPONENTS.JWKS) } },
};

export const HEALTH_ROUTE: RouteSpec = {
  method: "GET",
  url: "/healthz",
  schema: { summary: "Liveness", response: { 200: json("up", COMPONENTS.Health) } },
};

export const OPENAPI_ROUTE: RouteSpec = {
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

export const PROBLEM_ROUTE: RouteSpec = {
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

export const PUBLIC_ROUTES: readonly RouteSpec[] = [KEYS_ROUTE, HEALTH_ROUTE, OPENAPI_ROUTE, PROBLEM_ROUTE];

export const publicRoutes: FastifyPluginAsync<PublicOptions> = async (app, { service, version, openapi }) => {
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
      compile_cache: service.cache.stats(),
      generators: service.providers.aliases,
    }),
  });
  app.route({ ...OPENAPI_ROUTE, handler: async () => openapi });
  app.route<{ Params: { code: string } }>({
    ...PROBLEM_ROUTE,
    handler: async (req, reply) => {
      const entry = Object.hasOwn(CATALOGUE, req.params.code) ? CATALOGUE[req.params.code as ProblemCode] : undefined;
      if (!entry) return sendProblem(reply, problem("not_found", `no problem type ${req.params.code}`));
      return { code: req.params.code, status: entry.status, title: entry.title, description: entry.when };
    },
  });
};
