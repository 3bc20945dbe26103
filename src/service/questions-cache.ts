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
import { failOpenRedis } from "./fail-open-redis.js";
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
  capacity: number;
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

export function memoryQuestionsCache({ ttlMs, capacity }: QuestionsCacheOptions, now = () => Date.now()): QuestionsCache {
  const entries = new Map<string, { model: PortableModel; expires: number }>();
  return {
    async get(key) {
      const e = entries.get(key);
      if (!e) return null;
      entries.delete(key);
      if (e.expires <= now()) return null;
      entries.set(key, e); // re-insert: Map order is the recency order
      return e.model;
    },
    async set(key, model) {
      entries.delete(key);
      entries.set(key, { model, expires: now() + ttlMs });
      while (entries.size > capacity) entries.delete(entries.keys().next().value!);
    },
    ping: async () => {},
    close: async () => {},
  };
}

export async function redisQuestionsCache(url: string, { ttlMs }: QuestionsCacheOptions, prefix = "pdm:"): Promise<QuestionsCache> {
  const { redis, guard } = await failOpenRedis(url);
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
