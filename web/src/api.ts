// The page's calls, all to the origin that served it: the workspace, the model schema, the
// execute operation, the receipt keys, and saving the model file (pdm playground).
import type { WorkspaceModel } from "../../src/server/routes/web.js";
import type { Explanation } from "../../src/ir/explanation.js";

export type { WorkspaceModel };

export interface WorkspaceInfo {
  mode: "file" | "samples";
  keyless: boolean;
  models: WorkspaceModel[];
}

export interface ProblemBody {
  status: number;
  code: string;
  title: string;
  detail: string;
  errors?: { address: string; code: string; message: string }[];
}

/** An answer of the service: the body when it succeeded, the problem when it did not. */
export type Reply<T> = { ok: true; body: T } | { ok: false; problem: ProblemBody };

const KEY_ITEM = "pdm-api-key";

/** The API key lives in this tab's session storage only. */
export const apiKey = {
  get: (): string => sessionStorage.getItem(KEY_ITEM) ?? "",
  set: (key: string) => (key ? sessionStorage.setItem(KEY_ITEM, key) : sessionStorage.removeItem(KEY_ITEM)),
};

async function call<T>(method: "GET" | "POST", path: string, body?: unknown, auth = false): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (auth && apiKey.get()) headers.authorization = `Bearer ${apiKey.get()}`;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    return { ok: false, problem: { status: 0, code: "unreachable", title: "The server does not answer", detail: (e as Error).message } };
  }
  const parsed = (await res.json().catch(() => null)) as unknown;
  if (res.ok) return { ok: true, body: parsed as T };
  const problem = (parsed ?? {}) as Partial<ProblemBody>;
  return {
    ok: false,
    problem: {
      status: res.status,
      code: problem.code ?? "error",
      title: problem.title ?? res.statusText,
      detail: problem.detail ?? "",
      errors: problem.errors,
    },
  };
}

export const api = {
  workspace: () => call<WorkspaceInfo>("GET", "/playground/workspace"),
  modelSchema: () => call<Record<string, unknown>>("GET", "/schemas/model.json"),
  keys: () => call<{ keys: (JsonWebKey & { kid?: string })[] }>("GET", "/v1/keys"),
  save: (name: string, text: string) => call<{ saved: string }>("POST", "/playground/save", { name, text }),
  execute: (model: unknown, state: unknown, explain: boolean) =>
    call<ExecuteResponse>("POST", "/v1/systemone", { model, state, ...(explain ? { explain: true } : {}) }, true),
};

export interface Answer {
  value: unknown;
  probability?: number;
  distribution?: Record<string, number> | { value: unknown; p: number }[];
}

export interface Receipt extends Record<string, unknown> {
  receipt: string;
  decisions: Record<string, { value: unknown; rule?: number | number[]; let?: Record<string, unknown> }>;
  answers: Record<string, Answer>;
  read?: Record<string, { value: unknown; confidence: number; source?: { path?: string; text?: string } }>;
  explanation?: Explanation;
}

export interface ExecuteResponse {
  answers: Record<string, Answer>;
  receipt: Receipt;
  billing?: { cost_usd?: number };
}
