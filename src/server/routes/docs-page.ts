// GET /docs: the service's reference as one HTML page, rendered from the two sources of truth it
// documents: the OpenAPI document (every route, its summary, its request and answers) and the
// problem catalogue (every problem code with its status). Nothing on it is written by hand.
import { CATALOGUE } from "../../service/problems.js";

interface Operation {
  summary?: string;
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
  responses?: Record<string, { description?: string }>;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const schemaName = (op: Operation): string => {
  const ref = Object.values(op.requestBody?.content ?? {})[0]?.schema?.$ref;
  return ref ? ref.slice(ref.lastIndexOf("/") + 1) : "";
};

function operationRows(openapi: Record<string, unknown>): string[] {
  const paths = (openapi.paths ?? {}) as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const answers = Object.entries(op.responses ?? {})
        .map(([status, r]) => `<span title="${esc(r.description ?? "")}">${esc(status)}</span>`)
        .join(" ");
      return `<tr><td><code>${esc(method.toUpperCase())}</code></td><td><code>${esc(path)}</code></td><td>${esc(op.summary ?? "")}</td><td>${esc(schemaName(op))}</td><td>${answers}</td></tr>`;
    }),
  );
}

function problemRows(): string[] {
  return Object.entries(CATALOGUE).map(
    ([code, p]) =>
      `<tr><td><a href="/problems/${esc(code)}"><code>${esc(code)}</code></a></td><td>${p.status}</td><td>${esc(p.title)}</td><td>${esc(p.when)}</td></tr>`,
  );
}

export function docsPage(openapi: Record<string, unknown>): string {
  const info = (openapi.info ?? {}) as { title?: string; version?: string };
  const title = `${info.title ?? "Service"} ${info.version ?? ""}`.trim();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}: reference</title>
<style>body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem}table{border-collapse:collapse;width:100%;margin-bottom:2rem}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}code{font-size:.9em}</style>
</head><body>
<h1>${esc(title)}</h1>
<p>The machine-readable documents: <a href="/openapi.json">OpenAPI 3.1</a>, <a href="/schemas/model.json">the model format's JSON Schema</a>, <a href="/v1/keys">the receipt keys</a>. <a href="/">The playground</a> edits, checks and runs models.</p>
<h2>Routes</h2>
<table><thead><tr><th>method</th><th>path</th><th>what it does</th><th>request body</th><th>answers</th></tr></thead><tbody>
${operationRows(openapi).join("\n")}
</tbody></table>
<h2>Problems</h2>
<p>Every error is a problem document (RFC 9457) whose <code>code</code> is one of these.</p>
<table><thead><tr><th>code</th><th>status</th><th>title</th><th>when</th></tr></thead><tbody>
${problemRows().join("\n")}
</tbody></table>
</body></html>
`;
}
