// The order of settling and signing in batches: a receipt is answered only once its settlement is
// durable and its batch signed, and a batch signature that fails undoes every settlement whose
// receipt it would have signed. Concurrent settlements (the one-step charge of a quick run and the
// settlement of a reservation) are launched together, round after round, with the batch signature
// failing in random rounds; the ledger must then hold exactly the charges whose receipts were
// answered, and each answered receipt must verify.
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sign } from "node:crypto";
import { BACKENDS } from "../ledger/backends.js";
import { createSigner, verifyReceipt } from "../../src/service/signer.js";
import { deferredHold, reserveFunds, type Hold } from "../../src/service/metering.js";
import { mapFinished } from "../../src/service/finished.js";
import { serviceDeps } from "./harness.js";
import type { Ledger } from "../../src/ledger/types.js";

const disposers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of disposers) await d();
});

const request = fc.record({
  amount: fc.integer({ min: 1, max: 3_000 }),
  charge: fc.integer({ min: 0, max: 3_000 }),
  reserveFirst: fc.boolean(),
});

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`settling and signing in batches (${backend.name})`, () => {
    it("answers only receipts that verify, and keeps exactly their charges", async () => {
      const { ledger, dispose } = await backend.open();
      disposers.push(dispose);
      let failNext = false;
      let batches = 0;
      const signer = await createSigner(ledger, {
        signWith: (input, key) => {
          batches++;
          if (failNext) throw new Error("the signing key is unavailable");
          return sign(null, input, key);
        },
      });
      const { deps } = await serviceDeps();
      const service = { ...deps, ledger, signer };
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.array(request, { minLength: 1, maxLength: 12 }), fc.boolean()), { minLength: 1, maxLength: 4 }),
          async (rounds) => {
            const account = await ledger.createAccount(`batch-${backend.name}-${n++}`, 1_000_000);
            let charged = 0;
            for (const [reqs, fails] of rounds) {
              const holds: Hold[] = [];
              for (const r of reqs) {
                if (!r.reserveFirst) holds.push(deferredHold(service, account.id, r.amount));
                else {
                  const h = await reserveFunds(service, account.id, r.amount);
                  if (!h.ok) throw new Error("the account covers every reservation");
                  holds.push(h.hold);
                }
              }
              failNext = fails;
              const outcomes = await Promise.allSettled(
                reqs.map((r, i) =>
                  holds[i]!.settle(
                    [
                      {
                        kind: "systemone_input_tokens",
                        description: "t",
                        quantity: r.charge,
                        unit: "token",
                        rate: 1_000_000,
                        amount: r.charge,
                      },
                    ],
                    "test",
                    (billing) => mapFinished(signer.sign({ i, billing }, { rid: `${i}` }), (receipt) => ({ receipt, i, billing })),
                  ),
                ),
              );
              failNext = false;
              for (const h of holds) await h.release();
              for (const [i, o] of outcomes.entries()) {
                if (fails) {
                  expect(o.status).toBe("rejected");
                  continue;
                }
                expect(o.status).toBe("fulfilled");
                const v = (o as PromiseFulfilledResult<{ receipt: string; i: number; billing: unknown }>).value;
                expect(await verifyReceipt(JSON.parse(JSON.stringify(v)), signer.jwks())).toMatchObject({ valid: true });
                // the whole charge: the account covers every charge here
                charged += reqs[i]!.charge;
              }
            }
            expect(await ledger.balance(account.id)).toEqual({ balance: 1_000_000 - charged, reserved: 0, available: 1_000_000 - charged });
            const charges = (await ledger.entries(account.id)).filter((e) => e.kind === "charge");
            expect(charges.reduce((s, e) => s + e.amount, 0)).toBe(charged);
          },
        ),
        { numRuns: backend.name === "sqlite" ? 40 : 10 },
      );
      expect(batches).toBeGreaterThan(0);
    });

    it("signs the settlements of one group commit with one signature", async () => {
      if (backend.name !== "sqlite") return;
      const { ledger, dispose } = await backend.open();
      disposers.push(dispose);
      let batches = 0;
      const signer = await createSigner(ledger, {
        signWith: (input, key) => {
          batches++;
          return sign(null, input, key);
        },
      });
      const { deps } = await serviceDeps();
      const service = { ...deps, ledger: ledger as Ledger, signer };
      const account = await ledger.createAccount("one-group", 1_000_000);
      const receipts = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          deferredHold(service, account.id, 10).settle([], "test", (billing) =>
            mapFinished(signer.sign({ i, billing }), (receipt) => ({ receipt, i, billing })),
          ),
        ),
      );
      expect(batches).toBe(1);
      for (const r of receipts) expect(await verifyReceipt(r, signer.jwks())).toMatchObject({ valid: true });
    });
  });
}
