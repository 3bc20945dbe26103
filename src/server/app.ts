// The HTTP layer: fastify with a raw-text JSON parser (API input tokens are counted on the body
// as sent), request validation by the service's schemas, one error mapper, request ids, one log
// line per request, metrics, 405 for a known path with another method, and the routes as
// plugins: the two operations (authenticated and rate limited before the body is read) and the
// public documents.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from "fastify";
import type { ServiceDeps } from "../service/deps.js";
import { parseChunks, parseWholeInTurns, type ParsedBody } from "../service/known-models.js";
import { invalidRequest, jsonFaultProblem, problem, problemBody, ProblemError } from "../service/problems.js";
import type { JsonSchema } from "../service/schemas/index.js";
import { requestValidator } from "../service/schemas/validate.js";
import { jsonPayload } from "../service/metering.js";
import type { Caller } from "./auth.js";
import { readChunks, type BodyChunks } from "./body-chunks.js";
import { inTurn } from "../service/work-turns.js";
import { clientErrorHandler, DEFAULT_HTTP_LIMITS, serverOptions, type HttpLimits } from "./client-errors.js";
import { malformedJson, sendProblem, toProblem } from "./errors.js";
import { accessGuard } from "./guard.js";
import { RouteMethods } from "./method-not-allowed.js";
import { MAX_WAITING, pipelineLimit } from "./pipelining.js";
import { boundConnections } from "./connection-limits.js";
import { lazyChildLogger } from "./request-log.js";
import type { Metrics } from "./observability/metrics.js";
import { openApiDocument } from "./openapi.js";
import type { RateLimiter } from "./rate-limit.js";
import { modelsRoutes } from "./routes/models.js";
import { publicRoutes, type Readiness } from "./routes/public.js";
import { systemOneRoutes } from "./routes/systemone.js";
import { webRoutes, type WebOptions } from "./routes/web.js";

declare module "fastify" {
  interface FastifyRequest {
    /** the API input tokens of the body as sent, counted when asked (service/known-models.ts) */
    bodyTokens?: () => Promise<number>;
    /** the body's size in bytes */
    bodyBytes?: number;
    caller?: Caller | null;
    /** who the request is from, as its rate limit and compile share count it: `key:<id>`, else `ip:<address>` (guard.ts) */
    client?: string;
    startedAt: number;
    /** what the request log line says besides the basics: the cost and the model's hash */
    audit: { cost_usd?: number; model_hash?: string };
  }
}

export interface AppOptions {
  service: ServiceDeps;
  rateLimiter: RateLimiter;
  /** request body limit in bytes */
  bodyLimit: number;
  /** header size and timeouts of the connections (DEFAULT_HTTP_LIMITS when absent) */
  http?: HttpLimits;
  version: string;
  /** pino level ("info", "warn", "silent"...) or false for no logger */
  logLevel?: string | false;
  /** where log lines go (default standard output) */
  logStream?: NodeJS.WritableStream;
  metrics?: Metrics;
  readiness?: Readiness;
  /** the playground page's folder and workspace (the page answers 404 without a folder) */
  web?: Omit<WebOptions, "keyless">;
}

/** Bodies longer than this are parsed and checked in two turns of the event loop, not looked up as known models. */
const LARGE_BODY_BYTES = 256 * 1024;

