// `pdm balance --account N [--json]`: the Balance object of spec 2.10.
import { formatUsd } from "../../ledger/money.js";
import { balanceView } from "../../service/billing-view.js";
import { DEFAULT_RATES } from "../../service/rates.js";
import type { TextIo } from "../io.js";
import { parseLedgerArgs, withLedger } from "../ledger-command.js";

const USAGE = "usage: pdm balance --account N [--json] [--db file]\n";

export async function run(args: string[], io: TextIo): Promise<number> {
  const parsed = parseLedgerArgs(args, { account: { type: "string" }, json: { type: "boolean" } }, io, USAGE);
  if (!parsed) return 2;
  const values = parsed.values as { account?: string; json?: boolean; db?: string };
  const name = values.account;
  if (!name) {
    io.stderr.write(USAGE);
    return 2;
  }
  return withLedger(values.db, io, async (ledger) => {
    const account = await ledger.findAccount(name);
    if (!account) {
      io.stderr.write(`no account named "${name}"\n`);
      return 1;
    }
    const b = await ledger.balance(account.id);
    if (values.json) {
      io.stdout.write(`${JSON.stringify(balanceView(b, DEFAULT_RATES.currency))}\n`);
    } else {
      io.stdout.write(
        `${name}: balance ${formatUsd(b.balance)} USD, reserved ${formatUsd(b.reserved)} USD, available ${formatUsd(b.available)} USD\n`,
      );
    }
    return 0;
  });
}
