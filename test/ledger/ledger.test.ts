import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, warnIfSkipped } from "./backends.js";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import { LATEST_VERSION } from "../../src/ledger/migrations.js";
import type { Ledger, Settlement } from "../../src/ledger/types.js";
import { randomUUID } from "node:crypto";
import fc from "fast-check";

warnIfSkipped("ledger");

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`ledger on ${backend.name}`, () => {
    let ledger: Ledger;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ ledger, dispose } = await backend.open());
    });
    afterAll(async () => dispose?.());

    it("is migrated to the latest version", async () => {
      expect(await ledger.schemaVersion()).toBe(LATEST_VERSION);
    });

    it("creates accounts with an opening balance and refuses duplicate names", async () => {
      const a = await ledger.createAccount("alice", 5_000_000);
      expect(a.name).toBe("alice");
      expect(a.disabled).toBe(false);
      expect(await ledger.balance(a.id)).toEqual({ balance: 5_000_000, reserved: 0, available: 5_000_000 });
      await expect(ledger.createAccount("alice", 0)).rejects.toMatchObject({ code: "account_exists" });
      expect((await ledger.findAccount("alice"))?.id).toBe(a.id);
      expect(await ledger.findAccount("nobody")).toBeNull();
      const entries = await ledger.entries(a.id);
      expect(entries.map((e) => [e.kind, e.amount])).toEqual([["topup", 5_000_000]]);
    });

    it("stores keys by hash, finds them with their account and revokes them", async () => {
      const acct = await ledger.createAccount("keyholder", 0);
      const key = newApiKey();
      const rec = await ledger.addKey(acct.id, hashApiKey(key), keyPrefix(key));
      expect(rec.prefix).toBe(key.slice(0, 10));
      const found = await ledger.findKeyByHash(hashApiKey(key));
      expect(found?.account.name).toBe("keyholder");
      expect(found?.key.revokedAt).toBeNull();
      expect(await ledger.findKeyByHash(hashApiKey(newApiKey()))).toBeNull();

      const revoked = await ledger.revokeKey({ hash: hashApiKey(key) });
      expect(revoked?.revokedAt).toEqual(expect.any(String));
      expect((await ledger.findKeyByHash(hashApiKey(key)))?.key.revokedAt).toBe(revoked?.revokedAt);
      const other = await ledger.addKey(acct.id, hashApiKey(newApiKey()), "pdm_xxxxxx");
      expect((await ledger.revokeKey({ id: other.id }))?.id).toBe(other.id);
      expect(await ledger.revokeKey({ id: "no-such-key" })).toBeNull();
      expect((await ledger.listKeys(acct.id)).length).toBe(2);
    });

    it("disables and re-enables an account", async () => {
      const acct = await ledger.createAccount("switch", 0);
      const key = newApiKey();
      await ledger.addKey(acct.id, hashApiKey(key), keyPrefix(key));
      await ledger.setDisabled(acct.id, true);
      expect((await ledger.findKeyByHash(hashApiKey(key)))?.account.disabled).toBe(true);
      await ledger.setDisabled(acct.id, false);
      expect((await ledger.findAccount("switch"))?.disabled).toBe(false);
    });

    it("reserves, settles the whole charge and releases the rest", async () => {
      const acct = await ledger.createAccount("payer", 1_000);
      const r = await ledger.reserve(acct.id, 300);
      if (!r.ok) throw new Error("reservation refused");
      expect(await ledger.balance(acct.id)).toEqual({ balance: 1_000, reserved: 300, available: 700 });

      const s = await ledger.settle(r.reservationId, 120, [
        { kind: "api_input_tokens", description: "x", quantity: 60, unit: "token", rate: 2_000_000, amount: 120 },
      ]);
      expect(s).toEqual({ charged: 120, balance: { balance: 880, reserved: 0, available: 880 } });
      await expect(ledger.settle(r.reservationId, 1, [])).rejects.toMatchObject({ code: "unknown_reservation" });
      expect(await ledger.release(r.reservationId)).toBeNull();

      // a charge above its reservation is taken from the funds no other reservation holds
      const over = await ledger.reserve(acct.id, 50);
      if (!over.ok) throw new Error("reservation refused");
      expect((await ledger.settle(over.reservationId, 80, [])).charged).toBe(80);
      expect((await ledger.balance(acct.id)).balance).toBe(800);
      // and when those cannot cover it, nothing changes and the reservation stays open
      const other = await ledger.reserve(acct.id, 700);
      const short = await ledger.reserve(acct.id, 50);
      if (!other.ok || !short.ok) throw new Error("reservation refused");
      await expect(ledger.settle(short.reservationId, 101, [])).rejects.toMatchObject({ code: "insufficient_funds" });
      expect(await ledger.balance(acct.id)).toEqual({ balance: 800, reserved: 750, available: 50 });
      expect((await ledger.settle(short.reservationId, 100, [])).charged).toBe(100);
      expect(await ledger.balance(acct.id)).toEqual({ balance: 700, reserved: 700, available: 0 });
    });

    it("refuses a reservation the available funds cannot cover and reports the balance", async () => {
      const acct = await ledger.createAccount("poor", 100);
      const held = await ledger.reserve(acct.id, 60);
      expect(held.ok).toBe(true);
      const refused = await ledger.reserve(acct.id, 41);
      expect(refused).toEqual({ ok: false, balance: { balance: 100, reserved: 60, available: 40 } });
      expect((await ledger.reserve(acct.id, 40)).ok).toBe(true);
      expect(await ledger.balance(acct.id)).toEqual({ balance: 100, reserved: 100, available: 0 });
    });

    it("release gives the whole reservation back, once", async () => {
      const acct = await ledger.createAccount("releaser", 500);
      const r = await ledger.reserve(acct.id, 500);
      if (!r.ok) throw new Error("reservation refused");
      expect(await ledger.release(r.reservationId)).toEqual({ balance: 500, reserved: 0, available: 500 });
      expect(await ledger.release(r.reservationId)).toBeNull();
      expect(await ledger.entries(acct.id)).toHaveLength(1);
    });

    it("top-ups add to the balance and to the entries", async () => {
      const acct = await ledger.createAccount("saver", 0);
      expect(await ledger.topup(acct.id, 2_500_000)).toEqual({ balance: 2_500_000, reserved: 0, available: 2_500_000 });
      await expect(ledger.topup(acct.id, -1)).rejects.toMatchObject({ code: "invalid_amount" });
      await expect(ledger.topup(acct.id, 0.5)).rejects.toMatchObject({ code: "invalid_amount" });
      await expect(ledger.topup("missing", 1)).rejects.toMatchObject({ code: "unknown_account" });
    });

    it("never goes below zero under concurrent reservations and loses no settlement", async () => {
      const acct = await ledger.createAccount("crowd", 1_000);
      const attempts = 60;
      const outcomes = await Promise.all(
        Array.from({ length: attempts }, async (_, i) => {
          const r = await ledger.reserve(acct.id, 70);
          if (!r.ok) return 0;
          if (i % 5 === 0) {
            await ledger.release(r.reservationId);
            return 0;
          }
          return (await ledger.settle(r.reservationId, 30 + (i % 40), [])).charged;
        }),
      );
      const charged = outcomes.reduce((a, b) => a + b, 0);
      const after = await ledger.balance(acct.id);
      expect(after.reserved).toBe(0);
      expect(after.balance).toBe(1_000 - charged);
      expect(after.balance).toBeGreaterThanOrEqual(0);
      expect(outcomes.filter((c) => c > 0).length).toBeGreaterThan(0);
      const entries = await ledger.entries(acct.id);
      const sum = entries.reduce((s, e) => s + (e.kind === "topup" ? e.amount : -e.amount), 0);
      expect(sum).toBe(after.balance);
    });

    it("reserves and settles in one step, or changes nothing when funds fall short", async () => {
      const acct = await ledger.createAccount("one-step", 1_000);
      const items = [{ kind: "input_tokens", quantity: 10, unit_micros: 30, amount: 300 }] as never;
      const first = await ledger.reserveAndSettle(acct.id, 800, 300, items, "run");
      expect(first).toMatchObject({ ok: true, charged: 300, balance: { balance: 700, reserved: 0, available: 700 } });
      const over = await ledger.reserveAndSettle(acct.id, 200, 500, items, "run");
      expect(over).toMatchObject({ ok: true, charged: 500, balance: { balance: 200 } });
      const refused = await ledger.reserveAndSettle(acct.id, 300, 1, items, "run");
      expect(refused).toEqual({ ok: false, balance: { balance: 200, reserved: 0, available: 200 } });
      const overFunds = await ledger.reserveAndSettle(acct.id, 100, 201, items, "run");
      expect(overFunds).toEqual({ ok: false, balance: { balance: 200, reserved: 0, available: 200 } });
      expect((await ledger.entries(acct.id)).map((e) => [e.kind, e.amount])).toEqual([
        ["topup", 1_000],
        ["charge", 300],
        ["charge", 500],
      ]);
    });

    it("never goes below zero when one-step charges race with reservations", async () => {
      const acct = await ledger.createAccount("one-step-race", 10_000);
      const items = [] as never[];
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2 === 0 ? ledger.reserveAndSettle(acct.id, 1_000, 700, items, "race") : ledger.reserve(acct.id, 1_000),
        ),
      );
      const charged = results.reduce((sum, r) => sum + ("charged" in r ? r.charged : 0), 0);
      const held = results.filter((r) => r.ok && "reservationId" in r).length * 1_000;
      const b = await ledger.balance(acct.id);
      expect(b.balance).toBe(10_000 - charged);
      expect(b.reserved).toBe(held);
      expect(b.available).toBeGreaterThanOrEqual(0);
      expect(results.some((r) => !r.ok)).toBe(true);
    });

    it("a seal that throws rolls the settlement back: balance, reservation and entries as before", async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 5_000 }), async (amount, charge) => {
          const acct = await ledger.createAccount(`sealed-${randomUUID()}`, 5_000);
          const refuse = (seen: Settlement[]) => (s: Settlement) => {
            seen.push(s);
            throw new Error("the receipt cannot be signed");
          };
          const r = await ledger.reserve(acct.id, amount);
          if (!r.ok) throw new Error("reservation refused");
          const seen: Settlement[] = [];
          await expect(ledger.settle(r.reservationId, charge, [], "x", refuse(seen))).rejects.toThrow("cannot be signed");
          const oneStep = Math.min(charge, 5_000 - amount);
          await expect(ledger.reserveAndSettle(acct.id, 5_000 - amount, oneStep, [], "x", refuse(seen))).rejects.toThrow(
            "cannot be signed",
          );
          // each seal saw the settlement it would have committed: the whole charge
          expect(seen.map((s) => s.charged)).toEqual([charge, oneStep]);
          expect(await ledger.balance(acct.id)).toEqual({ balance: 5_000, reserved: amount, available: 5_000 - amount });
          expect((await ledger.entries(acct.id)).map((e) => e.kind)).toEqual(["topup"]);
          // the reservation is still open: it settles, with a seal that succeeds, exactly once
          const done = await ledger.settle(r.reservationId, charge, [], "x", (s) => expect(s.charged).toBe(charge));
          expect(done.balance).toEqual({ balance: 5_000 - charge, reserved: 0, available: 5_000 - charge });
        }),
        { numRuns: 25 },
      );
    });

    it("releases reservations left behind by a crashed process", async () => {
      const acct = await ledger.createAccount("crashed", 100);
      await ledger.reserve(acct.id, 40);
      expect(await ledger.releaseStale(60_000)).toBe(0);
      await new Promise((r) => setTimeout(r, 5));
      expect(await ledger.releaseStale(1)).toBeGreaterThanOrEqual(1);
      expect((await ledger.balance(acct.id)).reserved).toBe(0);
    });

    it("creates the signing key once and keeps it", async () => {
      let made = 0;
      const make = async () => {
        made++;
        return { kid: `k${made}`, privateJwk: { d: "secret", n: made }, publicJwk: { x: "public" } };
      };
      const [a, b] = await Promise.all([ledger.signingKey(make), ledger.signingKey(make)]);
      expect(a.kid).toBe(b.kid);
      const again = await ledger.signingKey(make);
      expect(again.kid).toBe(a.kid);
      expect(again.privateJwk).toEqual(a.privateJwk);
      expect((await ledger.signingKeys()).map((k) => k.kid)).toContain(a.kid);
    });
  });
}
