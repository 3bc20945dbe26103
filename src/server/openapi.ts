// The OpenAPI 3.1 document served at GET /openapi.json, assembled from the routes' schemas and
// the service's named schemas. The choices made where the specification says "not shown" (the
// string form of `model`, billing items, error entries, the receipt and its signature, which
// condition yields which status and code) live as descriptions in those schemas and the catalogue.
import { COMPONENTS, componentName, type JsonSchema } from "../service/schemas/index.js";
import { ref } from "../service/schemas/json-schema.js";
import { ROUTES } from "./routes/index.js";
import type { ResponseSpec, RouteSpec } from "./routes/route-spec.js";

/** A named schema by reference, any other inline. */
const refOrInline = (schema: JsonSchema): JsonSchema => {
  const name = componentName(schema);
  return name ? ref(name) : schema;
};

const mapValues = <A, B>(o: Record<string, A>, f: (a: A) => B): Record<string, B> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

const response = (r: ResponseSpec) => ({
  ...r,
  ...(r.content && { content: mapValues(r.content, (c) => ({ schema: refOrInline(c.schema) })) }),
});

function operation({ schema }: RouteSpec): Record<string, unknown> {
  const { body, params, response: responses, ...about } = schema;
  const pathParams = (params?.properties ?? {}) as Record<string, JsonSchema>;
  return {
    ...about,
    ...(params && { parameters: Object.entries(pathParams).map(([name, s]) => ({ name, in: "path", required: true, schema: s })) }),
    ...(body && { requestBody: { required: true, content: { "application/json": { schema: refOrInline(body) } } } }),
    responses: mapValues(responses, response),
  };
}

/** fastify's `/problems/:code` is OpenAPI's `/problems/{code}`. */
export const openApiPath = (url: string): string => url.replace(/:(\w+)/g, "{$1}");

export function openApiDocument(version: string, routes: readonly RouteSpec[] = ROUTES): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = operation(route);
  return {
    openapi: "3.1.0",
    info: {
      title: "Portable Decision Model Service",
      version,
      description:
        "Executes portable decision models deterministically and validates them. Every call is billed against the account balance: a reservation first, then the settled charge. See docs/service.md.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "account API key" } },
      schemas: COMPONENTS,
    },
    paths,
  };
}
