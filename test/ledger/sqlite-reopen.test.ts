import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { openSqliteLedger } from "../../src/ledger/sqlite.js";
import { LATEST_VERSION, MIGRATIONS } from "../../src/ledger/migrations.js";
import { parseUsd, formatUsd, toUsd, tokenCost } from "../../src/ledger/money.js";

describe("SQLite ledger file", () => {
  it("keeps data across reopenings and applies each migration once, in WAL mode", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "pdm-reopen-")), "nested", "pdm.db");
    const first = openSqliteLedger(file);
    const a = await first.createAccount("keep", 1_234_567);
    await first.close();
    const second = openSqliteLedger(file);
    expect(await second.balance(a.id)).toEqual({ balance: 1_234_567, reserved: 0, available: 1_234_567 });
    expect(await second.schemaVersion()).toBe(LATEST_VERSION);
    await second.close();
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare("SELECT version FROM schema_migrations ORDER BY version").all()).toEqual(
      MIGRATIONS.map((m) => ({ version: m.version })),
    );
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    raw.close();
  });

  it("refuses, at the database level, a balance below its reservations", () => {
    const file = join(mkdtempSync(join(tmpdir(), "pdm-check-")), "pdm.db");
    openSqliteLedger(file).close();
    const raw = new Database(file);
    raw.prepare("INSERT INTO accounts (id, name, balance_micros, reserved_micros, created_at) VALUES ('x', 'x', 5, 0, 'now')").run();
    expect(() => raw.prepare("UPDATE accounts SET reserved_micros = 6 WHERE id = 'x'").run()).toThrow(/CHECK/);
    raw.close();
  });
});

describe("money", () => {
  it("parses and prints USD exactly as micro-dollars", () => {
    expect(parseUsd("0.1")).toBe(100_000);
    expect(parseUsd("12")).toBe(12_000_000);
    expect(parseUsd("3.000001")).toBe(3_000_001);
    expect(parseUsd("1.0000001")).toBeNull();
    expect(parseUsd("-1")).toBeNull();
    expect(parseUsd("abc")).toBeNull();
    expect(formatUsd(1_228)).toBe("0.001228");
    expect(toUsd(9_998_772)).toBe(9.998772);
  });

  it("gives as dollars the number its 6-decimal text reads as, for any safe integer", () => {
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.integer({ min: -2_000_000, max: 2_000_000 })), (micros) => {
        expect(toUsd(micros)).toBe(Number(formatUsd(micros)));
      }),
      { numRuns: 20_000 },
    );
  });

  it("rounds token costs up to a whole micro-dollar", () => {
    expect(tokenCost(614, 2_000_000)).toBe(1_228);
    expect(tokenCost(3, 1_500_000)).toBe(5);
    expect(tokenCost(0, 1_500_000)).toBe(0);
    expect(tokenCost(1, 1)).toBe(1);
  });
});
