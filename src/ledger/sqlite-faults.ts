// What SQLite's error codes mean to the ledger: the one place that maps them. A write that found
// the file's write lock held past its wait is LedgerError "busy"; one SQLite could not write to
// its file (full disk, I/O error, a file or folder turned read-only) is "unwritable"; in both the
// transaction rolled back and nothing of it was kept. Any other error is left as it is (a bug).
import { LedgerError } from "./rows.js";

/** Another connection held the write lock (SQLITE_BUSY, SQLITE_LOCKED and their extended codes). */
export const isBusy = (e: unknown): boolean => /^SQLITE_(BUSY|LOCKED)/.test((e as { code?: string } | null)?.code ?? "");

/** SQLite could not write its file (the transaction rolled back, nothing of it kept): why, or undefined for any other error. */
export function unwritable(e: unknown): string | undefined {
  const code = (e as { code?: string } | null)?.code ?? "";
  if (code === "SQLITE_FULL") return "the disk holding the SQLite ledger is full";
  if (code.startsWith("SQLITE_IOERR")) return `the SQLite ledger's file could not be written (${code})`;
  // a file, or the folder its journal goes in, that became read-only (a file system remounted read-only, a changed owner)
  if (code.startsWith("SQLITE_READONLY") || code.startsWith("SQLITE_CANTOPEN"))
    return `the SQLite ledger's file or its folder is read-only (${code})`;
  return undefined;
}

/** A SQLite error as the ledger's LedgerError "busy" or "unwritable" (`waitedMs`: the wait that was given up); any other error as it is. */
export function sqliteFault(e: unknown, waitedMs: number): unknown {
  if (e instanceof LedgerError) return e;
  if (isBusy(e)) return new LedgerError("busy", `another connection held the ledger's write lock for more than ${waitedMs} ms`);
  const why = unwritable(e);
  return why === undefined ? e : new LedgerError("unwritable", why);
}
