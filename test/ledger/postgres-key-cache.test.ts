// The PostgreSQL ledger caches key lookups; a revocation or a disabled account made through any
// instance reaches every other instance's cache at once (LISTEN/NOTIFY).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "../../src/ledger/api-keys.js";
import { openPostgresLedger } from "../../src/ledger/postgres.js";
import type { Ledger } from "../../src/ledger/types.js";
import { dropSchema, freshSchemaName, PG_URL, warnIfSkipped } from "./backends.js";

warnIfSkipped("key-cache");

const eventually = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
};

describe.skipIf(!PG_URL)("PostgreSQL key cache across instances", () => {
  const schema = freshSchemaName();
  let a: Ledger;
  let b: Ledger;

  beforeAll(async () => {
    a = await openPostgresLedger({ url: PG_URL!, schema });
    b = await openPostgresLedger({ url: PG_URL!, schema });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropSchema(schema);
  });

  it("sees a key revoked by another instance", async () => {
    const account = await a.createAccount("cache-revoke", 1_000_000);
    const hash = hashApiKey("pdm_cache_revoke_test_key");
    await a.addKey(account.id, hash, "pdm_cach");
    expect((await a.findKeyByHash(hash))?.key.revokedAt).toBeFalsy();
    expect((await a.findKeyByHash(hash))?.key.revokedAt).toBeFalsy(); // now served from the cache
    await b.revokeKey({ hash });
    expect(await eventually(async () => Boolean((await a.findKeyByHash(hash))?.key.revokedAt))).toBe(true);
  });

  it("sees an account disabled by another instance", async () => {
    const account = await a.createAccount("cache-disable", 1_000_000);
    const hash = hashApiKey("pdm_cache_disable_test_key");
    await a.addKey(account.id, hash, "pdm_cach");
    expect((await a.findKeyByHash(hash))?.account.disabled).toBe(false);
    await b.setDisabled(account.id, true);
    expect(await eventually(async () => (await a.findKeyByHash(hash))?.account.disabled === true)).toBe(true);
  });

  it("never caches unknown keys", async () => {
    const hash = hashApiKey("pdm_unknown_until_added");
    expect(await a.findKeyByHash(hash)).toBeNull();
    const account = await b.createAccount("cache-late", 0);
    await b.addKey(account.id, hash, "pdm_unkn");
    expect((await a.findKeyByHash(hash))?.account.id).toBe(account.id);
  });
});
