// pdm balance: the Balance object of spec 2.10 for one account.
import { formatUsd } from "../../ledger/money.js";
import { balanceView } from "../../service/billing-view.js";
import { DEFAULT_RATES } from "../../service/rates.js";
import { command, flag, str, UsageError, type CommandSpec } from "../command.js";
import { DB_OPTION, LEDGER_ENVIRONMENT, withAccount } from "../ledger-command.js";

export const spec: CommandSpec = {
  name: "balance",
  summary: "an account's balance, reserved and available funds",
  options: {
    account: { type: "string", value: "NAME", description: "the account" },
    json: { type: "boolean", description: "print the Balance object (spec 2.10) as JSON" },
    db: DB_OPTION,
  },
  environment: LEDGER_ENVIRONMENT,
  examples: ["pdm balance --account dev", "pdm balance --account acme --json"],
  exits: { 0: "printed", 1: "no such account, or the ledger cannot be opened", 2: "the arguments are wrong" },
};

export const run = command(spec, async (args, io) => {
  const name = str(args, "account");
  if (!name) throw new UsageError(spec, "--account is required");
  return withAccount(str(args, "db"), name, io, async (ledger, account) => {
    const b = await ledger.balance(account.id);
    if (flag(args, "json")) {
      io.stdout.write(`${JSON.stringify(balanceView(b, DEFAULT_RATES.currency))}\n`);
    } else {
      io.stdout.write(
        `${name}: balance ${formatUsd(b.balance)} USD, reserved ${formatUsd(b.reserved)} USD, available ${formatUsd(b.available)} USD\n`,
      );
    }
    return 0;
  });
});
