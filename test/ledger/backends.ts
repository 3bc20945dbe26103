// The ledger stores under test: SQLite always; PostgreSQL when DATABASE_URL is set (as in CI),
// each run in a fresh schema dropped afterwards so parallel runs never collide.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openSqliteLedger } from "../../src/ledger/sqlite.js";
import { openPostgresLedger } from "../../src/ledger/postgres.js";
import type { Ledger } from "../../src/ledger/types.js";

export interface Backend {
  name: "sqlite" | "postgres";
  available: boolean;
  open(): Promise<{ ledger: Ledger; dispose(): Promise<void> }>;
}

export const PG_URL = process.env.DATABASE_URL;

export function freshSchemaName(): string {
  return `pdm_test_${process.pid}_${randomBytes(4).toString("hex")}`;
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export const BACKENDS: Backend[] = [
  {
    name: "sqlite",
    available: true,
    async open() {
      const dir = mkdtempSync(join(tmpdir(), "pdm-ledger-"));
      const ledger = openSqliteLedger(join(dir, "ledger.db"));
      return { ledger, dispose: () => ledger.close() };
    },
  },
  {
    name: "postgres",
    available: Boolean(PG_URL),
    async open() {
      const schema = freshSchemaName();
      const ledger = await openPostgresLedger({ url: PG_URL!, schema });
      return {
        ledger,
        async dispose() {
          await ledger.close();
          await dropSchema(schema);
        },
      };
    },
  },
];

export function warnIfSkipped(what: string): void {
  if (!PG_URL) console.warn(`NOTICE: DATABASE_URL is not set; the PostgreSQL ${what} suite is skipped.`);
}
