// Compiled models, least recently used first out, keyed by the SHA-256 of the canonical JSON
// (RFC 8785) of {content, questions}: the same model in any key order or spacing compiles once.
// Failed compilations are cached too, so a broken model resubmitted in a loop costs one Check.
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import type { CompileResult, ModelInput } from "../compiler.js";

export interface CompileCache {
  get(model: { content: Record<string, unknown>; questions?: Record<string, unknown> }): CompileResult;
  stats(): { size: number; hits: number; misses: number };
}

export function contentHash(value: unknown): string {
  return createHash("sha256").update(canonicalize(value) ?? "null").digest("hex");
}

export function createCompileCache(compile: (m: ModelInput) => CompileResult, capacity = 256): CompileCache {
  const entries = new Map<string, CompileResult>();
  let hits = 0;
  let misses = 0;
  return {
    get(model) {
      const key = contentHash({ content: model.content, questions: model.questions ?? null });
      const found = entries.get(key);
      if (found) {
        hits++;
        entries.delete(key); // re-insert: Map order is the recency order
        entries.set(key, found);
        return found;
      }
      misses++;
      const result = compile(model);
      entries.set(key, result);
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
      return result;
    },
    stats: () => ({ size: entries.size, hits, misses }),
  };
}
