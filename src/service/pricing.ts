// What a request reserves and what it is charged, as line items in integer micro-dollars.
// A charge never exceeds its reservation (the ledger caps it), so the reservation is sized as
// the most the request can cost: the known input tokens plus the output allowance.
import { tokenCost } from "../ledger/money.js";
import type { LineItem } from "../ledger/types.js";
import type { Rates } from "./rates.js";

const item = (kind: string, description: string, tokens: number, rate: number): LineItem => ({
  kind,
  description,
  quantity: tokens,
  unit: "token",
  rate,
  amount: tokenCost(tokens, rate),
});

export const total = (items: readonly LineItem[]): number => items.reduce((s, i) => s + i.amount, 0);

/** System One: API input tokens at the System One rate; output at its (default zero) rate. */
export function systemOneReservation(inputTokens: number, rates: Rates): number {
  return tokenCost(inputTokens, rates.systemone.input) + tokenCost(rates.reservation.maxOutputTokens, rates.systemone.output);
}

export function systemOneCharge(inputTokens: number, outputTokens: number, rates: Rates): LineItem[] {
  return [
    item("systemone_input_tokens", "API input tokens, System One rate", inputTokens, rates.systemone.input),
    item("systemone_output_tokens", "API output tokens, System One rate", outputTokens, rates.systemone.output),
  ];
}

/** Service rates (generation, extraction, questions without a model): API tokens plus provider tokens. */
export function serviceReservation(inputTokens: number, rates: Rates): number {
  return (
    tokenCost(inputTokens, rates.service.input) +
    tokenCost(rates.reservation.maxOutputTokens, rates.service.output) +
    rates.reservation.serviceProviderAllowance
  );
}

export function serviceCharge(
  api: { input: number; output: number },
  provider: { input: number; output: number },
  rates: Rates,
): LineItem[] {
  return [
    item("service_input_tokens", "API input tokens, service rate", api.input, rates.service.input),
    item("service_output_tokens", "API output tokens, service rate", api.output, rates.service.output),
    item("provider_input_tokens", "provider input tokens, service rate", provider.input, rates.service.providerInput),
    item("provider_output_tokens", "provider output tokens, service rate", provider.output, rates.service.providerOutput),
  ];
}
