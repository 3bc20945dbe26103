// The playground page and what it reads: the built page (index and hashed assets, from the folder
// the build wrote), the model format's JSON Schema, and the workspace (the models the page opens,
// with their test cases; `pdm playground <file>` also saves the one model file it was started for).
import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { problem } from "../../service/problems.js";
import { MODEL_SCHEMA_PATH, modelSchemaDocument } from "../../service/schemas/model-document.js";
import { sendProblem } from "../errors.js";
import { json, problemResponses, type RouteSpec } from "./route-spec.js";

/** A model the page can open: its file (or sample) name, its text as written, and its test cases. */
export interface WorkspaceModel {
  name: string;
  text: string;
  cases: { name: string; state: unknown; expect: unknown }[];
  /** why the cases could not be read, if they could not */
  casesError?: string;
}

export interface Workspace {
  /** "file": one model file the page may save (pdm playground); "samples": read-only examples (pdm serve) */
  mode: "file" | "samples";
  models(): Promise<WorkspaceModel[]>;
  /** writes the model named; false when the workspace has no model of that name */
  save?(name: string, text: string): Promise<boolean>;
}

export interface WebOptions {
  /** the folder the page was built into (index.html, assets/); absent or empty: the page answers 404 */
  root?: string;
  workspace?: Workspace;
  /** true when the operations need no API key (no ledger) */
  keyless: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".map": "application/json",
};

/** The page may load and call nothing but this origin; CodeMirror sets styles inline. */
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const html = (description: string): RouteSpec["schema"]["response"][string] => ({
  description,
  content: { "text/html": { schema: { type: "string" } } },
});

const PAGE_ROUTES: RouteSpec[] = ["/", "/playground"].map((url) => ({
  method: "GET",
  url,
  schema: {
    summary: "The playground page: edit, check and run a model, and its test cases",
    response: { 200: html("the page"), ...problemResponses(404) },
  },
}));

const ASSET_ROUTE: RouteSpec = {
  method: "GET",
  url: "/assets/:file",
  schema: {
    summary: "A file of the playground page (script, style sheet), named by its content hash",
    params: { type: "object", properties: { file: { type: "string" } }, required: ["file"] },
    response: {
      200: {
        description: "the file",
        content: { "text/javascript": { schema: { type: "string" } }, "text/css": { schema: { type: "string" } } },
      },
      ...problemResponses(404),
    },
  },
};

/** The playground's icon, answered where browsers look for it: a decision table in two colours. */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#24527a"/>' +
  '<path d="M3 5h10M3 8h10M3 11h10M7 3v10" stroke="#fff" stroke-width="1.2"/></svg>';

const FAVICON_ROUTE: RouteSpec = {
  method: "GET",
  url: "/favicon.ico",
  schema: {
    summary: "The playground's icon (SVG)",
    response: { 200: { description: "the icon", content: { "image/svg+xml": { schema: { type: "string" } } } } },
  },
};

const MODEL_SCHEMA_ROUTE: RouteSpec = {
  method: "GET",
  url: MODEL_SCHEMA_PATH,
  schema: {
    summary: "The JSON Schema (draft 2020-12) of the model format, for editors",
    response: { 200: json("JSON Schema", { type: "object", properties: { $schema: { type: "string" }, $defs: { type: "object" } } }) },
  },
};

const WORKSPACE_MODEL: RouteSpec["schema"]["body"] = {
  type: "object",
  properties: {
    name: { type: "string" },
    text: { type: "string", description: "the model file as written" },
    cases: {
      type: "array",
      description: "the model's test cases, as `pdm test` reads them",
      items: {
        type: "object",
        properties: { name: { type: "string" }, state: {}, expect: { type: "object" } },
        required: ["name", "state", "expect"],
      },
    },
    casesError: { type: "string" },
  },
  required: ["name", "text", "cases"],
};

const WORKSPACE_ROUTE: RouteSpec = {
  method: "GET",
  url: "/playground/workspace",
  schema: {
    summary: "What the playground opens: the model file of `pdm playground`, or the samples under `pdm serve`, with their test cases",
    response: {
      200: json("the workspace", {
        type: "object",
        properties: {
          mode: { type: "string", enum: ["file", "samples"] },
          keyless: { type: "boolean", description: "true when the operations need no API key" },
          models: { type: "array", items: WORKSPACE_MODEL },
        },
        required: ["mode", "keyless", "models"],
      }),
    },
  },
};

