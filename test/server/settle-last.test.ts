// Settling is the last step that may fail (spec 7 rule 1): a receipt signer that throws, a value
// that cannot be serialised or a settlement that fails answers an error with nothing charged and
// a body that says so; a failed settlement answers no receipt. Both ways of paying are covered:
// the one-step charge of a quick deterministic run, and a reservation held while a large model
// compiles (prepay-above 0).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildApp } from "../../src/server/app.js";
import { memoryRateLimiter } from "../../src/server/rate-limit.js";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import type { Ledger } from "../../src/ledger/types.js";
import { MODEL } from "../service/fake-compiler.js";
import { serviceDeps } from "../service/harness.js";

type Failure = "none" | "signer" | "unserialisable" | "settlement";

async function attempt(failure: Failure, prepay: boolean, state: { a: number; b: number }) {
  const { deps } = await serviceDeps({ limits: { prepayAboveUnits: prepay ? 0 : 1_000_000 } });
  const ledger = deps.ledger!;
  const account = await ledger.createAccount("payer", 5_000_000);
  const key = newApiKey();
  await ledger.addKey(account.id, hashApiKey(key), keyPrefix(key));
  let signatures = 0;
  const signer = {
    ...deps.signer,
    sign: (payload: unknown, header?: Record<string, unknown>) => {
      signatures++;
      if (failure === "signer") throw new Error("the signing key is unavailable");
      return deps.signer.sign(payload, header);
    },
  };
  const broken = async () => {
    throw new Error("the ledger connection was lost");
  };
  const service = {
    ...deps,
    signer,
    ledger: failure === "settlement" ? ({ ...ledger, settle: broken, reserveAndSettle: broken } as Ledger) : ledger,
  };
  const app = buildApp({ service, rateLimiter: memoryRateLimiter({ max: 0, windowMs: 1 }), bodyLimit: 1 << 20, version: "test" });
  const model =
    failure === "unserialisable"
      ? { ...MODEL, content: { ...MODEL.content, decisions: { ...MODEL.content.decisions, total: "bigint" } } }
      : MODEL;
  const res = await app.inject({
    method: "POST",
    url: "/v1/systemone",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    payload: { model, state },
  });
  await app.close();
  return { res, body: res.json(), balance: await ledger.balance(account.id), entries: await ledger.entries(account.id), signatures };
}

describe("settle last", () => {
  it("a failure after evaluation answers 500 saying nothing was charged, and nothing is", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Failure>("signer", "unserialisable", "settlement"),
        fc.boolean(),
        fc.record({ a: fc.integer({ min: -100, max: 100 }), b: fc.integer({ min: -100, max: 100 }) }),
        async (failure, prepay, state) => {
          const { res, body, balance, entries, signatures } = await attempt(failure, prepay, state);
          expect(res.statusCode).toBe(500);
          expect(body).toMatchObject({ code: "internal_error", detail: expect.stringContaining("not charged") });
          expect(body.receipt).toBeUndefined();
          expect(balance).toEqual({ balance: 5_000_000, reserved: 0, available: 5_000_000 });
          expect(entries.map((e) => e.kind)).toEqual(["topup"]);
          // a settlement that fails signs no receipt
          if (failure === "settlement") expect(signatures).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("without a failure the same calls are charged exactly what the receipt says", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.record({ a: fc.integer(), b: fc.integer() }), async (prepay, state) => {
        const { res, body, balance, entries, signatures } = await attempt("none", prepay, state);
        expect(res.statusCode).toBe(200);
        expect(signatures).toBe(1);
        expect(body.receipt.billing).toEqual(body.billing);
        const charged = entries.filter((e) => e.kind === "charge").reduce((s, e) => s + e.amount, 0);
        expect(charged / 1e6).toBeCloseTo(body.billing.cost_usd, 6);
        expect(balance).toEqual({ balance: 5_000_000 - charged, reserved: 0, available: 5_000_000 - charged });
        expect(body.billing.balance.balance_usd).toBeCloseTo(balance.balance / 1e6, 6);
      }),
      { numRuns: 15 },
    );
  });
});
