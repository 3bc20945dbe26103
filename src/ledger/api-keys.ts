// API keys are random bearer tokens; the ledger stores only their SHA-256 and a short prefix.
import { createHash, randomBytes } from "node:crypto";

const KEY_PREFIX = "pdm_";

export function newApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString("base64url");
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** The recognisable start of a key (prefix plus 6 characters), never enough to use it. */
export function keyPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}
