// Assembles and starts the service: ledger, signer, prices, compile cache, rate limiter,
// readers and generators (from the environment, docs/providers.md), questions cache, app.
import pino from "pino";
import type { FastifyInstance } from "fastify";
import { availableParallelism } from "node:os";
import { openLedger, type LedgerLocation } from "../ledger/open.js";
import type { Ledger } from "../ledger/types.js";
import { providerConfig, type ProviderConfig } from "../providers/config.js";
import { createProviders } from "../providers/registry.js";
import { memoryQuestionsCache, redisQuestionsCache } from "../service/questions-cache.js";
import { DEFAULT_LIMITS, type Limits } from "../service/deps.js";
import { loadRates } from "../service/rates.js";
import { createSigner } from "../service/signer.js";
import { countTokens } from "../service/tokens.js";
import { loadEnglish } from "../providers/readers/text/english.js";
import { buildApp, type AppOptions } from "./app.js";
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from "./client-errors.js";
import { CompilePool, type CompilePoolOptions } from "./compile-pool/pool.js";
import { DEFAULT_CACHE_LIMITS } from "../compiler/index.js";
import { pooledCompiler } from "./compile-pool/pooled-compiler.js";
import { instrumentLedger, instrumentProviders } from "./observability/instrument.js";
import { offLoopDocuments } from "./off-loop-documents.js";
import { offLoopReading } from "./off-loop-reader.js";
import { createMetrics } from "./observability/metrics.js";
import { bootstrapIfEmpty } from "./bootstrap.js";
import { memoryRateLimiter, redisRateLimiter, type RateLimitOptions } from "./rate-limit.js";
import pkg from "../../package.json" with { type: "json" };

export interface ServerOptions {
  port: number;
  host: string;
  location: LedgerLocation;
  /** run unmetered: no ledger, no authentication (benchmarks, local experiments) */
  noLedger?: boolean;
  /** create the dev account and key when the database has no account */
  bootstrap: boolean;
  ratesFile?: string;
  bodyLimit: number;
  /** header size and timeouts of the connections */
  http?: HttpLimits;
  limits: Limits;
  rateLimit: RateLimitOptions;
  redisUrl?: string;
  redisPrefix?: string;
  cacheSize: number;
  /** the most bytes the compiled models (and, apart, the Check results) kept in memory may weigh */
  cacheBytes: number;
  /** the worker processes that compile and check models (docs/service.md, "Compile limits") */
  compile: CompilePoolOptions;
  /** pino level for the request log ("info" by default; "silent" for none) */
  logLevel?: string;
  logStream?: NodeJS.WritableStream;
  /** how long a graceful shutdown waits for requests in flight before it cuts them */
  shutdownMs?: number;
  /** language models and embedded providers; read from the environment when absent */
  providers?: ProviderConfig;
  /** the playground page's folder and workspace */
  web?: AppOptions["web"];
}

export const DEFAULTS = {
  port: 8080,
  host: "127.0.0.1",
  bodyLimit: 1024 * 1024,
  http: DEFAULT_HTTP_LIMITS,
  limits: DEFAULT_LIMITS,
  rateLimit: { max: 600, windowMs: 60_000 },
  cacheSize: DEFAULT_CACHE_LIMITS.count,
  cacheBytes: DEFAULT_CACHE_LIMITS.bytes,
  compile: { workers: Math.max(1, availableParallelism() - 1), timeoutMs: 10_000, memoryMb: 512, waitMs: 10_000, share: 0.5 },
};

/** The request log's writes: at least this many bytes, or what there is after this long. */
const LOG_BATCH_BYTES = 8 * 1024;
const LOG_FLUSH_MS = 250;

/**
 * Reservations older than this were left by a crashed process and are released. A SQLite ledger
 * belongs to one instance, so at its start every reservation is one its previous run left; a
 * PostgreSQL ledger is shared, and another instance's reservations are young.
 */
const STALE_RESERVATION_MS = 10 * 60_000;

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  ledger: Ledger | null;
  bootstrap: { account: string; key: string } | null;
  close(): Promise<void>;
}

export async function startServer(o: ServerOptions): Promise<RunningServer> {
  // Configuration mistakes stop the start, before any connection is opened.
  const providerSettings = o.providers ?? providerConfig();
  // What has been opened, closed in reverse if the start fails (a port in use, Redis away), so a
  // failed start leaves no connection holding the process open.
  const closers: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
  };
  try {
    return await start(o, providerSettings, closers);
  } catch (e) {
    await closeAll();
    throw e;
  }
}

