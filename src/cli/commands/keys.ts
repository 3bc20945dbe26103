// pdm keys: create (the new key is printed alone on the last line, once; only its hash is
// stored), revoke and list API keys.
import { hashApiKey, keyPrefix, newApiKey } from "../../ledger/api-keys.js";
import { command, str, UsageError, type CommandSpec } from "../command.js";
import { DB_OPTION, LEDGER_ENVIRONMENT, withAccount, withLedger } from "../ledger-command.js";

const ACTIONS = ["create", "revoke", "list"];

export const spec: CommandSpec = {
  name: "keys",
  summary: "create, revoke and list API keys",
  positionals: [{ name: "action", description: "create | revoke | list", required: true }],
  options: {
    account: { type: "string", value: "NAME", description: "the account (create, list)" },
    key: { type: "string", value: "KEY", description: "the key to revoke" },
    id: { type: "string", value: "KEY_ID", description: "the id of the key to revoke (from list)" },
    db: DB_OPTION,
  },
  environment: LEDGER_ENVIRONMENT,
  examples: ["pdm keys create --account acme", "pdm keys list --account acme", "pdm keys revoke --key pdm_..."],
  exits: { 0: "done", 1: "no such account or key, or the ledger cannot be opened", 2: "the arguments are wrong" },
};

export const run = command(spec, async (args, io) => {
  const action = args.positionals[0]!;
  const db = str(args, "db");
  if (!ACTIONS.includes(action)) throw new UsageError(spec, `unknown action ${JSON.stringify(action)}; it is one of ${ACTIONS.join(", ")}`);
  if (action === "revoke") {
    const key = str(args, "key");
    const id = str(args, "id");
    const by = key ? { hash: hashApiKey(key) } : id ? { id } : null;
    if (!by) throw new UsageError(spec, "revoke needs --key or --id");
    return withLedger(db, io, async (ledger) => {
      const k = await ledger.revokeKey(by);
      if (!k) {
        io.stderr.write("no such key\n");
        return 1;
      }
      io.stdout.write(`revoked key ${k.id} (${k.prefix}…)\n`);
      return 0;
    });
  }
  const name = str(args, "account");
  if (!name) throw new UsageError(spec, `${action} needs --account`);
  return withAccount(db, name, io, async (ledger, account) => {
    if (action === "list") {
      for (const k of await ledger.listKeys(account.id)) {
        io.stdout.write(`${k.id}\t${k.prefix}…\t${k.createdAt}${k.revokedAt ? `\trevoked ${k.revokedAt}` : ""}\n`);
      }
      return 0;
    }
    const created = newApiKey();
    const rec = await ledger.addKey(account.id, hashApiKey(created), keyPrefix(created));
    io.stdout.write(`created key ${rec.id} for account "${name}"; it is shown once:\n${created}\n`);
    return 0;
  });
});
