// The service's metrics in Prometheus format (GET /metrics): requests by route and status with
// their latency, the compile cache, ledger latency and reservations held, provider calls and
// tokens. One registry per app, so several apps in one process (tests) never share counters.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { CacheStats } from "../../compiler/index.js";

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface Metrics {
  registry: Registry;
  requests: Counter<"method" | "route" | "status">;
  requestSeconds: Histogram<"method" | "route">;
  ledgerSeconds: Histogram<"operation">;
  reservationsHeld: Gauge;
  providerCalls: Counter<"kind" | "provider" | "outcome">;
  providerTokens: Counter<"provider" | "direction">;
  /** Redis commands that failed or timed out, so the rate limiter let the request through or the questions cache missed */
  redisFailOpen: Counter<"use" | "reason">;
  /** connections closed as they were accepted, past the server's bound or their address's (connection-limits.ts) */
  connectionsRefused: Counter<"reason">;
}

/** What the compile pool reports: workers busy, jobs waiting, workers replaced and evaluations run since start. */
interface PoolStats {
  stats(): { busy: number; queued: number; replaced: number; evaluations: number };
}

export function createMetrics(cache: { stats(): CacheStats }, pool?: PoolStats): Metrics {
  const registry = new Registry();
  const m: Metrics = {
    registry,
    requests: new Counter({
      name: "pdm_http_requests_total",
      help: "HTTP requests by method, route and status",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    }),
    requestSeconds: new Histogram({
      name: "pdm_http_request_duration_seconds",
      help: "HTTP request latency",
      labelNames: ["method", "route"],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    ledgerSeconds: new Histogram({
      name: "pdm_ledger_operation_duration_seconds",
      help: "ledger operation latency",
      labelNames: ["operation"],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    reservationsHeld: new Gauge({
      name: "pdm_reservations_held",
      help: "reservations this instance holds now (reserved, not yet settled or released)",
      registers: [registry],
    }),
    connectionsRefused: new Counter({
      name: "pdm_connections_refused_total",
      help: "connections closed unread as they were accepted: past --max-connections (reason server) or past --max-client-connections from one address (reason client)",
      labelNames: ["reason"],
      registers: [registry],
    }),
    redisFailOpen: new Counter({
      name: "pdm_redis_fail_open_total",
      help: "Redis commands that failed (reason error) or were not answered within the command timeout (reason timeout): the rate limiter let the request through uncounted (use rate_limit), the questions cache missed (use questions_cache)",
      labelNames: ["use", "reason"],
      registers: [registry],
    }),
    providerCalls: new Counter({
      name: "pdm_provider_calls_total",
      help: "reader and generator calls by outcome",
      labelNames: ["kind", "provider", "outcome"],
      registers: [registry],
    }),
    providerTokens: new Counter({
      name: "pdm_provider_tokens_total",
      help: "provider tokens by direction",
      labelNames: ["provider", "direction"],
      registers: [registry],
    }),
  };
  // the longest the event loop was held between two scrapes: what a request that does its work on
  // the loop, instead of in a worker, costs every other request
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  new Gauge({
    name: "pdm_event_loop_delay_max_seconds",
    help: "the longest event loop delay since the previous scrape",
    registers: [registry],
    collect() {
      this.set(delay.max / 1e9);
      delay.reset();
    },
  });
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge("pdm_compile_cache_entries", "compiled models in the cache", () => cache.stats().size);
  gauge("pdm_compile_cache_bytes", "what the compiled models in the cache weigh, in bytes (--cache-bytes)", () => cache.stats().bytes);
  gauge("pdm_compile_cache_hits", "compile cache hits since start", () => cache.stats().hits);
  gauge("pdm_compile_cache_misses", "compile cache misses (compilations) since start", () => cache.stats().misses);
  if (pool) {
    gauge("pdm_compile_workers_busy", "compile workers running a job", () => pool.stats().busy);
    gauge("pdm_compile_queue_length", "models waiting for a compile worker", () => pool.stats().queued);
    gauge("pdm_compile_workers_replaced", "compile workers replaced since start (past a limit, or failed)", () => pool.stats().replaced);
    gauge(
      "pdm_evaluations_off_loop",
      "executions run whole in a compile worker since start, past the event loop's share of the budget (--eval-on-loop, --eval-on-loop-ms)",
      () => pool.stats().evaluations,
    );
  }
  return m;
}
