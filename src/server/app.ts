// The HTTP layer: fastify with a raw-text JSON parser (API input tokens are counted on the body
// as sent), request validation by the service's schemas, one error mapper, and the routes as
// plugins: the two operations (authenticated and rate limited before the body is read) and the
// public documents.
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import type { ServiceDeps } from "../service/deps.js";
import { invalidRequest, problem, ProblemError } from "../service/problems.js";
import type { JsonSchema } from "../service/schemas/index.js";
import { requestValidator } from "../service/schemas/validate.js";
import type { Caller } from "./auth.js";
import { sendProblem, toProblem } from "./errors.js";
import { accessGuard } from "./guard.js";
import { openApiDocument } from "./openapi.js";
import type { RateLimiter } from "./rate-limit.js";
import { modelsRoutes } from "./routes/models.js";
import { publicRoutes } from "./routes/public.js";
import { systemOneRoutes } from "./routes/systemone.js";

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
  const { service, rateLimiter, version } = options;
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

  // The routes validate with the service's own checks (no type coercion, no defaults written into
  // the body), so a bad request gets the same problem over HTTP as from the service itself.
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const check = requestValidator(schema as JsonSchema, httpPart ?? "body");
    return (data: unknown) => {
      const errors = check(data);
      return errors.length === 0 ? true : { error: new ProblemError(invalidRequest(errors)) };
    };
  });
  // Answers are sent as JSON.stringify writes them, the way their output tokens are counted: a
  // schema-driven serializer would drop the fields a schema does not list and reorder the rest.
  app.setSerializerCompiler(() => (data: unknown) => JSON.stringify(data));

  app.setErrorHandler((error, req, reply) => {
    const p = toProblem(error);
    if (p.code === "internal_error") req.log.error(error);
    return sendProblem(reply, p);
  });
  app.setNotFoundHandler((req, reply) => sendProblem(reply, problem("not_found", `no route ${req.method} ${req.url}`)));

  const guard = accessGuard(service, rateLimiter);
  app.register(systemOneRoutes, { service, guard });
  app.register(modelsRoutes, { service, guard });
  app.register(publicRoutes, { service, version, openapi: openApiDocument(version) });
  return app;
}
