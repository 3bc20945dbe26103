// The requests of one key that arrive in the same turn of the event loop share one lookup of the
// key; a later turn looks it up again and so sees a key revoked in between.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { authenticate, authenticatorPerTurn } from "../../src/server/auth.js";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import type { Ledger } from "../../src/ledger/types.js";
import { serviceDeps } from "../service/harness.js";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The ledger with its key lookups counted. */
function counting(ledger: Ledger): { ledger: Ledger; lookups: () => number } {
  let n = 0;
  const counted = Object.create(ledger) as Ledger;
  counted.findKeyByHash = (hash) => {
    n++;
    return ledger.findKeyByHash(hash);
  };
  return { ledger: counted, lookups: () => n };
}

describe("authentication once a turn", () => {
  it("answers every header as authenticate does, looking each distinct header up once a turn", async () => {
    const { deps } = await serviceDeps();
    const account = await deps.ledger!.createAccount("acct", 1_000);
    const keys = [newApiKey(), newApiKey(), newApiKey()];
    for (const k of keys) await deps.ledger!.addKey(account.id, hashApiKey(k), keyPrefix(k));
    const headers = [...keys.map((k) => `Bearer ${k}`), `Bearer ${newApiKey()}`, "Basic abc", ""];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.constantFrom(...headers), { maxLength: 8 }), { maxLength: 4 }), async (turns) => {
        const { ledger, lookups } = counting(deps.ledger!);
        const perTurn = authenticatorPerTurn(ledger);
        let expected = 0;
        for (const turn of turns) {
          const answers = await Promise.all(turn.map((h) => perTurn(h)));
          for (const [i, h] of turn.entries()) expect(answers[i]).toEqual(await authenticate(h, deps.ledger!));
          expected += new Set(turn.filter((h) => /^Bearer /.test(h))).size;
          await nextTurn();
        }
        expect(lookups()).toBe(expected);
      }),
      { numRuns: 30 },
    );
  });

  it("refuses a key revoked between two turns", async () => {
    const { deps } = await serviceDeps();
    const account = await deps.ledger!.createAccount("acct", 1_000);
    const key = newApiKey();
    await deps.ledger!.addKey(account.id, hashApiKey(key), keyPrefix(key));
    const perTurn = authenticatorPerTurn(deps.ledger!);
    expect((await perTurn(`Bearer ${key}`)).ok).toBe(true);
    await nextTurn();
    await deps.ledger!.revokeKey({ hash: hashApiKey(key) });
    const after = await perTurn(`Bearer ${key}`);
    expect(after.ok).toBe(false);
    if (!after.ok) expect(after.problem.code).toBe("api_key_revoked");
  });
});