/** An incoming x-request-id is kept when it is a plain token; anything else gets a fresh id. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function buildApp(options: AppOptions): FastifyInstance {
  const { service, rateLimiter, version, metrics } = options;
  const http = options.http ?? DEFAULT_HTTP_LIMITS;
  const level = options.logLevel ?? false;
  const app = Fastify({
    return503OnClosing: false,
    logger: level === false ? false : { level, ...(options.logStream ? { stream: options.logStream } : {}) },
    // fastify's own two lines per request are off: the onResponse hook writes one with what matters
    logController: new LogController({ disableRequestLogging: true }),
    // req.log is made only when something logs through it: the request's line goes through app.log
    childLoggerFactory: lazyChildLogger,
    bodyLimit: options.bodyLimit,
    ...serverOptions(http),
    // the parser's errors as problem details, after the answers queued before them (client-errors.ts)
    clientErrorHandler: (error, socket) => onClientError(error, socket),
    // the router's refusals (a bad URL, a parameter past its length) as problem details too
    frameworkErrors: (error, _req, reply) => sendProblem(reply, toProblem(error)),
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });

  const onClientError = clientErrorHandler(app.server, http);
  boundConnections(app.server, http, (reason) => metrics?.connectionsRefused.inc({ reason }));
  // An Expect other than 100-continue never reaches fastify: Node answers it itself, a bare 417
  // without a body, unless the server is told what to answer
  app.server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    const expect = String(req.headers.expect).slice(0, 100);
    const p = problem(
      "expectation_failed",
      `the server meets only Expect: 100-continue, not Expect: ${expect}; send the request without it`,
    );
    const id = randomUUID();
    res.writeHead(p.status, { "content-type": "application/problem+json", "x-request-id": id });
    res.end(JSON.stringify(problemBody(p, id)));
  });
  app.decorateRequest("bodyTokens", undefined);
  app.decorateRequest("bodyBytes", undefined);
  app.decorateRequest("caller", null);
  app.decorateRequest("client", undefined);
  app.decorateRequest("startedAt", 0);
  app.decorateRequest("audit", null as unknown as FastifyRequest["audit"]);
  // Once the app is closing, a request on a kept-alive connection is told to go elsewhere.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  const pipelined = pipelineLimit();
  /**
   * Whose turn a request's hooks and body wait for (work-turns.ts): the client the guard named, for
   * the body; before the guard ran (its hooks), the API key as sent, else the address.
   */
  const turnOf = (req: FastifyRequest): string => req.client ?? req.headers.authorization ?? `ip:${req.ip}`;
  // The two hooks every request passes take fastify's callback form: an async hook costs a promise
  // and a turn of the microtask queue per request for work that never waits.
  app.addHook("onRequest", (req, reply, done) => {
    req.startedAt = performance.now();
    req.audit = {};
    reply.header("x-request-id", req.id);
    if (pipelined.over(req.raw, reply.raw)) {
      reply.header("Connection", "close");
      return sendProblem(
        reply,
        problem(
          "too_many_pipelined",
          `more than ${MAX_WAITING} requests wait for their answers on this connection; read the answers before sending more requests on it`,
        ),
      );
    }
    // a request with a body has its key checked and its route's hooks run a few a turn (work-turns.ts);
    // the rest (/healthz, the documents) at once, so that a burst never queues them
    if (!closing) return req.method === "POST" ? inTurn(done, turnOf(req)) : done();
    // answered here: fastify goes on to nothing else when a callback hook sends without `done`
    reply.header("Connection", "close");
    sendProblem(reply, problem("shutting_down", "this instance is stopping; send the request again (to another instance)"));
  });
  // One line per request: no state, no evidence, no key.
  app.addHook("onResponse", (req, reply, done) => {
    const route = req.routeOptions.url ?? "(none)";
    const seconds = (performance.now() - req.startedAt) / 1000;
    metrics?.requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics?.requestSeconds.observe({ method: req.method, route }, seconds);
    // the request id first, where req.log's binding would put it (request-log.ts)
    app.log.info(
      { reqId: req.id, method: req.method, route, status: reply.statusCode, latency_ms: Math.round(seconds * 1e4) / 10, ...req.audit },
      "request",
    );
    done();
  });

  app.removeAllContentTypeParsers();
  // the body as the chunks it arrives in (body-chunks.ts), then read a few bodies a turn of the
  // event loop (work-turns.ts): a burst arriving together is spread over turns
  const parseJson = (req: FastifyRequest, payload: NodeJS.ReadableStream, done: (err: Error | null, body?: unknown) => void) =>
    readChunks(req, payload, options.bodyLimit, (err, body) =>
      err ? done(err, undefined) : inTurn(() => readJson(req, body!, done), turnOf(req)),
    );
  const readJson = (req: FastifyRequest, body: BodyChunks, done: (err: Error | null, body?: unknown) => void) => {
    const encoding = req.headers["content-encoding"];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== "identity") {
      const detail = `the body is sent with Content-Encoding: ${encoding.slice(0, 100)}, and the server reads only JSON as it is; send it without Content-Encoding`;
      return done(
        new ProblemError(
          problem("unsupported_media_type", detail, [{ address: "headers.content-encoding", code: "request.encoding", message: detail }]),
        ),
      );
    }
    const refused = (e: unknown) => done(e instanceof SyntaxError ? new ProblemError(malformedJson(e.message)) : (e as Error), undefined);
    const read = (parsed: ParsedBody) => {
      if (!parsed.ok) return done(new ProblemError(jsonFaultProblem(parsed.fault)));
      req.bodyTokens = parsed.tokens;
      req.bodyBytes = body.length;
      done(null, parsed.body);
    };
    // a large body is parsed in one turn and checked in the next (service/known-models.ts)
    if (body.length > LARGE_BODY_BYTES)
      return void parseWholeInTurns(Buffer.concat(body.chunks, body.length), decodeUtf8).then(read, refused);
    let parsed: ParsedBody;
    try {
      // a model sent before as the same bytes is taken from memory (service/known-models.ts); the
      // rest is checked before anything else walks it: its depth and its text (service/json-limits.ts)
      parsed = parseChunks(body.chunks, body.length, decodeUtf8);
    } catch (e) {
      return refused(e);
    }
    read(parsed);
  };
  // fatal: bytes that are not UTF-8 (a surrogate encoded on its own among them) are refused, not replaced
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  const decodeUtf8 = (bytes: Uint8Array): string => {
    try {
      return utf8.decode(bytes);
    } catch {
      const entry = { address: "body", code: "request.utf8", message: "the body is not valid UTF-8; send the JSON encoded as UTF-8" };
      throw new ProblemError(problem("invalid_text", entry.message, [entry]));
    }
  };
  app.addContentTypeParser("application/json", parseJson);
  app.addContentTypeParser(/^application\/[\w.+-]+\+json$/, parseJson);

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
  // schema-driven serializer would drop the fields a schema does not list and reorder the rest. An
  // answer already serialised when it was settled is sent as that text (service/metering.ts).
  // (fastify sends a Buffer a serializer returns as it is, though its types say string)
  app.setSerializerCompiler(() => jsonPayload as (data: unknown) => string);

  app.setErrorHandler((error, req, reply) => {
    const p = toProblem(
      error,
      { contentType: req.headers["content-type"], contentLength: req.headers["content-length"] },
      { bodyLimit: options.bodyLimit },
    );
    if (p.code === "internal_error") req.log.error(error);
    return sendProblem(reply, p);
  });

  const methods = new RouteMethods();
  app.addHook("onRoute", (route) => methods.add(route.url, route.method));
  app.setNotFoundHandler((req, reply) => {
    const allowed = methods.allowed(req.url);
    if (allowed.length > 0) {
      reply.header("Allow", allowed.join(", "));
      return sendProblem(reply, problem("method_not_allowed", `${req.url.split("?")[0]} answers ${allowed.join(", ")}, not ${req.method}`));
    }
    return sendProblem(
      reply,
      problem("not_found", `no route ${req.method} ${req.url.split("?")[0]}; the routes are listed in GET /openapi.json`),
    );
  });

  const guard = accessGuard(service, rateLimiter);
  app.register(systemOneRoutes, { service, guard });
  app.register(modelsRoutes, { service, guard });
  app.register(publicRoutes, { service, version, openapi: openApiDocument(version), metrics, readiness: options.readiness });
  app.register(webRoutes, { ...options.web, keyless: service.ledger === null });
  return app;
}
