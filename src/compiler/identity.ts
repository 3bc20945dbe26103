// One identity for a model: the SHA-256 of the canonical JSON (RFC 8785) of {content, questions},
// so the same model in any key order or spacing, with or without an empty questions field, is one
// model everywhere (compile cache, receipts, packages). The service asks for the same model's hash
// on every call, so hashes are remembered by the model's plain JSON text: the same text is the same
// value, so a remembered hash is always right, and the native JSON.stringify costs a fraction of
// canonicalising. A caller that needs the text too (the service echoes it) identifies the model
// once and passes the identity on, so the model is serialised once per request.
import type { ModelInput } from "../ir/model.js";
import { splitModel } from "./1-parse/content/split-model.js";
import { canonicalJson } from "./canonical-json.js";
import { sha256Hex } from "./sha256.js";
import { textMemo } from "./text-memo.js";

/** SHA-256 of any JSON value's canonical form. */
export function canonicalHash(value: unknown): string {
  return sha256Hex(canonicalJson(value) ?? "null");
}

/** Remembered hashes, keyed by the model's JSON text; at most this many characters of keys. */
const HASH_MEMORY_CHARS = 16 * 1024 * 1024;
const remembered = textMemo<string>(HASH_MEMORY_CHARS);

/** A model with its identity: made only by identifyModel, so `hash` is always `model`'s. */
export interface ModelIdentity {
  readonly model: ModelInput;
  /** JSON.stringify of `{content, questions}` (questions null when absent) */
  readonly text: string;
  readonly hash: string;
}

export function identifyModel(model: ModelInput): ModelIdentity {
  const { content, questions } = splitModel(model);
  const value = { content, questions: questions ?? null };
  const text = JSON.stringify(value);
  if (text.length > HASH_MEMORY_CHARS) return { model, text, hash: canonicalHash(value) };
  let hash = remembered.get(text);
  if (hash === undefined) {
    hash = canonicalHash(value);
    remembered.set(text, hash);
  }
  return { model, text, hash };
}

/** The model's identity: bare content and `{content}` with no questions are the same model. */
export const modelHash = (model: ModelInput): string => identifyModel(model).hash;

/** `identity`'s hash when it was made for this very model, else the model's own. */
export const hashOf = (model: ModelInput, identity?: ModelIdentity): string =>
  identity?.model === model ? identity.hash : modelHash(model);
