// API keys are random bearer tokens; the ledger stores only their SHA-256 and a short prefix.
import { randomBytes } from "node:crypto";
import { sha256Hex } from "../compiler/sha256.js";

const KEY_PREFIX = "pdm_";

export function newApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString("base64url");
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** The recognisable start of a key (prefix plus 6 characters), never enough to use it. */
export function keyPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}
