// Models are identified by the sha256 of their canonical JSON (RFC 8785).
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

export function contentHash(value: unknown): string {
  return createHash("sha256").update(canonicalize(value) ?? "null").digest("hex");
}