async function start(o: ServerOptions, providerSettings: ProviderConfig, closers: (() => Promise<void>)[]): Promise<RunningServer> {
  const opened = o.noLedger ? null : await openLedger(o.location, { backgroundCheckpoints: true });
  if (opened) closers.push(() => opened.close());
  const pool = await CompilePool.start(o.compile);
  closers.push(() => pool.close());
  const compiler = pooledCompiler(pool, { count: o.cacheSize, bytes: o.cacheBytes });
  const metrics = createMetrics(compiler, pool);
  const instrumented = opened ? instrumentLedger(opened, metrics) : null;
  const ledger = instrumented?.ledger ?? null;
  const boot = ledger && o.bootstrap ? await bootstrapIfEmpty(ledger) : null;
  await ledger?.releaseStale(o.location.databaseUrl ? STALE_RESERVATION_MS : 0);
  const sweep = ledger ? setInterval(() => void ledger.releaseStale(STALE_RESERVATION_MS).catch(() => {}), 60_000) : null;
  sweep?.unref();

  // failing open is counted: pdm_redis_fail_open_total
  const failedOpen = (use: string) => (reason: string) => metrics.redisFailOpen.inc({ use, reason });
  const rateLimiter = o.redisUrl
    ? await redisRateLimiter(o.redisUrl, o.rateLimit, o.redisPrefix, failedOpen("rate_limit"))
    : memoryRateLimiter(o.rateLimit);
  closers.push(() => rateLimiter.close());
  const cacheOptions = {
    ttlMs: providerSettings.questionsCacheTtlMs,
    capacity: providerSettings.questionsCacheSize,
    bytes: providerSettings.questionsCacheBytes,
  };
  const questionsCache = o.redisUrl
    ? await redisQuestionsCache(o.redisUrl, cacheOptions, o.redisPrefix, failedOpen("questions_cache"))
    : memoryQuestionsCache(cacheOptions);
  closers.push(() => questionsCache.close());
  // The request log goes to standard output asynchronously, in writes of at least LOG_BATCH_BYTES:
  // a busy server makes one write per few dozen requests instead of one per request, and a quiet
  // one writes what it has every LOG_FLUSH_MS. Flushed on close. Each line is handed over as its
  // bytes: given text, the destination appends it to the pending text and measures all of that
  // again at every line (about 2 µs a line of the 6 µs a line costs in all).
  const logDestination = o.logStream ? null : pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, contentMode: "buffer" });
  const logLines = logDestination && { write: (line: string) => logDestination.write(Buffer.from(line) as unknown as string) };
  const logFlush = logDestination ? setInterval(() => logDestination.flush(), LOG_FLUSH_MS) : null;
  logFlush?.unref();
  if (logFlush) closers.push(async () => clearInterval(logFlush));
  // the tokenizer builds its tables and the text reader loads its English model on first use (tens
  // and hundreds of milliseconds): not in a request's time
  countTokens("warm up");
  loadEnglish();
  const app = buildApp({
    service: {
      compiler,
      ledger,
      signer: await createSigner(ledger),
      rates: loadRates(o.ratesFile),
      limits: o.limits,
      providers: instrumentProviders(
        offLoopDocuments(
          offLoopReading(createProviders(providerSettings), (request) => pool.run("read", {}, "", request)),
          (file, index) => pool.run("document", {}, "", { file, index }),
        ),
        metrics,
      ),
      questionsCache,
      offload: (job, hash, limits) => pool.run("evaluate", job.model, hash, { job, limits }),
    },
    rateLimiter,
    bodyLimit: o.bodyLimit,
    http: o.http,
    version: pkg.version,
    logLevel: o.logLevel ?? "info",
    logStream: o.logStream ?? (logLines as unknown as NodeJS.WritableStream | null) ?? undefined,
    metrics,
    web: o.web,
    readiness: {
      ...(ledger ? { ledger: async () => void (await ledger.schemaVersion()) } : {}),
      ...(o.redisUrl ? { redis: () => questionsCache.ping() } : {}),
    },
  });
  const url = await app.listen({ port: o.port, host: o.host });
  return {
    app,
    url,
    ledger,
    bootstrap: boot,
    async close() {
      if (sweep) clearInterval(sweep);
      // New requests get 503 while those in flight finish; past the deadline they are cut, and
      // whatever they still held is released, so nothing stays reserved.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, o.shutdownMs ?? 25_000)));
      // a keep-alive connection whose request finished during the close is idle now: let it go
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      const closed = await Promise.race([app.close().then(() => true), deadline.then(() => false)]);
      clearTimeout(timer);
      clearInterval(idle);
      if (!closed) app.server.closeAllConnections();
      for (const id of [...(instrumented?.held ?? [])]) await ledger!.release(id).catch(() => {});
      await rateLimiter.close();
      await questionsCache.close();
      await pool.close();
      await ledger?.close();
      if (logFlush) clearInterval(logFlush);
      logDestination?.flushSync();
    },
  };
}
