// One place where every failure becomes an RFC 9457 problem response (application/problem+json),
// with the request's id, and for the client's own mistakes a detail that says what to send.
import type { FastifyReply } from "fastify";
import { LedgerError } from "../ledger/rows.js";
import { problem, problemBody, ProblemError, type Problem } from "../service/problems.js";

export interface ErrorContext {
  /** the configured body limit in bytes */
  bodyLimit: number;
}

/** fastify's own error codes: what the client did wrong, and what to send instead. */
const FASTIFY_PROBLEMS: Record<
  string,
  (e: { message?: string }, req: { contentType?: string; contentLength?: string }, cx: ErrorContext) => Problem
> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (_e, req) =>
    problem(
      "unsupported_media_type",
      `the body must be JSON, sent with the header Content-Type: application/json (got ${req.contentType ? `Content-Type: ${req.contentType}` : "no Content-Type"})`,
    ),
  // QUERY must say its body's type (RFC 10008), even with no body: fastify refuses it before any route
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: () =>
    problem(
      "unsupported_media_type",
      "a QUERY request must send a Content-Type header, and no route here answers QUERY; the routes and their methods are listed in GET /openapi.json",
    ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    problem("malformed_json", "the Content-Length header does not match the body sent; send the body as it is, with its exact length"),
  FST_ERR_CTP_BODY_TOO_LARGE: (_e, req, cx) =>
    problem(
      "body_too_large",
      `the body${req.contentLength ? ` is ${req.contentLength} bytes; it` : ""} must be at most ${cx.bodyLimit} bytes (the server's --body-limit); send a smaller model or state`,
    ),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    problem("malformed_json", 'the body is empty; send a JSON object, e.g. {"model": {...}, "state": {...}}'),
  FST_ERR_CTP_INVALID_JSON_BODY: (e) => malformedJson(e.message ?? "unparsable"),
  // the router's own refusals (frameworkErrors in app.ts): a path no route answers
  FST_ERR_BAD_URL: () =>
    problem("not_found", "the path is not a valid URL (a % not followed by two hexadecimal digits); no route answers it"),
  FST_ERR_MAX_PARAM_LENGTH: () =>
    problem("not_found", "a part of the path is longer than any route's parameter takes (100 characters); no route answers it"),
};

/** The ledger's failures that are the ledger's state, not a bug: each its own problem (the others are internal errors). */
const LEDGER_PROBLEMS: Partial<Record<LedgerError["code"], (message: string) => Problem>> = {
  busy: (message) => ({ ...problem("ledger_busy", message), headers: { "Retry-After": "1" } }),
  unwritable: (message) => ({ ...problem("ledger_unwritable", message), headers: { "Retry-After": "30" } }),
};

/** The body's JSON did not parse: `why` is the parser's message. */
export const malformedJson = (why: string): Problem => problem("malformed_json", `the body is not valid JSON (${why}); send a JSON object`);

/**
 * The problem an error thrown while answering is. A SyntaxError is malformed_json only where the
 * body parser throws it (app.ts wraps it there): one thrown later, by evaluation, is an internal error.
 */
export function toProblem(
  error: unknown,
  req: { contentType?: string; contentLength?: string } = {},
  cx: ErrorContext = { bodyLimit: 0 },
): Problem {
  if (error instanceof ProblemError) return error.problem;
  const ledger = error instanceof LedgerError ? LEDGER_PROBLEMS[error.code] : undefined;
  if (ledger) return ledger((error as LedgerError).message);
  const e = error as { code?: string; message?: string };
  const known = e.code ? FASTIFY_PROBLEMS[e.code] : undefined;
  if (known) return known(e, req, cx);
  return problem("internal_error", "an unexpected error occurred; the request was not charged");
}

export function sendProblem(reply: FastifyReply, p: Problem): FastifyReply {
  if (p.status === 401) reply.header("WWW-Authenticate", 'Bearer realm="pdm"');
  if (p.headers) reply.headers(p.headers);
  return reply.code(p.status).type("application/problem+json").send(problemBody(p, reply.request.id));
}
