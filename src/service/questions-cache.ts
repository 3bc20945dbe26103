// The account's disposable questions cache (spec 4.2 rule 1): the model generated for a set of
// questions, keyed per account by the canonical questions, the mode, the generator and, where the
// generator was shown it, the state's shape (its keys and their types: providers/state-shape.ts).
// A state's values are never part of the key (rule 2), so answers are always computed fresh; its
// shape is, because a language model drafts the inputs to read the keys the caller has, and a
// draft made for one shape would ask a caller with other keys for evidence they do not send. In memory for one instance
// (least recently used out, with a lifetime); in Redis (REDIS_URL) so instances share it. A Redis
// outage degrades to misses: the model is generated again, never served stale or wrong.
import { canonicalHash } from "../compiler/index.js";
import type { StateShape } from "../providers/state-shape.js";
import { failOpenRedis, type FailOpenReason } from "./fail-open-redis.js";
import type { PortableModel } from "./resolve-model.js";

export interface QuestionsCache {
  get(key: string): Promise<PortableModel | null>;
  set(key: string, model: PortableModel): Promise<void>;
  /** resolves when the store answers (readiness) */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface QuestionsCacheOptions {
  ttlMs: number;
  /** entries at most */
  capacity: number;
  /** the most the entries' models may weigh, two bytes a character of their JSON (absent: count only) */
  bytes?: number;
}

/** `shape` is the state's shape the generator drafted from; none (a text state, the Direct generator) keys as before. */
export function questionsCacheKey(
  accountId: string | null,
  questions: Record<string, unknown>,
  mode: string,
  generator: string,
  shape?: StateShape,
): string {
  return canonicalHash({ account: accountId, questions, mode, generator, ...(shape ? { shape } : {}) });
}

/** What a cached model weighs: its JSON, two bytes a character (a generated model is as large as its questions and drafts make it). */
const weigh = (model: PortableModel): number => 2 * JSON.stringify(model).length;

/** Least recently used out past `capacity` entries or `bytes` of models; a model heavier than `bytes` alone is not kept. */
export function memoryQuestionsCache({ ttlMs, capacity, bytes = Infinity }: QuestionsCacheOptions, now = () => Date.now()) {
  const entries = new Map<string, { model: PortableModel; expires: number; weight: number }>();
  let held = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    held -= e.weight;
  };
  const cache: QuestionsCache & { stats(): { entries: number; bytes: number } } = {
    async get(key) {
      const e = entries.get(key);
      if (!e) return null;
      entries.delete(key);
      if (e.expires <= now()) {
        held -= e.weight;
        return null;
      }
      entries.set(key, e); // re-insert: Map order is the recency order
      return e.model;
    },
    async set(key, model) {
      drop(key);
      const weight = weigh(model);
      if (weight > bytes) return;
      entries.set(key, { model, expires: now() + ttlMs, weight });
      held += weight;
      while (entries.size > capacity || held > bytes) drop(entries.keys().next().value!);
    },
    stats: () => ({ entries: entries.size, bytes: held }),
    ping: async () => {},
    close: async () => {},
  };
  return cache;
}

/** `failedOpen`: told of each miss because Redis failed or did not answer in time (a metric). */
export async function redisQuestionsCache(
  url: string,
  { ttlMs }: QuestionsCacheOptions,
  prefix = "pdm:",
  failedOpen?: (reason: FailOpenReason) => void,
): Promise<QuestionsCache> {
  const { redis, guard } = await failOpenRedis(url, failedOpen);
  const at = (key: string) => `${prefix}qc:${key}`;
  return {
    get: (key) =>
      guard(async (r) => {
        const text = await r.get(at(key));
        return text ? (JSON.parse(text) as PortableModel) : null;
      }, null),
    // a lost entry only costs a regeneration
    set: (key, model) => guard(async (r) => void (await r.set(at(key), JSON.stringify(model), "PX", ttlMs)), undefined),
    async ping() {
      await redis.ping();
    },
    async close() {
      redis.disconnect();
    },
  };
}
