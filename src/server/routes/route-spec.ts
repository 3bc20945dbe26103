// A route as data: method, URL and its schema, which fastify validates with and the OpenAPI
// document is assembled from. Error responses come from the problem catalogue, per status.
import { CATALOGUE } from "../../service/problems.js";
import { COMPONENTS, type JsonSchema } from "../../service/schemas/index.js";

export interface ResponseSpec {
  description: string;
  headers?: Record<string, { schema: JsonSchema; description?: string }>;
  content?: Record<string, { schema: JsonSchema }>;
}

export interface RouteSchema {
  summary: string;
  description?: string;
  security?: Record<string, string[]>[];
  /** request body; validated, and documented as application/json */
  body?: JsonSchema;
  /** path parameters, as an object schema */
  params?: JsonSchema;
  response: Record<string, ResponseSpec>;
}

export interface RouteSpec {
  method: "GET" | "POST";
  url: string;
  schema: RouteSchema;
}

export const BEARER = [{ bearer: [] }];

export const RATE_LIMIT_HEADERS: ResponseSpec["headers"] = {
  "RateLimit-Limit": { schema: { type: "integer" } },
  "RateLimit-Remaining": { schema: { type: "integer" } },
  "RateLimit-Reset": { schema: { type: "integer" }, description: "seconds" },
};

export const json = (description: string, schema: JsonSchema, headers?: ResponseSpec["headers"]): ResponseSpec => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema } },
});

/** Headers that come with a problem of this status. */
const PROBLEM_HEADERS: Record<number, ResponseSpec["headers"]> = {
  401: { "WWW-Authenticate": { schema: { type: "string" }, description: 'Bearer realm="pdm"' } },
  429: { "Retry-After": { schema: { type: "integer" }, description: "seconds until the key may call again" } },
};

/** The problem responses of the given statuses: every catalogue code of that status, with when it is answered. */
export function problemResponses(...statuses: number[]): Record<string, ResponseSpec> {
  const codes = Object.entries(CATALOGUE);
  return Object.fromEntries(
    statuses.map((status) => {
      const described = codes.filter(([, e]) => e.status === status).map(([code, e]) => `\`${code}\`: ${e.when}`);
      const headers = PROBLEM_HEADERS[status];
      const content = { "application/problem+json": { schema: COMPONENTS.Problem } };
      return [String(status), { description: described.join("; "), ...(headers ? { headers } : {}), content }];
    }),
  );
}
