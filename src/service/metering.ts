// Reserve before the work, then either settle the actual charge or release everything (7.1).
// Without a ledger (benchmark mode) every step is free and the balance reads zero.
import type { LineItem } from "../ledger/types.js";
import { billingView, ZERO_BALANCE, type BillingView } from "./billing-view.js";
import { formatUsd } from "../ledger/money.js";
import { problem, type Problem } from "./problems.js";
import type { ServiceDeps } from "./deps.js";

export interface Hold {
  settle(items: LineItem[], memo: string): Promise<BillingView>;
  release(): Promise<void>;
}

export async function reserveFunds(
  deps: ServiceDeps,
  accountId: string | null,
  amount: number,
): Promise<{ ok: true; hold: Hold } | { ok: false; problem: Problem }> {
  const { ledger, rates } = deps;
  const total = (items: LineItem[]) => items.reduce((s, i) => s + i.amount, 0);
  if (!ledger || accountId === null) {
    return {
      ok: true,
      hold: {
        settle: async (items) => billingView(0, ZERO_BALANCE, items.map((i) => ({ ...i, amount: 0 })), rates.currency),
        release: async () => {},
      },
    };
  }
  const r = await ledger.reserve(accountId, amount);
  if (!r.ok) {
    return {
      ok: false,
      problem: problem(
        "insufficient_balance",
        `this request reserves ${formatUsd(amount)} USD but ${formatUsd(r.balance.available)} USD is available`,
      ),
    };
  }
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
