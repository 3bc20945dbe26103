// The HTTP app over the service's test dependencies (harness.ts), with a funded account and its
// key, for tests that send System One bodies as a client does; the sample models with a case's
// state to send them with, and what two answers to one body must share.
import { afterAll, beforeAll } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildApp } from "../../src/server/app.js";
import { memoryRateLimiter } from "../../src/server/rate-limit.js";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import { serviceDeps } from "./harness.js";

/** An answer of the app: its status, its text and its JSON. */
export interface Posted {
  status: number;
  text: string;
  json: Record<string, any>;
}

type App = Awaited<ReturnType<typeof systemOneApp>>;

/**
 * An app over the real compiler and a fresh ledger, with a funded account and its key: `post`
 * sends a body to POST /v1/systemone with that key.
 */
export async function systemOneApp(): Promise<{ post: (payload: string) => Promise<Posted>; close: () => Promise<void> }> {
  const { deps } = await serviceDeps({ real: true });
  const account = await deps.ledger!.createAccount("app", 1_000_000_000);
  const key = newApiKey();
  await deps.ledger!.addKey(account.id, hashApiKey(key), keyPrefix(key));
  const rateLimiter = memoryRateLimiter({ max: 1_000_000, windowMs: 60_000 });
  const app = buildApp({ service: deps, rateLimiter, bodyLimit: 1024 * 1024, version: "test" });
  await app.ready();
  const post = async (payload: string): Promise<Posted> => {
    const res = await app.inject({
      method: "POST",
      url: "/v1/systemone",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      payload,
    });
    return { status: res.statusCode, text: res.body, json: res.json() as Record<string, any> };
  };
  return { post, close: () => app.close() };
}

/**
 * For a describe block: one app shared by its tests (`shared`), and fresh apps opened along the
 * way (`fresh`), all closed after it.
 */
export function appsForBlock(): { shared: () => App; fresh: () => Promise<App> } {
  let app: App | undefined;
  const opened: App[] = [];
  beforeAll(async () => {
    app = await systemOneApp();
  });
  afterAll(async () => {
    await app?.close();
    for (const a of opened) await a.close();
  });
  return {
    shared: () => app!,
    fresh: async () => {
      const a = await systemOneApp();
      opened.push(a);
      return a;
    },
  };
}

const SAMPLES = join(import.meta.dirname, "../../samples");

/** The sample models that have cases, each with its first case's state. */
export const sampleCases = <M>(): { model: M; state: Record<string, unknown> }[] =>
  readdirSync(SAMPLES)
    .filter((name) => existsSync(join(SAMPLES, name, "cases")))
    .map((name) => ({
      model: JSON.parse(readFileSync(join(SAMPLES, name, "model.json"), "utf8")) as M,
      state: (
        JSON.parse(readFileSync(join(SAMPLES, name, "cases", readdirSync(join(SAMPLES, name, "cases"))[0]!), "utf8")) as {
          state: Record<string, unknown>;
        }
      ).state,
    }));

/** The leaf header of a receipt's signature: the model hash it signs, among others. */
export const leafHeader = (receipt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(receipt.slice(0, receipt.indexOf(".")), "base64url").toString("utf8")) as Record<string, unknown>;

/** What two answers to the same body share, as JSON text: all but the signature, the latency and the money. */
export const lasting = (r: Record<string, any>): string => {
  const { receipt: _sig, latency_ms: _l, billing: _b, ...receipt } = r.receipt;
  const { usage: _u, billing: _tb, ...rest } = r;
  return JSON.stringify({ ...rest, receipt });
};
