// What the admin commands (accounts, keys, balance, topup) share: the `--db` option, and a ledger
// opened for the command and closed after it, whatever happens. An admin command never creates an
// empty SQLite ledger by accident (run from another folder, `./data/pdm.db` is another file): only
// `accounts create` may start a new one, and says so.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describeLocation, ledgerFailure, ledgerLocation, type LedgerLocation } from "../ledger/open.js";
import { openLedger } from "../ledger/open.js";
import type { Account, Ledger } from "../ledger/types.js";
import type { OptionSpec } from "./command.js";
import type { TextIo } from "./io.js";

export const DB_OPTION: OptionSpec = {
  type: "string",
  value: "FILE",
  description: "the SQLite ledger (default $PDM_DB, else ./data/pdm.db); DATABASE_URL selects PostgreSQL instead",
};

export const LEDGER_ENVIRONMENT = {
  PDM_DB: "the SQLite ledger file when --db is not given",
  DATABASE_URL: "a PostgreSQL ledger (postgres://...), used instead of SQLite",
  PDM_PG_SCHEMA: "the PostgreSQL schema (default public)",
  PDM_PG_SYNCHRONOUS_COMMIT: "off: PostgreSQL commits charges without waiting for the disk (docs/deploy.md, Durability); default on",
  PDM_PG_GROUPS_IN_FLIGHT: "PostgreSQL: groups of charges committing at once, a connection each (default 1; docs/deploy.md)",
};

function missingLedger(at: LedgerLocation): string | null {
  if (at.databaseUrl || !at.dbFile || existsSync(at.dbFile)) return null;
  return `no ledger at ${at.dbFile} (${resolve(at.dbFile)}): start the service once with \`pdm serve\` in the folder that should hold it, create one with \`pdm accounts create\`, or point --db, PDM_DB or DATABASE_URL at an existing ledger`;
}

export async function withLedger(
  db: string | undefined,
  io: TextIo,
  fn: (l: Ledger) => Promise<number>,
  options: { create?: boolean } = {},
): Promise<number> {
  const at = ledgerLocation(db);
  const missing = missingLedger(at);
  if (missing && !options.create) {
    io.stderr.write(`pdm: ${missing}\n`);
    return 1;
  }
  let ledger: Ledger | undefined;
  try {
    ledger = await openLedger(at);
    if (missing) io.stderr.write(`created a new ledger: ${describeLocation(at)}\n`);
    return await fn(ledger);
  } catch (e) {
    io.stderr.write(`pdm: ${ledgerFailure(at, e)}\n`);
    return 1;
  } finally {
    await ledger?.close();
  }
}

/** The named account in an opened ledger, or a sentence and exit 1 when there is none. */
export function withAccount(
  db: string | undefined,
  name: string,
  io: TextIo,
  fn: (l: Ledger, account: Account) => Promise<number>,
): Promise<number> {
  return withLedger(db, io, async (ledger) => {
    const account = await ledger.findAccount(name);
    if (!account) {
      io.stderr.write(`no account named "${name}"\n`);
      return 1;
    }
    return fn(ledger, account);
  });
}
