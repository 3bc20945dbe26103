// The one way the service compiles and checks a model: `compile` and `check`, both cached by the
// model's identity (a compile by its spelling too: compiler/identity.ts, moduleKey), both asynchronous so the server can do the work off its event loop (a worker
// pool, src/server/compile-pool) while tests and tools do it inline. A compile that overruns a
// limit rejects with a ProblemError naming the limit. The client asking (the API key, else the
// address) goes with a compile or Check the cache does not answer, so a pool can hold each client
// to its share of its room (src/server/compile-pool/pool.ts).
import type { ProblemError } from "./problems.js";
import {
  checkModel,
  compileUncached,
  createResultCache,
  DEFAULT_CACHE_LIMITS,
  type CacheLimits,
  type CacheStats,
  type CheckResult,
  type CompileResult,
  type ModelIdentity,
  type ModelInput,
} from "../compiler/index.js";

export interface ModelCompiler {
  /**
   * `identity` (identifyModel of this model), when the caller has it, saves serialising the model
   * again; `client`, who asks, is held to its share of the compile work when the cache does not answer
   */
  compile(model: ModelInput, identity?: ModelIdentity, client?: string): Promise<CompileResult>;
  check(model: ModelInput, client?: string): Promise<CheckResult>;
  /** the refusal a compile or Check `client` asks for now would get, over its share (null: it would be taken) */
  shareFull(client: string): ProblemError | null;
  /** whether `compile(model)` answers from the cache, with no compile work */
  compiled(model: ModelInput, identity?: ModelIdentity): boolean;
  /** the compile cache's figures */
  stats(): CacheStats;
  /** the Check cache's figures */
  checkStats(): CacheStats;
}

/**
 * A compiler and a Check, each behind a cache of results by model identity within `limits`; a failure
 * `remember` accepts is cached as the model's answer, any other is retried on the next request.
 */
export function cachedCompiler(
  compile: (model: ModelInput, hash: string, client?: string) => Promise<CompileResult>,
  check: (model: ModelInput, hash: string, client?: string) => Promise<CheckResult>,
  limits: CacheLimits,
  remember?: (error: unknown) => boolean,
  shareFull: (client: string) => ProblemError | null = () => null,
): ModelCompiler {
  /** the client of the get() in progress: a cache calls its producer within get, synchronously */
  let asking: string | undefined;
  const asked = <T>(client: string | undefined, get: () => T): T => {
    asking = client;
    try {
      return get();
    } finally {
      asking = undefined;
    }
  };
  const compiles = createResultCache((m, _o, hash) => compile(m, hash, asking), limits, remember);
  // a Check's findings are the model's, whatever its spelling: kept by the identity alone
  const checks = createResultCache(
    (m, _o, hash) => check(m, hash, asking),
    limits,
    remember,
    (identity) => identity.hash,
  );
  return {
    compile: (m, identity, client) => asked(client, () => compiles.get(m, {}, identity)),
    check: (m, client) => asked(client, () => checks.get(m)),
    shareFull,
    compiled: (m, identity) => compiles.has(m, {}, identity),
    stats: () => compiles.stats(),
    checkStats: () => checks.stats(),
  };
}

/** Compiles and checks on the calling thread (tests, tools). */
export const inlineCompiler = (
  compile: (model: ModelInput) => CompileResult = (m) => compileUncached(m),
  check: (model: ModelInput) => CheckResult = (m) => checkModel(m),
  limits: CacheLimits = DEFAULT_CACHE_LIMITS,
): ModelCompiler =>
  cachedCompiler(
    async (m) => compile(m),
    async (m) => check(m),
    limits,
  );
