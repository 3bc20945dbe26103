// One identity for a model: the SHA-256 of the canonical JSON (RFC 8785) of {content, questions},
// so the same model in any key order or spacing, with or without an empty questions field, is one
// model everywhere (compile cache, receipts, packages). The service asks for the same model's hash
// on every call, so hashes are remembered by the model's plain JSON text: the same text is the same
// value, so a remembered hash is always right, and the native JSON.stringify costs a fraction of
// canonicalising.
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { LRUCache } from "lru-cache";
import type { ModelInput } from "../ir/model.js";
import { splitModel } from "./1-parse/content/split-model.js";

/** SHA-256 of any JSON value's canonical form. */
export function canonicalHash(value: unknown): string {
  return createHash("sha256")
    .update(canonicalize(value) ?? "null")
    .digest("hex");
}

/** Remembered hashes, keyed by the model's JSON text; at most this many characters of keys. */
const HASH_MEMORY_CHARS = 16 * 1024 * 1024;
const remembered = new LRUCache<string, string>({ maxSize: HASH_MEMORY_CHARS, sizeCalculation: (_hash, text) => text.length || 1 });

/** The model's identity: bare content and `{content}` with no questions are the same model. */
export function modelHash(model: ModelInput): string {
  const { content, questions } = splitModel(model);
  const value = { content, questions: questions ?? null };
  const text = JSON.stringify(value);
  if (text.length > HASH_MEMORY_CHARS) return canonicalHash(value);
  let hash = remembered.get(text);
  if (hash === undefined) {
    hash = canonicalHash(value);
    remembered.set(text, hash);
  }
  return hash;
}
