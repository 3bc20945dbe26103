// Every route the app registers, as data: the OpenAPI document is assembled from this list, and
// a test checks it against the routes fastify actually holds.
import { MODELS_ROUTE } from "./models.js";
import { PUBLIC_ROUTES } from "./public.js";
import type { RouteSpec } from "./route-spec.js";
import { SYSTEMONE_ROUTE } from "./systemone.js";
import { WEB_ROUTES } from "./web.js";

export const ROUTES: readonly RouteSpec[] = [SYSTEMONE_ROUTE, MODELS_ROUTE, ...PUBLIC_ROUTES, ...WEB_ROUTES];
