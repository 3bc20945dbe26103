// Starts the real server (`node bin/pdm.mjs serve --port 0`) and runs admin commands, against
// SQLite (a temporary file) or PostgreSQL (DATABASE_URL, a fresh schema per test file).
import { spawn, execFile, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { dropSchema, freshSchemaName, PG_URL } from "../ledger/backends.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The CLI built by global-setup (PDM_TEST_BIN runs the suites against another build, e.g. an installed package). */
const bin = (): string => process.env.PDM_TEST_BIN ?? inject("pdmBin");

/** The built CLI every suite spawns: global-setup's snapshot, never dist/ itself, which a build may be replacing. */
export function pdmBin(): string {
  assertBuilt();
  return bin();
}

export interface Store {
  name: "sqlite" | "postgres";
  available: boolean;
  /** arguments and environment every command of this store gets */
  args: string[];
  env: NodeJS.ProcessEnv;
  dispose(): Promise<void>;
}

/** Language-model settings a developer may have exported: a test server gets only what the test gives it. */
const PROVIDER_VARIABLE = /^PDM_(OPENAI|ANTHROPIC|GENERATORS|DEFAULT_GENERATOR|QUESTIONS_|READER|PROVIDER_|THINKING_|GENERATOR_)/;

/** Environment without the CI variables, so a SQLite suite never touches PostgreSQL or Redis (or a language model) by accident. */
function baseEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _d, REDIS_URL: _r, PDM_DB: _p, PDM_PG_SCHEMA: _s, ...env } = process.env;
  return Object.fromEntries(Object.entries(env).filter(([k]) => !PROVIDER_VARIABLE.test(k)));
}

export function makeStore(name: "sqlite" | "postgres"): Store {
  if (name === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "pdm-e2e-"));
    return { name, available: true, args: ["--db", join(dir, "pdm.db")], env: baseEnv(), dispose: async () => {} };
  }
  const schema = freshSchemaName();
  return {
    name,
    available: Boolean(PG_URL),
    args: [],
    env: { ...baseEnv(), DATABASE_URL: PG_URL, PDM_PG_SCHEMA: schema },
    dispose: async () => (PG_URL ? dropSchema(schema) : undefined),
  };
}

function assertBuilt(): void {
  const error = inject("pdmBuildError");
  if (error) throw new Error(`npm run build failed, so the server cannot be spawned:\n${error}`);
}

export interface Server {
  url: string;
  /** the server's process id (its memory: /proc/<pid>/status) */
  pid: number;
  /** the development key printed on first start, if any */
  devKey: string | null;
  stdout: () => string;
  stop(): Promise<number | null>;
}

/** The servers this module started that have not exited, those still starting among them. */
const running = new Set<ChildProcess>();

/** Ends a server process (SIGTERM, then SIGKILL after 10 s) and resolves with its exit code. */
function end(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    const hard = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", (code) => (clearTimeout(hard), resolve(code)));
    child.kill("SIGTERM");
  });
}

/**
 * Stops every server this module started that still runs, and answers their process ids: a suite's
 * afterAll calls it so that a beforeAll that timed out (its servers still starting, or started
 * after the hook gave up) leaves no process behind.
 */
export async function stopStartedServers(): Promise<number[]> {
  const children = [...running];
  await Promise.all(children.map(end));
  return children.map((c) => c.pid!);
}

export async function startServer(store: Store, extra: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Server> {
  assertBuilt();
  const child: ChildProcess = spawn(
    process.execPath,
    [bin(), "serve", "--port", "0", "--host", "127.0.0.1", "--bootstrap", ...store.args, ...extra],
    { cwd: ROOT, env: { ...store.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  running.add(child);
  child.once("exit", () => running.delete(child));
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      void end(child);
      reject(new Error(`server did not start in 60 s\n${out}\n${err}`));
    }, 60_000);
    const check = () => {
      const m = /pdm listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}\n${out}\n${err}`));
    });
  });
  const lines = out.split("\n");
  const keyLine = lines.findIndex((l) => l.startsWith("Created the development account"));
  return {
    url,
    pid: child.pid!,
    devKey: keyLine >= 0 ? lines[keyLine + 1]!.trim() : null,
    stdout: () => out,
    stop: () => end(child),
  };
}

export function cli(store: Store, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  assertBuilt();
  return new Promise((resolve) => {
    execFile(process.execPath, [bin(), ...args, ...store.args], { cwd: ROOT, env: store.env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** `pdm keys create` prints the key alone on its last line. */
export const lastLine = (text: string): string => text.trim().split("\n").at(-1)!.trim();

/** An account of `balance` dollars named `name`, and a key of it: the key, or an error naming the command that failed. */
export async function fundedKey(store: Store, name = "funded", balance = "100"): Promise<string> {
  const run = async (args: string[]): Promise<string> => {
    const r = await cli(store, args);
    if (r.code !== 0) throw new Error(`pdm ${args.join(" ")} exited ${r.code}: ${r.stderr}`);
    return r.stdout;
  };
  await run(["accounts", "create", "--name", name, "--balance", balance]);
  return lastLine(await run(["keys", "create", "--account", name]));
}

export async function post(
  url: string,
  key: string | null,
  body: unknown,
): Promise<{ status: number; type: string; json: any; text: string; requestId: string | null }> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: text,
  });
  const raw = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    json: raw ? JSON.parse(raw) : null,
    text: raw,
    requestId: res.headers.get("x-request-id"),
  };
}
