// pdm accounts: create, list, disable and enable accounts in the ledger.
import { formatUsd, parseUsd } from "../../ledger/money.js";
import { command, str, UsageError, type CommandSpec } from "../command.js";
import { DB_OPTION, LEDGER_ENVIRONMENT, withAccount, withLedger } from "../ledger-command.js";

const ACTIONS = ["create", "list", "disable", "enable"];

export const spec: CommandSpec = {
  name: "accounts",
  summary: "create, list, disable and enable accounts",
  positionals: [{ name: "action", description: "create | list | disable | enable", required: true }],
  options: {
    name: { type: "string", value: "NAME", description: "the account (create, disable, enable)" },
    balance: { type: "string", value: "USD", description: "opening balance for create, at most 6 decimals", default: "0" },
    db: DB_OPTION,
  },
  environment: LEDGER_ENVIRONMENT,
  examples: ["pdm accounts create --name acme --balance 25", "pdm accounts list", "pdm accounts disable --name acme"],
  exits: { 0: "done", 1: "no such account, or the ledger cannot be opened", 2: "the arguments are wrong" },
};

export const run = command(spec, async (args, io) => {
  const action = args.positionals[0]!;
  const name = str(args, "name");
  const db = str(args, "db");
  if (!ACTIONS.includes(action)) throw new UsageError(spec, `unknown action ${JSON.stringify(action)}; it is one of ${ACTIONS.join(", ")}`);
  if (action === "list") {
    return withLedger(db, io, async (ledger) => {
      for (const a of await ledger.listAccounts()) {
        const b = await ledger.balance(a.id);
        io.stdout.write(`${a.name}\t${formatUsd(b.balance)} USD${a.disabled ? "\tdisabled" : ""}\n`);
      }
      return 0;
    });
  }
  if (!name) throw new UsageError(spec, `${action} needs --name`);
  if (action === "create") {
    const opening = parseUsd(str(args, "balance")!);
    if (opening === null) throw new UsageError(spec, `--balance must be a USD amount with at most 6 decimals, got ${str(args, "balance")}`);
    return withLedger(
      db,
      io,
      async (ledger) => {
        const a = await ledger.createAccount(name, opening);
        io.stdout.write(`created account "${a.name}" with ${formatUsd(opening)} USD\n`);
        return 0;
      },
      { create: true },
    );
  }
  return withAccount(db, name, io, async (ledger, a) => {
    await ledger.setDisabled(a.id, action === "disable");
    io.stdout.write(`account "${name}" ${action}d\n`);
    return 0;
  });
});
