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
const remembered = textMemo<{ hash: string; spelling: string }>(HASH_MEMORY_CHARS);

/** A model with its identity: made only by identifyModel, so `hash` is always `model`'s. */
export interface ModelIdentity {
  readonly model: ModelInput;
  /** JSON.stringify of `{content, questions}` (questions null when absent) */
  readonly text: string;
  readonly hash: string;
  /**
   * SHA-256 of `text`: the model as spelt, its members' order included. One model (one `hash`)
   * spelt with its inputs or questions in another order compiles to a module that answers in that
   * order (the input schema, the answers), so a compiled module is kept by both (moduleKey).
   */
  readonly spelling: string;
}

export function identifyModel(model: ModelInput): ModelIdentity {
  const { content, questions } = splitModel(model);
  const value = { content, questions: questions ?? null };
  const text = JSON.stringify(value);
  if (text.length > HASH_MEMORY_CHARS) return { model, text, hash: canonicalHash(value), spelling: sha256Hex(text) };
  let known = remembered.get(text);
  if (known === undefined) {
    known = { hash: canonicalHash(value), spelling: sha256Hex(text) };
    remembered.set(text, known);
  }
  return { model, text, hash: known.hash, spelling: known.spelling };
}

/** The model's identity: bare content and `{content}` with no questions are the same model. */
export const modelHash = (model: ModelInput): string => identifyModel(model).hash;

/** `identity` when it was made for this very model, else the model's own. */
export const identityOf = (model: ModelInput, identity?: ModelIdentity): ModelIdentity =>
  identity?.model === model ? identity : identifyModel(model);

/**
 * What a model's compiled module (or its Check) is kept by, wherever it is kept: the model's
 * identity and its spelling, so a spelling never gets the module compiled for another (whose
 * answers list the inputs and questions in that other's order). Receipts and packages still name
 * the model by `hash` alone.
 */
export const moduleKey = (identity: ModelIdentity): string => `${identity.hash}.${identity.spelling}`;
