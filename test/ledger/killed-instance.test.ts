// An instance of the PostgreSQL ledger killed with SIGKILL in the middle of its group commits:
// whatever it was doing, the ledger's sums hold (the group in flight is rolled back whole by
// PostgreSQL, or committed whole if its COMMIT had been sent; the groups before it are kept whole), and the reservations it left open are given
// back by another instance's sweep for stale reservations.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import pg from "pg";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { openPostgresLedger } from "../../src/ledger/postgres.js";
import type { Ledger } from "../../src/ledger/types.js";
import { dropSchema, freshSchemaName, PG_URL, warnIfSkipped } from "./backends.js";

warnIfSkipped("killed-instance");

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The other instance: reserves, settles and releases in rounds of 24 concurrent steps, forever. */
const WORKER = `
import { openPostgresLedger } from "./src/ledger/postgres.ts";
const ledger = await openPostgresLedger({ url: process.env.PG_URL, schema: process.env.PG_SCHEMA });
const account = process.env.ACCOUNT;
for (let round = 0; ; round++) {
  const held = await Promise.all(Array.from({ length: 24 }, (_, i) => ledger.reserve(account, 100 + ((round * 7 + i) % 300))));
  await Promise.all(held.map((r, i) => {
    if (!r.ok || i % 3 === 2) return null;
    return i % 3 === 0 ? ledger.settle(r.reservationId, (round + i) % 350, [], "worker") : ledger.release(r.reservationId);
  }));
  if (round === 1) process.stdout.write("busy\\n");
}
`;

/** The worker's connections carry this name, so that the test can see when PostgreSQL is done with them. */
const WORKER_NAME = `pdm_killed_${process.pid}`;

function startWorker(schema: string, account: string) {
  const url = new URL(PG_URL!);
  url.searchParams.set("application_name", WORKER_NAME);
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", WORKER], {
    cwd: ROOT,
    env: { ...process.env, PG_URL: url.toString(), PG_SCHEMA: schema, ACCOUNT: account },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const busy = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => resolve());
    child.on("exit", (code) => reject(new Error(`the worker exited with ${code}: ${err}`)));
  });
  const killed = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return { child, busy, killed };
}

describe.skipIf(!PG_URL)("a PostgreSQL ledger instance killed with SIGKILL", () => {
  const schema = freshSchemaName();
  let ledger: Ledger;
  let db: pg.Client;
  beforeAll(async () => {
    ledger = await openPostgresLedger({ url: PG_URL!, schema });
    db = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
    await db.connect();
  });
  afterAll(async () => {
    await ledger?.close();
    await db?.end();
    await dropSchema(schema);
  });

  it("leaves the sums whole, and its open reservations are released by the survivor", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 400 }), async (lateMs) => {
        const account = await ledger.createAccount(`killed-${n++}`, 1_000_000);
        const worker = startWorker(schema, account.id);
        await worker.busy;
        const alive = "SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE application_name = $1";
        const backends = async () => (await db.query<{ n: number }>(alive, [WORKER_NAME])).rows[0]!.n;
        expect(await backends()).toBeGreaterThan(0);
        await new Promise((r) => setTimeout(r, lateMs));
        worker.child.kill("SIGKILL");
        await worker.killed;
        // what the worker sent before it died PostgreSQL still carries out (a COMMIT it has received
        // commits); its backends end once they find the connection closed, and only then are the
        // sums final
        while ((await backends()) > 0) await new Promise((r) => setTimeout(r, 10));

        const sums = async () => {
          const b = await ledger.balance(account.id);
          const entries = await ledger.entries(account.id);
          const held = await db.query<{ n: string; total: string | null }>(
            "SELECT COUNT(*) AS n, SUM(amount_micros) AS total FROM reservations WHERE account_id = $1",
            [account.id],
          );
          const charges = entries.filter((e) => e.kind === "charge").reduce((s, e) => s + e.amount, 0);
          return { b, charges, open: Number(held.rows[0]!.n), heldTotal: Number(held.rows[0]!.total ?? 0) };
        };
        const after = await sums();
        expect(after.charges).toBeGreaterThan(0);
        expect(after.b.balance).toBe(1_000_000 - after.charges);
        expect(after.b.reserved).toBe(after.heldTotal);
        expect(after.b.available).toBeGreaterThanOrEqual(0);

        await new Promise((r) => setTimeout(r, 2));
        expect(await ledger.releaseStale(0)).toBe(after.open);
        const swept = await sums();
        expect(swept.b).toEqual({ balance: after.b.balance, reserved: 0, available: after.b.balance });
        expect(swept.open).toBe(0);
        expect(swept.charges).toBe(after.charges);
      }),
      { numRuns: 4 },
    );
  });
});
