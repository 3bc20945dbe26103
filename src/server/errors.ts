// One place where every failure becomes an RFC 9457 problem response (application/problem+json).
import type { FastifyReply } from "fastify";
import { problem, problemBody, ProblemError, type Problem, type ProblemCode } from "../service/problems.js";

/** fastify's own error codes and what the client did wrong. */
const FASTIFY_CODES: Record<string, ProblemCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "malformed_json",
  FST_ERR_CTP_BODY_TOO_LARGE: "body_too_large",
  FST_ERR_CTP_EMPTY_JSON_BODY: "malformed_json",
  FST_ERR_CTP_INVALID_JSON_BODY: "malformed_json",
};

export function toProblem(error: unknown): Problem {
  if (error instanceof ProblemError) return error.problem;
  const e = error as { code?: string; message?: string; statusCode?: number };
  const code = e.code ? FASTIFY_CODES[e.code] : undefined;
  if (code) return problem(code, e.message ?? code);
  if (error instanceof SyntaxError) return problem("malformed_json", `the body is not valid JSON: ${error.message}`);
  return problem("internal_error", "an unexpected error occurred; the request was not charged");
}

export function sendProblem(reply: FastifyReply, p: Problem): FastifyReply {
  if (p.status === 401) reply.header("WWW-Authenticate", 'Bearer realm="pdm"');
  if (p.headers) reply.headers(p.headers);
  return reply.code(p.status).type("application/problem+json").send(problemBody(p));
}
