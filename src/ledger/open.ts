// Chooses the store: PostgreSQL when a URL is given (DATABASE_URL), otherwise the SQLite file.
import { checkpointInBackground } from "./background-checkpoints.js";
import { openPostgresLedger } from "./postgres.js";
import { LedgerError } from "./rows.js";
import { openSqliteLedger } from "./sqlite.js";
import type { Ledger } from "./types.js";

const DEFAULT_DB_FILE = "./data/pdm.db";

export interface LedgerLocation {
  /** SQLite file (ignored when databaseUrl is set) */
  dbFile?: string;
  databaseUrl?: string;
  /** PostgreSQL schema (PDM_PG_SCHEMA), so several deployments or test runs share one database */
  pgSchema?: string;
  /** PDM_PG_SYNCHRONOUS_COMMIT, as given: "off" commits money steps without waiting for the disk (docs/deploy.md, "Durability") */
  pgSynchronousCommit?: string;
  /** PDM_PG_GROUPS_IN_FLIGHT, as given: groups of money steps committing at once, a connection each (default 1) */
  pgGroupsInFlight?: string;
}

/** --db / PDM_DB / DATABASE_URL / PDM_PG_SCHEMA / PDM_PG_SYNCHRONOUS_COMMIT / PDM_PG_GROUPS_IN_FLIGHT, as every command reads them. */
export function ledgerLocation(dbOption: string | undefined, env: NodeJS.ProcessEnv = process.env): LedgerLocation {
  return {
    dbFile: dbOption ?? env.PDM_DB ?? DEFAULT_DB_FILE,
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchema: env.PDM_PG_SCHEMA || undefined,
    pgSynchronousCommit: env.PDM_PG_SYNCHRONOUS_COMMIT || undefined,
    pgGroupsInFlight: env.PDM_PG_GROUPS_IN_FLIGHT || undefined,
  };
}

/** The PostgreSQL settings as numbers and flags; a value neither names is refused (when the ledger opens) rather than guessed. */
function groupsInFlight(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= 16)) throw new Error(`PDM_PG_GROUPS_IN_FLIGHT must be a whole number from 1 to 16, not ${JSON.stringify(value)}`);
  return n;
}

/** "on" (or unset) and "off", as PostgreSQL spells the setting. */
function synchronousCommit(value: string | undefined): boolean {
  if (value === undefined || value === "on") return true;
  if (value === "off") return false;
  throw new Error(`PDM_PG_SYNCHRONOUS_COMMIT must be on or off, not ${JSON.stringify(value)}`);
}

/**
 * `backgroundCheckpoints`: a SQLite file's checkpoints run in a worker thread (checkpointer.ts),
 * for a server, whose requests would otherwise wait for them; a command's few writes do not need it.
 */
export async function openLedger(at: LedgerLocation, o: { backgroundCheckpoints?: boolean } = {}): Promise<Ledger> {
  if (at.databaseUrl)
    return openPostgresLedger({
      url: at.databaseUrl,
      schema: at.pgSchema,
      synchronousCommit: synchronousCommit(at.pgSynchronousCommit),
      groupConnections: groupsInFlight(at.pgGroupsInFlight),
    });
  const file = at.dbFile ?? DEFAULT_DB_FILE;
  if (!o.backgroundCheckpoints || file === ":memory:") return openSqliteFile(file);
  const ledger = openSqliteFile(file, { checkpointAfterPages: BACKSTOP_PAGES });
  let stop: () => Promise<void>;
  try {
    stop = await checkpointInBackground(file);
  } catch (e) {
    await ledger.close();
    throw e;
  }
  return {
    ...ledger,
    async close() {
      await stop();
      await ledger.close();
    },
  };
}

/** openSqliteLedger, a failure naming the file (a read-only file system: SQLite says only "unable to open database file"). */
function openSqliteFile(file: string, o?: Parameters<typeof openSqliteLedger>[1]): Ledger {
  try {
    return openSqliteLedger(file, o);
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    const hint = /^(SQLITE_CANTOPEN|SQLITE_READONLY|EROFS|EACCES)/.test(code)
      ? " (the file or its folder is read-only, or not this user's to write)"
      : "";
    throw new Error(`the SQLite ledger ${file} (--db, PDM_DB) did not open: ${(e as Error).message}${hint}`, { cause: e });
  }
}

/** With the checkpointer, the server's own connection checkpoints only when the log is this long (about 40 MB). */
const BACKSTOP_PAGES = 10_000;

export function describeLocation(at: LedgerLocation): string {
  if (at.databaseUrl) return `PostgreSQL (schema ${at.pgSchema ?? "public"})`;
  return `SQLite ${at.dbFile ?? DEFAULT_DB_FILE}`;
}

/**
 * An error of an opened ledger as the admin commands and `pdm serve` print it: a write the ledger
 * could not make (LedgerError "busy" or "unwritable") names the ledger and the setting that chose
 * it (the service's answer, ledger_busy or ledger_unwritable, does not: the file is the server's).
 */
export function ledgerFailure(at: LedgerLocation, e: unknown): string {
  const message = (e as Error).message;
  if (!(e instanceof LedgerError && (e.code === "busy" || e.code === "unwritable"))) return message;
  const ledger = at.databaseUrl
    ? `the PostgreSQL ledger (DATABASE_URL, schema ${at.pgSchema ?? "public"})`
    : `the SQLite ledger ${at.dbFile ?? DEFAULT_DB_FILE} (--db, PDM_DB)`;
  return `${ledger}: ${message}`;
}
