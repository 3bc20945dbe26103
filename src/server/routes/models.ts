// POST /v1/systemtwo/models: create, revise or check a portable model (spec 4.1).
import type { FastifyPluginAsync } from "fastify";
import { COMPONENTS } from "../../service/schemas/index.js";
import { ref } from "../../service/schemas/json-schema.js";
import { modelsFloor, systemTwoModels } from "../../service/systemtwo.js";
import { operationHandler, type OperationOptions } from "./operation.js";
import { BEARER, json, problemResponses, RATE_LIMIT_HEADERS, type RouteSpec } from "./route-spec.js";

export const MODELS_ROUTE: RouteSpec = {
  method: "POST",
  url: "/v1/systemtwo/models",
  schema: {
    summary: "Create, revise or check a portable model",
    description:
      "content with no prompt and no files: the free Check. A prompt or files: a Draft from a language-model generator (content and output with a prompt revise them), billed at the service rates.",
    security: BEARER,
    body: COMPONENTS.ModelsRequest,
    response: {
      200: json("a Check or a Draft", { oneOf: [ref("Check"), ref("Draft")] }, RATE_LIMIT_HEADERS),
      ...problemResponses(400, 401, 402, 403, 405, 408, 417, 422, 429, 431, 500, 502, 503, 504),
    },
  },
};

export const modelsRoutes: FastifyPluginAsync<OperationOptions> = async (app, { service, guard }) => {
  app.route({ ...MODELS_ROUTE, onRequest: guard, handler: operationHandler(systemTwoModels, service, modelsFloor) });
};
