// The HTTP layer: fastify with a raw-text JSON parser (API input tokens are counted on the body
// as sent), authentication and rate limiting before the body is read, the two operations, the
// public key set, health, the OpenAPI document, and one error mapper.
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyReply } from "fastify";
import { systemOne } from "../service/systemone.js";
import { systemTwoModels } from "../service/systemtwo.js";
import { CATALOGUE, problem, type Outcome, type ProblemCode } from "../service/problems.js";
import type { ServiceCall, ServiceDeps } from "../service/deps.js";
import { countTokens } from "../service/tokens.js";
import { authenticate, type Caller } from "./auth.js";
import { sendProblem, toProblem } from "./errors.js";
import { openApiDocument } from "./openapi.js";
import type { RateLimiter } from "./rate-limit.js";

declare module "fastify" {
  interface FastifyRequest {
    rawBody?: string;
    caller?: Caller | null;
    startedAt: number;
  }
}

export interface AppOptions {
  service: ServiceDeps;
  rateLimiter: RateLimiter;
  /** request body limit in bytes */
  bodyLimit: number;
  version: string;
  logger?: boolean;
}

export function buildApp(options: AppOptions): FastifyInstance {
  const { service, rateLimiter } = options;
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: options.bodyLimit });

  app.decorateRequest("rawBody", undefined);
  app.decorateRequest("caller", null);
  app.decorateRequest("startedAt", 0);
  app.addHook("onRequest", async (req) => {
    req.startedAt = performance.now();
  });

  app.removeAllContentTypeParsers();
  const parseJson = (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    req.rawBody = String(body);
    try {
      done(null, JSON.parse(req.rawBody));
    } catch (e) {
      done(e as Error, undefined);
    }
  };
  app.addContentTypeParser("application/json", { parseAs: "string" }, parseJson);
  app.addContentTypeParser(/^application\/[\w.+-]+\+json$/, { parseAs: "string" }, parseJson);

  app.setErrorHandler((error, req, reply) => {
    const p = toProblem(error);
    if (p.code === "internal_error") req.log.error(error);
    return sendProblem(reply, p);
  });
  app.setNotFoundHandler((req, reply) => sendProblem(reply, problem("not_found", `no route ${req.method} ${req.url}`)));

  /** Auth, then the per-key rate limit; both before the body is parsed. */
  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    let id = `ip:${req.ip}`;
    if (service.ledger) {
      const who = await authenticate(req.headers.authorization, service.ledger);
      if (!who.ok) return sendProblem(reply, who.problem);
      req.caller = who.value;
      id = `key:${who.value.keyId}`;
    }
    const rate = await rateLimiter.hit(id);
    if (rate.limit > 0) {
      reply.header("RateLimit-Limit", rate.limit).header("RateLimit-Remaining", rate.remaining).header("RateLimit-Reset", rate.reset);
    }
    if (!rate.allowed) {
      const p = problem("rate_limited", `this key may make ${rate.limit} requests per window; retry in ${rate.reset} s`);
      return sendProblem(reply, { ...p, headers: { "Retry-After": String(rate.reset) } });
    }
  };

  const operation =
    (run: (call: ServiceCall, deps: ServiceDeps) => Promise<Outcome<Record<string, unknown>>>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const call: ServiceCall = {
        body: req.body,
        inputTokens: countTokens(req.rawBody ?? ""),
        accountId: req.caller?.accountId ?? null,
        startedAt: req.startedAt,
      };
      const out = await run(call, service);
      if (!out.ok) return sendProblem(reply, out.problem);
      return reply.type("application/json").send(out.value);
    };

  app.post("/v1/systemone", { onRequest: guard }, operation(systemOne));
  app.post("/v1/systemtwo/models", { onRequest: guard }, operation(systemTwoModels));

  app.get("/v1/keys", async (_req, reply) => reply.header("Cache-Control", "public, max-age=300").send(service.signer.jwks()));
  app.get("/healthz", async () => ({
    status: "ok",
    version: options.version,
    ledger: service.ledger?.kind ?? "off",
    compile_cache: service.cache.stats(),
    generators: service.providers.aliases,
  }));
  const openapi = openApiDocument(options.version);
  app.get("/openapi.json", async () => openapi);
  app.get<{ Params: { code: string } }>("/problems/:code", async (req, reply) => {
    const entry = CATALOGUE[req.params.code as ProblemCode];
    if (!entry) return sendProblem(reply, problem("not_found", `no problem type ${req.params.code}`));
    return { code: req.params.code, status: entry.status, title: entry.title, description: entry.when };
  });
  return app;
}
