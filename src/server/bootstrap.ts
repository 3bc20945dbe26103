// First run on an empty database: a development account with a starting balance and one API
// key, printed once (only its hash is stored).
import { hashApiKey, keyPrefix, newApiKey } from "../ledger/api-keys.js";
import { LedgerError } from "../ledger/rows.js";
import type { Ledger } from "../ledger/types.js";

const DEV_ACCOUNT = "dev";
const DEV_BALANCE_MICROS = 10_000_000;

export async function bootstrapIfEmpty(ledger: Ledger): Promise<{ account: string; key: string } | null> {
  if ((await ledger.listAccounts()).length > 0) return null;
  let account;
  try {
    account = await ledger.createAccount(DEV_ACCOUNT, DEV_BALANCE_MICROS);
  } catch (e) {
    // another instance starting at the same moment created it first
    if (e instanceof LedgerError && e.code === "account_exists") return null;
    throw e;
  }
  const key = newApiKey();
  await ledger.addKey(account.id, hashApiKey(key), keyPrefix(key));
  return { account: account.name, key };
}
