// A server's SQLite ledger checkpoints in a worker thread: committed pages reach the database file
// without the server's connection doing it, and every charge is still there, exactly, after the
// ledger is closed and opened again.
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openLedger } from "../../src/ledger/open.js";
import { openSqliteLedger } from "../../src/ledger/sqlite.js";

const items = [{ kind: "k", description: "d".repeat(200), quantity: 1, unit: "token", rate: 1, amount: 3 }];

describe("background checkpoints", () => {
  it("move committed pages into the file while the server's connection only writes, and lose nothing", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "pdm-ckpt-")), "pdm.db");
    const ledger = await openLedger({ dbFile: file }, { backgroundCheckpoints: true });
    const account = await ledger.createAccount("a", 10_000_000);
    const before = statSync(file).size;
    const charges = 600;
    for (let i = 0; i < charges; i += 20) {
      await Promise.all(Array.from({ length: 20 }, () => ledger.reserveAndSettle(account.id, 10, 3, items, "x")));
    }
    // far fewer pages than the server connection's own threshold: only the worker copies them
    const deadline = Date.now() + 10_000;
    while (statSync(file).size <= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(statSync(file).size).toBeGreaterThan(before);
    await ledger.close();
    const reopened = openSqliteLedger(file);
    expect(await reopened.balance(account.id)).toEqual({
      balance: 10_000_000 - 3 * charges,
      reserved: 0,
      available: 10_000_000 - 3 * charges,
    });
    expect((await reopened.entries(account.id)).filter((e) => e.kind === "charge")).toHaveLength(charges);
    await reopened.close();
  });
});
