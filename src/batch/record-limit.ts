// The longest record a batch reads: a record past it is skipped unread (its bytes are never held
// whole) and becomes its row's error record, the same from every engine, and the batch goes on.
// Without a bound one record held a batch's memory: a 200 MB JSONL line took 1.3 GB with the JS
// engine and 1.1 GB with DuckDB's.
import { diagnostic } from "../ir/diagnostics.js";
import type { RowError } from "./records.js";

/** The default limit, in bytes (`--max-record-bytes`): 16 MiB. */
export const MAX_RECORD_BYTES = 16 << 20;

/** A record longer than `limit` bytes: its row's error. */
export function longRecord(limit: number): RowError {
  const { code, message } = diagnostic("state.invalid", { variant: "long", limit });
  return { code, message };
}
