// Requests per key per fixed window. In memory for one instance; in Redis (REDIS_URL) so several
// instances share one count per key. A Redis outage fails open: billing, not the limiter, is
// what protects the balance, and an unreachable limiter must not take the API down.
import { failOpenRedis, type FailOpenReason } from "../service/fail-open-redis.js";

interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** seconds until the window resets */
  reset: number;
}

export interface RateLimiter {
  hit(id: string): Promise<RateDecision>;
  close(): Promise<void>;
}

export interface RateLimitOptions {
  /** requests per window; 0 disables limiting */
  max: number;
  windowMs: number;
}

const decide = (count: number, max: number, msLeft: number): RateDecision => ({
  allowed: count <= max,
  limit: max,
  remaining: Math.max(0, max - count),
  reset: Math.max(1, Math.ceil(msLeft / 1000)),
});

export function unlimited(): RateLimiter {
  return { hit: async () => ({ allowed: true, limit: 0, remaining: 0, reset: 0 }), close: async () => {} };
}

export function memoryRateLimiter({ max, windowMs }: RateLimitOptions, now = () => Date.now()): RateLimiter {
  if (max <= 0) return unlimited();
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(id) {
      const t = now();
      const start = t - (t % windowMs);
      let w = windows.get(id);
      if (!w || w.start !== start) {
        if (windows.size > 100_000) windows.clear(); // bound memory; only loses counts of past windows
        w = { start, count: 0 };
        windows.set(id, w);
      }
      w.count++;
      return decide(w.count, max, start + windowMs - t);
    },
    close: async () => {},
  };
}

// INCR the window's counter and give it an expiry on first use; returns [count, ms left].
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** `failedOpen`: told of each request let through because Redis failed or did not answer in time (a metric). */
export async function redisRateLimiter(
  url: string,
  { max, windowMs }: RateLimitOptions,
  prefix = "pdm:",
  failedOpen?: (reason: FailOpenReason) => void,
): Promise<RateLimiter> {
  if (max <= 0) return unlimited();
  // fails fast at startup when REDIS_URL is set but unreachable or silent
  const { redis, guard } = await failOpenRedis(url, failedOpen);
  const open = { allowed: true, limit: max, remaining: max, reset: Math.ceil(windowMs / 1000) };
  return {
    async hit(id) {
      const t = Date.now();
      const window = Math.floor(t / windowMs);
      return guard(async (r) => {
        const [count, pttl] = (await r.eval(HIT, 1, `${prefix}rl:${id}:${window}`, String(windowMs))) as [number, number];
        return decide(count, max, pttl > 0 ? pttl : windowMs);
      }, open);
    },
    async close() {
      redis.disconnect();
    },
  };
}
