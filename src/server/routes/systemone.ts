// POST /v1/systemone: execute questions or a model against a state (spec 4.2).
import type { FastifyPluginAsync } from "fastify";
import { COMPONENTS } from "../../service/schemas/index.js";
import { systemOne, systemOneAdmission, systemOneFloor } from "../../service/systemone.js";
import { operationHandler, type OperationOptions } from "./operation.js";
import { BEARER, json, problemResponses, RATE_LIMIT_HEADERS, type RouteSpec } from "./route-spec.js";

export const SYSTEMONE_ROUTE: RouteSpec = {
  method: "POST",
  url: "/v1/systemone",
  schema: {
    summary: "Execute questions or a model against a state",
    security: BEARER,
    body: COMPONENTS.SystemOneRequest,
    response: {
      200: json("executed", COMPONENTS.SystemOneResponse, RATE_LIMIT_HEADERS),
      ...problemResponses(400, 401, 402, 403, 405, 408, 417, 422, 429, 431, 500, 502, 503, 504),
    },
  },
};

export const systemOneRoutes: FastifyPluginAsync<OperationOptions> = async (app, { service, guard }) => {
  app.route({ ...SYSTEMONE_ROUTE, onRequest: guard, handler: operationHandler(systemOne, service, systemOneFloor, systemOneAdmission) });
};
