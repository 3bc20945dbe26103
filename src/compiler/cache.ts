// The compile cache: results by model identity and spelling (moduleKey) and options, least
// recently used first out.
// Failed compilations are cached too, so a broken model resubmitted in a loop costs one Check.
// The same cache holds asynchronous results (a compile or a Check made in a worker thread): the
// pending promise is the entry, so concurrent requests for one model share one compilation, and a
// rejected one is forgotten (the next request tries again) unless `remember` says the failure is
// the model's own (it overran a limit), so resubmitting it costs nothing either.
import type { ModelInput } from "../ir/model.js";
import { identityOf, moduleKey, type ModelIdentity } from "./identity.js";
import { LRUCache } from "lru-cache";
import type { CompileOptions, CompileResult } from "./index.js";

export interface CacheStats {
  size: number;
  hits: number;
  misses: number;
}

export interface ResultCache<V> {
  /** `identity`, when given, is the model's own (identifyModel), so the model is not serialised again */
  get(model: ModelInput, options?: CompileOptions, identity?: ModelIdentity): V;
  /** whether `get` would answer from the cache */
  has(model: ModelInput, options?: CompileOptions, identity?: ModelIdentity): boolean;
  stats(): CacheStats;
}

export type CompileCache = ResultCache<CompileResult>;

const optionsKey = (o: CompileOptions): string => `${o.strict ?? true}/${o.optimise ?? true}/${o.outputs?.join("\u0000") ?? "*"}`;
/** What a result is kept by: a module by moduleKey (its spelling's order is its answers'); a Check may be kept by the identity alone. */
export type ModelKey = (identity: ModelIdentity) => string;

export function createResultCache<V extends object>(
  produce: (model: ModelInput, options: CompileOptions, hash: string) => V,
  capacity = 256,
  remember: (error: unknown) => boolean = () => false,
  modelKey: ModelKey = moduleKey,
): ResultCache<V> {
  const keyOf = (identity: ModelIdentity, options: CompileOptions): string => `${modelKey(identity)}/${optionsKey(options)}`;
  const entries = new LRUCache<string, V>({ max: capacity });
  let hits = 0;
  let misses = 0;
  return {
    get(model, options = {}, identity) {
      const own = identityOf(model, identity);
      const key = keyOf(own, options);
      const found = entries.get(key);
      if (found) {
        hits++;
        return found;
      }
      misses++;
      const result = produce(model, options, own.hash);
      entries.set(key, result);
      if (result instanceof Promise) {
        result.catch((e: unknown) => {
          if (!remember(e) && entries.peek(key) === result) entries.delete(key);
        });
      }
      return result;
    },
    has: (model, options = {}, identity) => entries.has(keyOf(identityOf(model, identity), options)),
    stats: () => ({ size: entries.size, hits, misses }),
  };
}

export const createCompileCache = (
  compile: (model: ModelInput, options: CompileOptions, hash: string) => CompileResult,
  capacity = 256,
): CompileCache => createResultCache(compile, capacity);
