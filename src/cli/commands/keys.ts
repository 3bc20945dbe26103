// `pdm keys create --account N` prints the new key alone on the last line, once; only its hash
// is stored. `pdm keys revoke --key K | --id ID`, `pdm keys list --account N`.
import { hashApiKey, keyPrefix, newApiKey } from "../../ledger/api-keys.js";
import type { TextIo } from "../io.js";
import { parseLedgerArgs, withLedger } from "../ledger-command.js";

const USAGE = `usage: pdm keys create --account N [--db file]
       pdm keys revoke (--key KEY | --id KEY_ID) [--db file]
       pdm keys list --account N [--db file]
`;

export async function run(args: string[], io: TextIo): Promise<number> {
  const parsed = parseLedgerArgs(args, { account: { type: "string" }, key: { type: "string" }, id: { type: "string" } }, io, USAGE);
  if (!parsed) return 2;
  const { values, positionals } = parsed as { values: Record<string, string | undefined>; positionals: string[] };
  const [sub] = positionals;
  if (sub === "revoke") {
    const by = values.key ? { hash: hashApiKey(values.key) } : values.id ? { id: values.id } : null;
    if (!by) {
      io.stderr.write(USAGE);
      return 2;
    }
    return withLedger(values.db, io, async (ledger) => {
      const k = await ledger.revokeKey(by);
      if (!k) {
        io.stderr.write("no such key\n");
        return 1;
      }
      io.stdout.write(`revoked key ${k.id} (${k.prefix}…)\n`);
      return 0;
    });
  }
  if ((sub !== "create" && sub !== "list") || !values.account) {
    io.stderr.write(USAGE);
    return 2;
  }
  const name = values.account;
  return withLedger(values.db, io, async (ledger) => {
    const account = await ledger.findAccount(name);
    if (!account) {
      io.stderr.write(`no account named "${name}"\n`);
      return 1;
    }
    if (sub === "list") {
      for (const k of await ledger.listKeys(account.id)) {
        io.stdout.write(`${k.id}\t${k.prefix}…\t${k.createdAt}${k.revokedAt ? `\trevoked ${k.revokedAt}` : ""}\n`);
      }
      return 0;
    }
    const key = newApiKey();
    const rec = await ledger.addKey(account.id, hashApiKey(key), keyPrefix(key));
    io.stdout.write(`created key ${rec.id} for account "${name}"; it is shown once:\n${key}\n`);
    return 0;
  });
}
