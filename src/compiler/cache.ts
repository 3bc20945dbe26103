// The compile cache: results by model identity and spelling (moduleKey) and options, least
// recently used first out.
// Failed compilations are cached too, so a broken model resubmitted in a loop costs one Check.
// The same cache holds asynchronous results (a compile or a Check made in a worker thread): the
// pending promise is the entry, so concurrent requests for one model share one compilation, and a
// rejected one is forgotten (the next request tries again) unless `remember` says the failure is
// the model's own (it overran a limit), so resubmitting it costs nothing either.
// The cache is bounded by count and by bytes: an entry weighs its model's text and, once compiled,
// its generated code (a module may have 2 MiB and 16 characters per character of its model), at
// two bytes a character, so 256 large models cannot hold gigabytes.
import type { ModelInput } from "../ir/model.js";
import { identityOf, moduleKey, type ModelIdentity } from "./identity.js";
import { LRUCache } from "lru-cache";
import type { CompileOptions, CompileResult } from "./index.js";

export interface CacheStats {
  size: number;
  /** what the entries weigh, in bytes (CacheLimits) */
  bytes: number;
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

/** How many results a cache keeps at most, and how many bytes they weigh at most. */
export interface CacheLimits {
  count: number;
  bytes: number;
}

export const DEFAULT_CACHE_LIMITS: CacheLimits = { count: 256, bytes: 256 * 1024 * 1024 };

/** The characters of a compiled module's code (its source and explain source); none for a failure or a Check. */
function codeChars(result: unknown): number {
  const loadable = (result as { model?: { loadable?: { source?: unknown; explainSource?: unknown } } } | null)?.model?.loadable;
  const chars = (text: unknown) => (typeof text === "string" ? text.length : 0);
  return chars(loadable?.source) + chars(loadable?.explainSource);
}

/** An entry's weight in bytes: its model's text and its code, two bytes a character. */
const weigh = (modelChars: number, result: unknown): number => 2 * (modelChars + codeChars(result)) || 1;

const optionsKey = (o: CompileOptions): string => `${o.strict ?? true}/${o.optimise ?? true}/${o.outputs?.join("\u0000") ?? "*"}`;
/** What a result is kept by: a module by moduleKey (its spelling's order is its answers'); a Check may be kept by the identity alone. */
export type ModelKey = (identity: ModelIdentity) => string;

export function createResultCache<V extends object>(
  produce: (model: ModelInput, options: CompileOptions, hash: string) => V,
  limits: CacheLimits = DEFAULT_CACHE_LIMITS,
  remember: (error: unknown) => boolean = () => false,
  modelKey: ModelKey = moduleKey,
): ResultCache<V> {
  const keyOf = (identity: ModelIdentity, options: CompileOptions): string => `${modelKey(identity)}/${optionsKey(options)}`;
  const weights = new WeakMap<V, number>();
  const entries = new LRUCache<string, V>({ max: limits.count, maxSize: limits.bytes, sizeCalculation: (v) => weights.get(v) ?? 1 });
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
      weights.set(result, weigh(own.text.length, result));
      entries.set(key, result);
      if (result instanceof Promise) {
        result.then(
          // weighed again with its code once compiled (set anew: the cache weighs an entry as it is set)
          (done: unknown) => {
            if (entries.peek(key) !== result) return;
            weights.set(result, weigh(own.text.length, done));
            entries.delete(key);
            entries.set(key, result);
          },
          (e: unknown) => {
            if (!remember(e) && entries.peek(key) === result) entries.delete(key);
          },
        );
      }
      return result;
    },
    has: (model, options = {}, identity) => entries.has(keyOf(identityOf(model, identity), options)),
    stats: () => ({ size: entries.size, bytes: entries.calculatedSize, hits, misses }),
  };
}

export const createCompileCache = (
  compile: (model: ModelInput, options: CompileOptions, hash: string) => CompileResult,
  limits: CacheLimits = DEFAULT_CACHE_LIMITS,
): CompileCache => createResultCache(compile, limits);
