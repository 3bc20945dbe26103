// Chooses the store: PostgreSQL when a URL is given (DATABASE_URL), otherwise the SQLite file.
import { openPostgresLedger } from "./postgres.js";
import { openSqliteLedger } from "./sqlite.js";
import type { Ledger } from "./types.js";

const DEFAULT_DB_FILE = "./data/pdm.db";

export interface LedgerLocation {
  /** SQLite file (ignored when databaseUrl is set) */
  dbFile?: string;
  databaseUrl?: string;
  /** PostgreSQL schema (PDM_PG_SCHEMA), so several deployments or test runs share one database */
  pgSchema?: string;
}

/** --db / PDM_DB / DATABASE_URL / PDM_PG_SCHEMA, as every command reads them. */
export function ledgerLocation(dbOption: string | undefined, env: NodeJS.ProcessEnv = process.env): LedgerLocation {
  return {
    dbFile: dbOption ?? env.PDM_DB ?? DEFAULT_DB_FILE,
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchema: env.PDM_PG_SCHEMA || undefined,
  };
}

export async function openLedger(at: LedgerLocation): Promise<Ledger> {
  if (at.databaseUrl) return openPostgresLedger({ url: at.databaseUrl, schema: at.pgSchema });
  return openSqliteLedger(at.dbFile ?? DEFAULT_DB_FILE);
}

export function describeLocation(at: LedgerLocation): string {
  if (at.databaseUrl) return `PostgreSQL (schema ${at.pgSchema ?? "public"})`;
  return `SQLite ${at.dbFile ?? DEFAULT_DB_FILE}`;
}
