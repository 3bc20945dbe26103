// Redis for what may do without it: the rate limiter (which then lets requests through) and the
// questions cache (which then misses). A command that Redis does not answer within
// REDIS_COMMAND_MS fails like one Redis refused: a server that accepts the connection and never
// answers (hung, paused by CLIENT PAUSE, a proxy whose far side is gone) would otherwise hold every
// request, and the start, forever. After such a timeout the connection is dropped and opened anew:
// the replies the silent connection still owes would otherwise answer later commands.
import { Redis } from "ioredis";

/** How long one command may wait for Redis. */
export const REDIS_COMMAND_MS = 1000;

export interface FailOpenRedis {
  redis: Redis;
  /** `work`'s result, or `fallback` when Redis fails or does not answer in time */
  guard<T>(work: (redis: Redis) => Promise<T>, fallback: T): Promise<T>;
}

/** Why a command fell back: Redis did not answer within REDIS_COMMAND_MS, or failed. */
export type FailOpenReason = "timeout" | "error";

/**
 * Connected and answering, else the start fails (within connectTimeout and REDIS_COMMAND_MS).
 * `failedOpen` is told each time a command falls back, so that failing open is seen (a metric).
 */
export async function failOpenRedis(url: string, failedOpen: (reason: FailOpenReason) => void = () => {}): Promise<FailOpenRedis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true, connectTimeout: 3000, commandTimeout: REDIS_COMMAND_MS });
  redis.on("error", () => {}); // reported through failed commands; avoid an unhandled 'error' event
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    redis.disconnect();
    throw e;
  }
  return {
    redis,
    async guard(work, fallback) {
      try {
        return await work(redis);
      } catch (e) {
        const timedOut = (e as Error).message === "Command timed out";
        if (timedOut) redis.disconnect(true);
        failedOpen(timedOut ? "timeout" : "error");
        return fallback;
      }
    },
  };
}
