// Two PostgreSQL ledger instances on one database, as two server processes share it: random
// interleavings of reserve / settle / reserveAndSettle / release, each round's steps issued on both
// instances within a few milliseconds of each other (so their group commits contend for the same
// account rows, and the second instance, which keeps up to three groups in flight and commits
// without waiting for the disk, has several groups of its own committing at once), some seals
// failing. After every run the ledger's sums hold: each account's balance is its top-ups less its
// charges, its reserved funds are exactly its open reservations, nothing is overdrawn, every
// charge observed is an entry, and no reservation is settled or released twice.
// Then the same steps one at a time, each on either instance: every answer equals that of a model
// of the account, although each instance last saw the rows otherwise whenever the other has
// written since (its groups of one round trip fail their check and run again on the rows as they are).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import pg from "pg";
import { openPostgresLedger } from "../../src/ledger/postgres.js";
import type { Ledger, Seal } from "../../src/ledger/types.js";
import { dropSchema, freshSchemaName, PG_URL, warnIfSkipped } from "./backends.js";

warnIfSkipped("two-instance");

const ACCOUNTS = 2;

/** One step: which instance asks, on which account, and which earlier reservation it names. */
const step = fc.oneof(
  fc.record({ op: fc.constant("reserve" as const), amount: fc.integer({ min: 0, max: 3_000 }) }),
  fc.record({
    op: fc.constant("settle" as const),
    pick: fc.nat(),
    charge: fc.integer({ min: 0, max: 4_000 }),
    sealFails: fc.boolean(),
  }),
  fc.record({
    op: fc.constant("reserveAndSettle" as const),
    amount: fc.integer({ min: 0, max: 3_000 }),
    charge: fc.integer({ min: 0, max: 4_000 }),
    sealFails: fc.boolean(),
  }),
  fc.record({ op: fc.constant("release" as const), pick: fc.nat() }),
);
const asked = fc.record({
  instance: fc.integer({ min: 0, max: 1 }),
  account: fc.integer({ min: 0, max: ACCOUNTS - 1 }),
  step,
  /** milliseconds after the round starts that the step is asked for */
  after: fc.integer({ min: 0, max: 4 }),
});
const run = fc.record({
  openings: fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: ACCOUNTS, maxLength: ACCOUNTS }),
  rounds: fc.array(fc.array(asked, { minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 6 }),
});

const failing: Seal = () => {
  throw new Error("cannot be signed");
};

