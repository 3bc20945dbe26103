// Reserve before the work, then either settle the actual charge or release everything (7.1).
// Without a ledger (benchmark mode) every step is free and the balance reads zero.
import type { LineItem } from "../ledger/types.js";
import { billingView, ZERO_BALANCE, type BillingView } from "./billing-view.js";
import { formatUsd } from "../ledger/money.js";
import { problem, type Problem } from "./problems.js";
import type { ServiceDeps } from "./deps.js";

const insufficient = (amount: number, available: number): Problem =>
  problem(
    "insufficient_balance",
    `this request reserves ${formatUsd(amount)} USD but ${formatUsd(available)} USD is available: top up the account, or wait for other requests' reservations to settle`,
  );

export interface Hold {
  settle(items: LineItem[], memo: string): Promise<BillingView>;
  release(): Promise<void>;
}

/** Without a ledger (benchmark mode) or an account: free, and the balance reads zero. */
const unmetered = (currency: string): Hold => ({
  settle: async (items) =>
    billingView(
      0,
      ZERO_BALANCE,
      items.map((i) => ({ ...i, amount: 0 })),
      currency,
    ),
  release: async () => {},
});

export async function reserveFunds(
  deps: ServiceDeps,
  accountId: string | null,
  amount: number,
): Promise<{ ok: true; hold: Hold } | { ok: false; problem: Problem }> {
  const { ledger, rates } = deps;
  const total = (items: LineItem[]) => items.reduce((s, i) => s + i.amount, 0);
  if (!ledger || accountId === null) return { ok: true, hold: unmetered(rates.currency) };
  const r = await ledger.reserve(accountId, amount);
  if (!r.ok) return { ok: false, problem: insufficient(amount, r.balance.available) };
  let open = true;
  return {
    ok: true,
    hold: {
      async settle(items, memo) {
        open = false;
        const s = await ledger.settle(r.reservationId, total(items), items, memo);
        return billingView(s.charged, s.balance, items, rates.currency);
      },
      async release() {
        if (open) await ledger.release(r.reservationId);
        open = false;
      },
    },
  };
}

/** Thrown by a deferred hold's `settle` when the funds no longer cover the reservation. */
export class InsufficientBalance extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

/**
 * A hold for work that runs locally and quickly (a deterministic execution): nothing is written
 * before the work; `settle` reserves and settles in one atomic ledger step, and fails with
 * InsufficientBalance — the same 402 an up-front reservation would give — when the available
 * funds do not cover `amount`. Errors before settling leave the ledger untouched (7.1).
 */
export function deferredHold(deps: ServiceDeps, accountId: string | null, amount: number): Hold {
  const { ledger, rates } = deps;
  if (!ledger || accountId === null) return unmetered(rates.currency);
  return {
    async settle(items, memo) {
      const r = await ledger.reserveAndSettle(
        accountId,
        amount,
        items.reduce((s, i) => s + i.amount, 0),
        items,
        memo,
      );
      if (!r.ok) throw new InsufficientBalance(insufficient(amount, r.balance.available));
      return billingView(r.charged, r.balance, items, rates.currency);
    },
    release: async () => {},
  };
}
