// `pdm topup --account N --usd X`: credit the account; prints the new balance.
import { formatUsd, parseUsd } from "../../ledger/money.js";
import type { TextIo } from "../io.js";
import { parseLedgerArgs, withLedger } from "../ledger-command.js";

const USAGE = "usage: pdm topup --account N --usd X [--db file]\n";

export async function run(args: string[], io: TextIo): Promise<number> {
  const parsed = parseLedgerArgs(args, { account: { type: "string" }, usd: { type: "string" } }, io, USAGE);
  if (!parsed) return 2;
  const values = parsed.values as { account?: string; usd?: string; db?: string };
  const name = values.account;
  const amount = values.usd === undefined ? null : parseUsd(values.usd);
  if (!name || amount === null || amount === 0) {
    io.stderr.write(`${values.usd !== undefined ? "--usd must be a positive USD amount with at most 6 decimals\n" : ""}${USAGE}`);
    return 2;
  }
  return withLedger(values.db, io, async (ledger) => {
    const account = await ledger.findAccount(name);
    if (!account) {
      io.stderr.write(`no account named "${name}"\n`);
      return 1;
    }
    const b = await ledger.topup(account.id, amount, "top-up (CLI)");
    io.stdout.write(`${name}: added ${formatUsd(amount)} USD; balance ${formatUsd(b.balance)} USD\n`);
    return 0;
  });
}
