// The HTTP app over the service's test dependencies (harness.ts), with a funded account and its
// key, for tests that send System One bodies as a client does.
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
