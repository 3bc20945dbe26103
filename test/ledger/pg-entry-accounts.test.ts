// Every ledger entry names an account that exists, on PostgreSQL, whoever writes it: the group
// commit's statement, an INSERT of many rows, an UPDATE of an entry's account; and an account
// that has entries is neither deleted nor renumbered (migration 4 keeps with triggers what a
// foreign key kept).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { openPostgresLedger } from "../../src/ledger/postgres.js";
import type { Ledger } from "../../src/ledger/types.js";
import { dropSchema, freshSchemaName, PG_URL, warnIfSkipped } from "./backends.js";

warnIfSkipped("entry accounts");

const FOREIGN_KEY_VIOLATION = "23503";

describe.skipIf(!PG_URL)("PostgreSQL ledger entries and their accounts", () => {
  const schema = freshSchemaName();
  let ledger: Ledger;
  let c: pg.Client;
  const refused = async (sql: string, values: unknown[] = []) =>
    (await c.query(sql, values).then(
      () => null,
      (e: { code?: string }) => e.code,
    )) ?? "accepted";

  beforeAll(async () => {
    ledger = await openPostgresLedger({ url: PG_URL!, schema });
    c = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
    await c.connect();
  });
  afterAll(async () => {
    await c?.end();
    await ledger?.close();
    await dropSchema(schema);
  });

  it("refuses an entry of an account that does not exist, alone or among others", async () => {
    const a = await ledger.createAccount("entries-a", 1_000_000);
    const insert = (ids: string[]) =>
      refused(
        `INSERT INTO ledger_entries (account_id, kind, amount_micros, created_at)
         SELECT id, 'charge', 1, 'now' FROM unnest($1::text[]) AS u(id)`,
        [ids],
      );
    expect(await insert(["no-such-account"])).toBe(FOREIGN_KEY_VIOLATION);
    expect(await insert([a.id, a.id, "no-such-account", a.id])).toBe(FOREIGN_KEY_VIOLATION);
    expect(await insert([a.id, a.id])).toBe("accepted");
    // the group commit's own statement: a charge of an unknown account keeps nothing
    const before = (await ledger.entries(a.id)).length;
    const commit = await refused(
      `SELECT pdm_commit_group('{}', '{}', '{}', '{}', '{}', '{}', $1, '{-5}', '{0}', '{}', '{}', '{}', '{}', '{}',
         $2, '{5,5}', '{r1,r2}', '{[],[]}', '{m,m}', '{t,t}')`,
      [[a.id], [a.id, "no-such-account"]],
    );
    expect(commit).toBe(FOREIGN_KEY_VIOLATION);
    expect((await ledger.entries(a.id)).length).toBe(before);
    expect(await ledger.balance(a.id)).toEqual({ balance: 1_000_000, reserved: 0, available: 1_000_000 });
  });

  it("refuses moving an entry to an account that does not exist", async () => {
    const a = await ledger.createAccount("entries-b", 5);
    expect(await refused("UPDATE ledger_entries SET account_id = 'no-such-account' WHERE account_id = $1", [a.id])).toBe(
      FOREIGN_KEY_VIOLATION,
    );
  });

  it("keeps an account that has entries, and lets one without go", async () => {
    const a = await ledger.createAccount("entries-c", 5);
    expect(await refused("DELETE FROM accounts WHERE id = $1", [a.id])).toBe(FOREIGN_KEY_VIOLATION);
    expect(await refused("UPDATE accounts SET id = 'renumbered' WHERE id = $1", [a.id])).toBe(FOREIGN_KEY_VIOLATION);
    expect(await refused("UPDATE accounts SET name = 'entries-c2' WHERE id = $1", [a.id])).toBe("accepted");
    const empty = await ledger.createAccount("entries-d", 0);
    expect(await refused("DELETE FROM accounts WHERE id = $1", [empty.id])).toBe("accepted");
  });
});
