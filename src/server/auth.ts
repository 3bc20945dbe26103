// Section 5: `Authorization: Bearer <key>`. 401 when the key is missing or unknown, 403 when it
// is known but revoked or its account is disabled. Only the SHA-256 of the key is looked up, and
// once a turn of the event loop for the requests of one key that arrive together.
import { hashApiKey } from "../ledger/api-keys.js";
import type { Ledger } from "../ledger/types.js";
import { failure, problem, success, type Outcome } from "../service/problems.js";

export interface Caller {
  accountId: string;
  keyId: string;
}

const BEARER = /^Bearer[ ]+([^\s]+)\s*$/i;

export async function authenticate(header: string | undefined, ledger: Ledger): Promise<Outcome<Caller>> {
  const m = header ? BEARER.exec(header) : null;
  if (!m) return failure(problem("missing_api_key", "send the API key as `Authorization: Bearer <key>`"));
  const found = await ledger.findKeyByHash(hashApiKey(m[1]!));
  if (!found)
    return failure(
      problem(
        "invalid_api_key",
        "the API key is not recognised: send a key printed by `pdm keys create --account NAME` (or by the first `pdm serve`)",
      ),
    );
  if (found.key.revokedAt)
    return failure(
      problem(
        "api_key_revoked",
        `the API key ${found.key.prefix}… was revoked; send another key of the account (pdm keys create makes one)`,
      ),
    );
  if (found.account.disabled)
    return failure(
      problem(
        "account_disabled",
        `the account "${found.account.name}" is disabled; its keys work again once it is enabled (pdm accounts enable)`,
      ),
    );
  return success({ accountId: found.account.id, keyId: found.key.id });
}

/**
 * authenticate, its answer for one Authorization header shared by the requests that arrive within
 * the same turn of the event loop (a client's connections send the same key): the key is hashed
 * and looked up once a turn instead of once a request. A key revoked meanwhile is refused from the
 * next turn on, as a lookup a moment later would refuse it.
 */
export function authenticatorPerTurn(ledger: Ledger): (header: string | undefined) => Promise<Outcome<Caller>> {
  let turn: Map<string, Promise<Outcome<Caller>>> | null = null;
  return (header) => {
    if (header === undefined) return authenticate(header, ledger);
    if (turn === null) {
      turn = new Map();
      setImmediate(() => (turn = null));
    }
    let answer = turn.get(header);
    if (answer === undefined) {
      answer = authenticate(header, ledger);
      turn.set(header, answer);
    }
    return answer;
  };
}
