// The SQLite ledger remembers API-key lookups, so it must never answer a remembered one after the
// key or its account changed: through itself, or through another connection to the same file
// (the admin commands run in another process), in any order of lookups and changes.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { openSqliteLedger } from "../../src/ledger/sqlite.js";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";

type Step = { via: "server" | "admin"; op: "lookup" | "revoke" | "disable" | "enable" | "charge" };

describe("remembered API-key lookups (SQLite)", () => {
  it("always answer what the database holds now", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            via: fc.constantFrom<Step["via"]>("server", "admin"),
            op: fc.constantFrom<Step["op"]>("lookup", "lookup", "revoke", "disable", "enable", "charge"),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (steps) => {
          const file = join(mkdtempSync(join(tmpdir(), "pdm-keys-")), "pdm.db");
          const server = openSqliteLedger(file);
          const admin = openSqliteLedger(file);
          const account = await server.createAccount("a", 1_000_000);
          const key = newApiKey();
          const hash = hashApiKey(key);
          await server.addKey(account.id, hash, keyPrefix(key));
          // the truth, read by a third connection that remembers nothing of its own lookups
          const fresh = async () => {
            const reader = openSqliteLedger(file);
            const found = await reader.findKeyByHash(hash);
            await reader.close();
            return found;
          };
          for (const { via, op } of steps) {
            const ledger = via === "server" ? server : admin;
            if (op === "revoke") await ledger.revokeKey({ hash });
            if (op === "disable" || op === "enable") await ledger.setDisabled(account.id, op === "disable");
            if (op === "charge") await ledger.reserveAndSettle(account.id, 10, 5, [], "x");
            const seen = await server.findKeyByHash(hash);
            expect(seen).toEqual(await fresh());
          }
          await server.close();
          await admin.close();
        },
      ),
      { numRuns: 40 },
    );
  });
});