describe.skipIf(!PG_URL)("two PostgreSQL ledger instances on one database", () => {
  const schema = freshSchemaName();
  let instances: Ledger[];
  let db: pg.Client;
  beforeAll(async () => {
    instances = [
      await openPostgresLedger({ url: PG_URL!, schema }),
      await openPostgresLedger({ url: PG_URL!, schema, groupConnections: 3, synchronousCommit: false }),
    ];
    db = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
    await db.connect();
  });
  afterAll(async () => {
    await Promise.all(instances?.map((l) => l.close()) ?? []);
    await db?.end();
    await dropSchema(schema);
  });

  it("keeps every account's sums under random interleavings of both instances' steps", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(run, async ({ openings, rounds }) => {
        const accounts = await Promise.all(openings.map((o) => instances[0]!.createAccount(`two-${n++}`, o)));
        /** reservations granted so far, with what became of them */
        const held: { id: string; account: number; amount: number; closed: number }[] = [];
        const charged = openings.map(() => 0);
        for (const round of rounds) {
          const open = held.filter((h) => h.closed === 0);
          const outcomes = await Promise.allSettled(
            round.map(async ({ instance, account, step: s, after }) => {
              if (after > 0) await new Promise((r) => setTimeout(r, after));
              const ledger = instances[instance]!;
              const id = accounts[account]!.id;
              const named = open.length > 0 && "pick" in s ? open[s.pick % open.length]! : null;
              switch (s.op) {
                case "reserve":
                  return ledger.reserve(id, s.amount).then((r) => {
                    if (r.ok) held.push({ id: r.reservationId, account, amount: s.amount, closed: 0 });
                    else expect(r.balance.available).toBeLessThan(s.amount);
                  });
                case "reserveAndSettle":
                  return ledger.reserveAndSettle(id, s.amount, s.charge, [], "one step", s.sealFails ? failing : undefined).then((r) => {
                    if (!r.ok) return expect(r.balance.available).toBeLessThan(Math.max(s.amount, s.charge));
                    expect(r.charged).toBe(s.charge);
                    charged[account]! += r.charged;
                  });
                case "settle":
                  if (!named) return ledger.settle("no-such-reservation", s.charge, []).then(() => expect.fail("settled nothing"));
                  return ledger.settle(named.id, s.charge, [], "settled", s.sealFails ? failing : undefined).then((r) => {
                    expect(r.charged).toBe(s.charge);
                    charged[named.account]! += r.charged;
                    named.closed++;
                  });
                case "release":
                  if (!named) return ledger.release("no-such-reservation").then((b) => expect(b).toBeNull());
                  return ledger.release(named.id).then((b) => {
                    if (b) named.closed++;
                  });
              }
            }),
          );
          // a step fails only for a failing seal, a reservation another step of the round took first, or
          // a charge above its reservation that the free funds do not cover (the reservation stays open)
          for (const o of outcomes)
            if (o.status === "rejected")
              expect(String(o.reason)).toMatch(/cannot be signed|is not open|exceeds the reservation and the funds/);
        }
        expect(held.every((h) => h.closed <= 1)).toBe(true);
        for (const [i, account] of accounts.entries()) {
          const b = await instances[i % 2]!.balance(account.id);
          const entries = await instances[(i + 1) % 2]!.entries(account.id);
          const sum = (kind: string) => entries.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
          const stillHeld = held.filter((h) => h.account === i && h.closed === 0);
          const rows = await db.query<{ n: string; total: string | null }>(
            "SELECT COUNT(*) AS n, SUM(amount_micros) AS total FROM reservations WHERE account_id = $1",
            [account.id],
          );
          expect(b.balance).toBe(sum("topup") - sum("charge"));
          expect(sum("charge")).toBe(charged[i]);
          expect(b.balance).toBe(openings[i]! - charged[i]!);
          expect(b.reserved).toBe(stillHeld.reduce((s, h) => s + h.amount, 0));
          expect({ n: Number(rows.rows[0]!.n), total: Number(rows.rows[0]!.total ?? 0) }).toEqual({
            n: stillHeld.length,
            total: b.reserved,
          });
          expect(b.available).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("answers each step on the rows as they are when the other instance changed them since", async () => {
    // one step at a time, each instance in turn: every step after the other instance's runs on rows
    // that its instance last saw otherwise, so each answer must come from the rows as they are now
    const oneAtATime = fc.array(
      fc.record({
        instance: fc.integer({ min: 0, max: 1 }),
        op: fc.constantFrom("reserve", "settle", "reserveAndSettle", "release", "topup"),
        amount: fc.integer({ min: 0, max: 3_000 }),
        charge: fc.integer({ min: 0, max: 4_000 }),
        pick: fc.nat(),
      }),
      { minLength: 1, maxLength: 12 },
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 10_000 }), oneAtATime, async (opening, steps) => {
        const account = (await instances[0]!.createAccount(`turns-${n++}`, opening)).id;
        /** what the ledger must hold: the balance, and each open reservation's amount */
        let balance = opening;
        const open = new Map<string, number>();
        const reserved = () => [...open.values()].reduce((s, a) => s + a, 0);
        const now = () => ({ balance, reserved: reserved(), available: balance - reserved() });
        for (const s of steps) {
          const ledger = instances[s.instance]!;
          const ids = [...open.keys()];
          const named = ids.length > 0 ? ids[s.pick % ids.length]! : null;
          if (s.op === "topup") {
            balance += s.amount;
            expect(await ledger.topup(account, s.amount)).toEqual(now());
          } else if (s.op === "reserve") {
            const r = await ledger.reserve(account, s.amount);
            expect(r.ok).toBe(now().available >= s.amount);
            if (r.ok) open.set(r.reservationId, s.amount);
            else expect(r.balance).toEqual(now());
          } else if (s.op === "reserveAndSettle") {
            const fits = now().available >= Math.max(s.amount, s.charge);
            const seen: unknown[] = [];
            const r = await ledger.reserveAndSettle(account, s.amount, s.charge, [], "turns", (settled) => void seen.push(settled.balance));
            expect(r.ok).toBe(fits);
            if (fits) balance -= s.charge;
            expect(r.balance).toEqual(now());
            // the seal kept is the last one run: it saw the balance committed
            if (r.ok) expect(seen.at(-1)).toEqual(now());
          } else if (named && s.op === "settle") {
            const held = open.get(named)!;
            const fits = s.charge <= held + now().available;
            const settling = ledger.settle(named, s.charge, [], "turns");
            if (!fits) await expect(settling).rejects.toThrow(/exceeds the reservation/);
            else {
              open.delete(named);
              balance -= s.charge;
              expect((await settling).balance).toEqual(now());
            }
          } else if (named && s.op === "release") {
            open.delete(named);
            expect(await ledger.release(named)).toEqual(now());
          }
        }
        expect(await instances[0]!.balance(account)).toEqual(now());
        expect(await instances[1]!.balance(account)).toEqual(now());
      }),
      { numRuns: 25 },
    );
  });
});
