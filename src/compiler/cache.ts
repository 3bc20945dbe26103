// The compile cache: results by model identity and options, least recently used first out.
// Failed compilations are cached too, so a broken model resubmitted in a loop costs one Check.
import type { ModelInput } from "../ir/model.js";
import { modelHash } from "./identity.js";
import { LRUCache } from "lru-cache";
import type { CompileOptions, CompileResult } from "./index.js";

export interface CompileCache {
  get(model: ModelInput, options?: CompileOptions): CompileResult;
  stats(): { size: number; hits: number; misses: number };
}

const optionsKey = (o: CompileOptions): string => `${o.strict ?? true}/${o.optimise ?? true}/${o.outputs?.join("\u0000") ?? "*"}`;

export function createCompileCache(
  compile: (model: ModelInput, options: CompileOptions, hash: string) => CompileResult,
  capacity = 256,
): CompileCache {
  const entries = new LRUCache<string, CompileResult>({ max: capacity });
  let hits = 0;
  let misses = 0;
  return {
    get(model, options = {}) {
      const hash = modelHash(model);
      const key = `${hash}/${optionsKey(options)}`;
      const found = entries.get(key);
      if (found) {
        hits++;
        return found;
      }
      misses++;
      const result = compile(model, options, hash);
      entries.set(key, result);
      return result;
    },
    stats: () => ({ size: entries.size, hits, misses }),
  };
}
