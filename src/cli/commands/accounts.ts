// `pdm accounts create --name N [--balance USD]`, `accounts list`, `accounts disable|enable --name N`.
import { formatUsd, parseUsd } from "../../ledger/money.js";
import type { TextIo } from "../io.js";
import { parseLedgerArgs, withLedger } from "../ledger-command.js";

const USAGE = `usage: pdm accounts create --name N [--balance USD] [--db file]
       pdm accounts list [--db file]
       pdm accounts disable|enable --name N [--db file]
`;

export async function run(args: string[], io: TextIo): Promise<number> {
  const parsed = parseLedgerArgs(args, { name: { type: "string" }, balance: { type: "string" } }, io, USAGE);
  if (!parsed) return 2;
  const { values, positionals } = parsed as { values: Record<string, string | undefined>; positionals: string[] };
  const [sub] = positionals;
  const name = values.name;
  if (sub === "list") {
    return withLedger(values.db, io, async (ledger) => {
      for (const a of await ledger.listAccounts()) {
        const b = await ledger.balance(a.id);
        io.stdout.write(`${a.name}\t${formatUsd(b.balance)} USD${a.disabled ? "\tdisabled" : ""}\n`);
      }
      return 0;
    });
  }
  if ((sub !== "create" && sub !== "disable" && sub !== "enable") || !name) {
    io.stderr.write(USAGE);
    return 2;
  }
  if (sub === "create") {
    const opening = values.balance === undefined ? 0 : parseUsd(values.balance);
    if (opening === null) {
      io.stderr.write(`--balance must be a USD amount with at most 6 decimals, got ${values.balance}\n`);
      return 2;
    }
    return withLedger(values.db, io, async (ledger) => {
      const a = await ledger.createAccount(name, opening);
      io.stdout.write(`created account "${a.name}" with ${formatUsd(opening)} USD\n`);
      return 0;
    });
  }
  return withLedger(values.db, io, async (ledger) => {
    const a = await ledger.findAccount(name);
    if (!a) {
      io.stderr.write(`no account named "${name}"\n`);
      return 1;
    }
    await ledger.setDisabled(a.id, sub === "disable");
    io.stdout.write(`account "${name}" ${sub}d\n`);
    return 0;
  });
}
