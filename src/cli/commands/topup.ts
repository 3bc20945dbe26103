// pdm topup: credit an account; prints the new balance.
import { formatUsd, parseUsd } from "../../ledger/money.js";
import { command, str, UsageError, type CommandSpec } from "../command.js";
import { DB_OPTION, LEDGER_ENVIRONMENT, withAccount } from "../ledger-command.js";

export const spec: CommandSpec = {
  name: "topup",
  summary: "add funds to an account",
  options: {
    account: { type: "string", value: "NAME", description: "the account" },
    usd: { type: "string", value: "USD", description: "the amount, positive, at most 6 decimals" },
    db: DB_OPTION,
  },
  environment: LEDGER_ENVIRONMENT,
  examples: ["pdm topup --account acme --usd 50", "pdm topup --account dev --usd 0.25"],
  exits: { 0: "credited", 1: "no such account, or the ledger cannot be opened", 2: "the arguments are wrong" },
};

export const run = command(spec, async (args, io) => {
  const name = str(args, "account");
  const usd = str(args, "usd");
  if (!name) throw new UsageError(spec, "--account is required");
  if (usd === undefined) throw new UsageError(spec, "--usd is required");
  const amount = parseUsd(usd);
  if (amount === null || amount === 0)
    throw new UsageError(spec, `--usd must be a positive USD amount with at most 6 decimals, got ${usd}`);
  return withAccount(str(args, "db"), name, io, async (ledger, account) => {
    const b = await ledger.topup(account.id, amount, "top-up (CLI)");
    io.stdout.write(`${name}: added ${formatUsd(amount)} USD; balance ${formatUsd(b.balance)} USD\n`);
    return 0;
  });
});