const SAVE_ROUTE: RouteSpec = {
  method: "POST",
  url: "/playground/save",
  schema: {
    summary: "Write the edited model back to the file `pdm playground` was started for (loopback only)",
    body: {
      type: "object",
      properties: { name: { type: "string" }, text: { type: "string", description: "the new file content, valid JSON" } },
      required: ["name", "text"],
    },
    response: {
      200: json("saved", { type: "object", properties: { saved: { type: "string" } }, required: ["saved"] }),
      ...problemResponses(400, 404),
    },
  },
};

export const WEB_ROUTES: readonly RouteSpec[] = [
  ...PAGE_ROUTES,
  ASSET_ROUTE,
  FAVICON_ROUTE,
  MODEL_SCHEMA_ROUTE,
  WORKSPACE_ROUTE,
  SAVE_ROUTE,
];

interface StaticFile {
  type: string;
  body: Buffer;
}

/** The built page, read once: index.html and every file of assets/. */
function readPage(root: string | undefined): { index: StaticFile | null; assets: Map<string, StaticFile> } {
  const assets = new Map<string, StaticFile>();
  if (!root) return { index: null, assets };
  const file = (path: string): StaticFile => ({
    type: CONTENT_TYPES[extname(path)] ?? "application/octet-stream",
    body: readFileSync(path),
  });
  try {
    for (const name of readdirSync(join(root, "assets"))) assets.set(name, file(join(root, "assets", name)));
    return { index: file(join(root, "index.html")), assets };
  } catch {
    return { index: null, assets };
  }
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A save comes from this server's page on loopback: a page of another site that resolves its name to 127.0.0.1 sends its own Host. */
function fromLoopback(req: FastifyRequest): boolean {
  const host = (req.headers.host ?? "").replace(/:\d+$/, "");
  const origin = req.headers.origin;
  return LOOPBACK.has(host) && (origin === undefined || origin === `http://${req.headers.host}`);
}

const notBuilt = (reply: FastifyReply) =>
  sendProblem(reply, problem("not_found", "the playground page is not built: run `npm run build` (it needs the development dependencies)"));

export const webRoutes: FastifyPluginAsync<WebOptions> = async (app, { root, workspace, keyless }) => {
  const page = readPage(root);
  const sendIndex = async (_req: FastifyRequest, reply: FastifyReply) => {
    if (!page.index) return notBuilt(reply);
    return reply
      .type(page.index.type)
      .header("Cache-Control", "no-cache")
      .header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
      .send(page.index.body);
  };
  for (const route of PAGE_ROUTES) app.route({ ...route, handler: sendIndex });
  app.route<{ Params: { file: string } }>({
    ...ASSET_ROUTE,
    handler: async (req, reply) => {
      const asset = page.assets.get(req.params.file);
      if (!asset) return page.index ? sendProblem(reply, problem("not_found", `no file ${req.params.file} in the page`)) : notBuilt(reply);
      return reply.type(asset.type).header("Cache-Control", "public, max-age=31536000, immutable").send(asset.body);
    },
  });
  app.route({
    ...FAVICON_ROUTE,
    handler: async (_req, reply) => reply.type("image/svg+xml").header("Cache-Control", "public, max-age=86400").send(FAVICON),
  });
  const schema = modelSchemaDocument();
  app.route({ ...MODEL_SCHEMA_ROUTE, handler: async (_req, reply) => reply.header("Cache-Control", "public, max-age=300").send(schema) });
  app.route({
    ...WORKSPACE_ROUTE,
    handler: async () => ({ mode: workspace?.mode ?? "samples", keyless, models: (await workspace?.models()) ?? [] }),
  });
  app.route<{ Body: { name: string; text: string } }>({
    ...SAVE_ROUTE,
    handler: async (req, reply) => {
      if (!workspace?.save)
        return sendProblem(
          reply,
          problem("not_found", "this server saves nothing: `pdm playground <model.json>` saves the file it opened"),
        );
      if (!fromLoopback(req))
        return sendProblem(reply, problem("not_found", "a save is answered only for the page on 127.0.0.1 or localhost"));
      try {
        JSON.parse(req.body.text);
      } catch (e) {
        return sendProblem(reply, problem("malformed_json", `the model is not saved: its text is not JSON (${(e as Error).message})`));
      }
      if (!(await workspace.save(req.body.name, req.body.text)))
        return sendProblem(reply, problem("not_found", `the playground has no model ${JSON.stringify(req.body.name)} to save`));
      return { saved: req.body.name };
    },
  });
};
