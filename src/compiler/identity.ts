// One identity for a model: the SHA-256 of the canonical JSON (RFC 8785) of {content, questions},
// so the same model in any key order or spacing, with or without an empty questions field, is one
// model everywhere (compile cache, receipts, packages).
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import type { ModelInput } from "../ir/model.js";
import { splitModel } from "./1-parse/content/split-model.js";

/** SHA-256 of any JSON value's canonical form. */
export function canonicalHash(value: unknown): string {
  return createHash("sha256")
    .update(canonicalize(value) ?? "null")
    .digest("hex");
}

/** The model's identity: bare content and `{content}` with no questions are the same model. */
export function modelHash(model: ModelInput): string {
  const { content, questions } = splitModel(model);
  return canonicalHash({ content, questions: questions ?? null });
}
