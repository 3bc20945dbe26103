// What the admin commands (accounts, keys, balance, topup) share: their arguments with `--db`,
// and a ledger opened for the command and closed after it, whatever happens.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { ledgerLocation, openLedger } from "../ledger/open.js";
import type { Ledger } from "../ledger/types.js";
import type { TextIo } from "./io.js";

export async function withLedger(db: string | undefined, io: TextIo, fn: (l: Ledger) => Promise<number>): Promise<number> {
  let ledger: Ledger | undefined;
  try {
    ledger = await openLedger(ledgerLocation(db));
    return await fn(ledger);
  } catch (e) {
    io.stderr.write(`pdm: ${(e as Error).message}\n`);
    return 1;
  } finally {
    await ledger?.close();
  }
}

/** The command's options plus `--db`; null (after printing the problem and the usage) when they do not parse. */
export function parseLedgerArgs(args: string[], options: NonNullable<ParseArgsConfig["options"]>, io: TextIo, usage: string) {
  try {
    return parseArgs({ args, options: { ...options, db: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (e) {
    io.stderr.write(`${(e as Error).message}\n${usage}`);
    return null;
  }
}
