// Connections to the Redis a distributed batch runs on. A URL that is not redis:// or rediss://,
// or a server that does not answer, is a sentence naming the URL (without its password). While
// Redis is away, commands wait for it: a plain connection's for about half a minute (then they
// fail, and the run stops with a message), a blocking one's (BullMQ's worker and events) for good.
import { Redis } from "ioredis";

/** A problem before a run starts: an unusable URL, Redis out of reach, a run that cannot be resumed. */
export class QueueError extends Error {}

/** A run that stopped part way; `resumable`: its state is kept in Redis for --resume. */
export class RunStopped extends QueueError {
  constructor(
    message: string,
    readonly resumable: boolean,
  ) {
    super(message);
  }
}

/** The URL as it may be printed: without a password. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
}

function checkUrl(url: string): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new QueueError(`--queue must be a Redis URL, redis://host:6379[/db] (got ${url})`);
  }
  if (protocol !== "redis:" && protocol !== "rediss:")
    throw new QueueError(`--queue must be a redis:// or rediss:// URL (got ${shownUrl(url)})`);
}

/** A connected client; `blocking` for BullMQ's workers and event readers (their commands never time out). */
export async function openRedis(url: string, options: { blocking?: boolean } = {}): Promise<Redis> {
  checkUrl(url);
  let connected = false;
  let problem: Error | null = null;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5000,
    // once connected, reconnection delays: quick at first, then every 2 s; 20 of them ≈ 30 s
    // before a command fails. A server that does not answer the first time is reported at once.
    retryStrategy: (times) => (connected ? Math.min(times * 200, 2000) : null),
    maxRetriesPerRequest: options.blocking ? null : 20,
  });
  redis.on("error", (e: Error) => (problem = e)); // reported through the commands that fail; no unhandled 'error' event
  try {
    await redis.connect();
    await redis.ping();
    connected = true;
  } catch (e) {
    redis.disconnect();
    throw new QueueError(`cannot reach Redis at ${shownUrl(url)}: ${(problem ?? (e as Error)).message}`);
  }
  return redis;
}
