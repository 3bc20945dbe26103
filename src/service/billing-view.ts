// The Billing and Balance objects of spec 2.10, from the ledger's micro-dollars.
import { toUsd } from "../ledger/money.js";
import type { BalanceMicros, LineItem } from "../ledger/types.js";

export interface BalanceView {
  currency: string;
  balance_usd: number;
  reserved_usd: number;
  available_usd: number;
}

interface LineItemView {
  kind: string;
  description: string;
  quantity: number;
  unit: string;
  unit_price_usd_per_million: number;
  amount_usd: number;
}

export interface BillingView {
  currency: string;
  estimated: boolean;
  cost_usd: number;
  balance: BalanceView;
  items: LineItemView[];
}

export const balanceView = (b: BalanceMicros, currency: string): BalanceView => ({
  currency,
  balance_usd: toUsd(b.balance),
  reserved_usd: toUsd(b.reserved),
  available_usd: toUsd(b.available),
});

const itemView = (i: LineItem): LineItemView => ({
  kind: i.kind,
  description: i.description,
  quantity: i.quantity,
  unit: i.unit,
  unit_price_usd_per_million: toUsd(i.rate),
  amount_usd: toUsd(i.amount),
});

/** The settled charge: `cost_usd` is what was deducted, the sum of the items' amounts. */
export function billingView(charged: number, balance: BalanceMicros, items: LineItem[], currency: string): BillingView {
  return { currency, estimated: false, cost_usd: toUsd(charged), balance: balanceView(balance, currency), items: items.map(itemView) };
}

export const ZERO_BALANCE: BalanceMicros = { balance: 0, reserved: 0, available: 0 };
