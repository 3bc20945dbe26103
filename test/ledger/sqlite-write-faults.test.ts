// A SQLite ledger whose file turned read-only after it opened (a file system remounted read-only):
// every write, in the group commits or outside them (accounts, keys, top-ups, the signing key), is
// refused as LedgerError "unwritable", which the service answers 503 ledger_unwritable with
// Retry-After, and an admin command prints naming the file. Injected with SQLite's query_only on
// the ledger's own connection (writes then fail SQLITE_READONLY, as on a read-only file).
import type Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { withLedger } from "../../src/cli/ledger-command.js";
import { LedgerError } from "../../src/ledger/rows.js";
import { openSqliteLedger } from "../../src/ledger/sqlite.js";
import type { Ledger } from "../../src/ledger/types.js";
import { toProblem } from "../../src/server/errors.js";

// every connection the ledger opens, so the test can turn one read-only once the ledger is open
const opened = vi.hoisted(() => [] as Database.Database[]);
vi.mock("better-sqlite3", async (importOriginal) => {
  const Real = (await importOriginal<{ default: typeof Database }>()).default;
  class Recorded extends Real {
    constructor(...args: ConstructorParameters<typeof Database>) {
      super(...args);
      opened.push(this);
    }
  }
  return { default: Recorded };
});

const dir = mkdtempSync(join(tmpdir(), "pdm-write-faults-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

/** The ledger opened on a new file, with an account and a key, then its connection made read-only. */
async function readOnlyLedger(name: string): Promise<{ ledger: Ledger; account: string; key: string; file: string }> {
  const file = join(dir, `${name}.db`);
  const ledger = openSqliteLedger(file);
  const account = (await ledger.createAccount("a", 1_000_000)).id;
  const key = (await ledger.addKey(account, "hash-a", "pdm_a")).id;
  opened.at(-1)!.pragma("query_only = ON");
  return { ledger, account, key, file };
}

const unwritable = (e: unknown) => e instanceof LedgerError && e.code === "unwritable";

describe("a SQLite ledger that cannot write", () => {
  it("refuses every write as 'unwritable' (503 ledger_unwritable with Retry-After), nothing changed; reads go on", async () => {
    const { ledger, account, key } = await readOnlyLedger("every-write");
    const writes: Record<string, () => Promise<unknown>> = {
      createAccount: () => ledger.createAccount("b", 5),
      setDisabled: () => ledger.setDisabled(account, true),
      addKey: () => ledger.addKey(account, "hash-b", "pdm_b"),
      revokeKey: () => ledger.revokeKey({ id: key }),
      revokeKeyByHash: () => ledger.revokeKey({ hash: "hash-a" }),
      topup: () => ledger.topup(account, 10),
      signingKey: () => ledger.signingKey(async () => ({ kid: "k", privateJwk: {}, publicJwk: {} })),
      reserve: () => ledger.reserve(account, 10),
      reserveAndSettle: () => ledger.reserveAndSettle(account, 10, 5, [], "", () => {}),
    };
    for (const [name, write] of Object.entries(writes)) {
      const e = await write().then(
        () => null,
        (error: unknown) => error,
      );
      expect(unwritable(e), `${name}: ${String(e)}`).toBe(true);
      expect((e as Error).message, name).toMatch(/read-only \(SQLITE_READONLY/);
      const p = toProblem(e);
      expect([p.status, p.code, p.headers?.["Retry-After"]], name).toEqual([503, "ledger_unwritable", "30"]);
    }
    expect((await ledger.listAccounts()).map((a) => [a.name, a.disabled])).toEqual([["a", false]]);
    expect((await ledger.listKeys(account)).map((k) => k.revokedAt)).toEqual([null]);
    expect(await ledger.balance(account)).toEqual({ balance: 1_000_000, reserved: 0, available: 1_000_000 });
    expect(await ledger.signingKeys()).toEqual([]);
    await ledger.close();
  });

  it("an admin command prints the failure naming the file and the setting, exit 1", async () => {
    // the command opens the SQLite file it is given, not a PostgreSQL ledger a DATABASE_URL beside it names
    vi.stubEnv("DATABASE_URL", "");
    const file = join(dir, "admin.db");
    await openSqliteLedger(file).close();
    let stderr = "";
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => ((stderr += s), true) } };
    const code = await withLedger(file, io as never, async (ledger) => {
      opened.at(-1)!.pragma("query_only = ON");
      await ledger.createAccount("b", 5);
      return 0;
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `pdm: the SQLite ledger ${file} (--db, PDM_DB): the SQLite ledger's file or its folder is read-only (SQLITE_READONLY)\n`,
    );
  });
});
