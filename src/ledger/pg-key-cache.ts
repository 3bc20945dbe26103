// API-key lookups cached in-process for the PostgreSQL ledger, so an authenticated request costs
// no round trip for its key. Correct across instances: every change to a key or an account's
// status is announced with NOTIFY, every instance LISTENs and drops its cache, and nothing is
// served from the cache while the listening connection is down.
import type pg from "pg";
import { LRUCache } from "lru-cache";
import type { KeyLookup } from "./types.js";

/** Entries also expire on their own, as a backstop against a notification lost in transit. */
const TTL_MS = 60_000;
const CAPACITY = 10_000;

export class KeyCache {
  private readonly entries = new LRUCache<string, { lookup: KeyLookup; at: number }>({ max: CAPACITY });
  private listener: pg.Client | null = null;
  /** bumped by every invalidation, so a lookup that raced with one is not cached */
  private generation = 0;

  constructor(readonly channel: string) {}

  /** Starts listening; without a listener the cache stays empty and every lookup queries. */
  async listen(connect: () => pg.Client): Promise<void> {
    const client = connect();
    const down = () => {
      if (this.listener === client) this.listener = null;
      this.clear();
    };
    client.on("error", down);
    client.on("end", down);
    client.on("notification", () => this.clear());
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      this.listener = client;
    } catch {
      down();
      await client.end().catch(() => {});
    }
  }

  get(hash: string): KeyLookup | undefined {
    if (!this.listener) return undefined;
    const hit = this.entries.get(hash);
    return hit && Date.now() - hit.at < TTL_MS ? hit.lookup : undefined;
  }

  /** Taken before a lookup query; `set` ignores results of queries an invalidation overtook. */
  stamp(): number {
    return this.generation;
  }

  /** Only keys that exist are kept, so unknown keys cannot fill the cache. */
  set(hash: string, lookup: KeyLookup, stamp: number): void {
    if (this.listener && stamp === this.generation) this.entries.set(hash, { lookup, at: Date.now() });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  async close(): Promise<void> {
    const client = this.listener;
    this.listener = null;
    this.clear();
    await client?.end().catch(() => {});
  }
}
