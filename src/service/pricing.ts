// What a request reserves and what it is charged, as line items in integer micro-dollars.
// A reservation holds what the call can cost, estimated from what is known before the work: its
// input tokens, which bound the response (the model, schema and receipt it echoes), and, when a
// language model will run, the provider tokens that reading or generating takes (for a draft,
// the worst case of its rounds). Every estimate carries the margins below (docs/service.md,
// "Reservations"). The charge is settled on the actual tokens, whole: the sum of its items, the
// part above the reservation taken from free funds (or 402 when they cannot cover it).
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

/**
 * The margins of the estimates: a response holds at most about twice its request (the model
 * echoed, the derived schema, the receipt) plus a fixed part; a language model reading or
 * generating from a request takes about 1.5 × its tokens plus its instructions in, and a bounded
 * answer out.
 */
const ESTIMATE = { outputPerInput: 2, outputFixed: 2_000, providerInPerInput: 1.5, providerInFixed: 1_500, providerOut: 4_000 } as const;

/** API output tokens a response to `inputTokens` can take, never more than the configured ceiling. */
const outputEstimate = (inputTokens: number, rates: Rates): number =>
  Math.min(rates.reservation.maxOutputTokens, ESTIMATE.outputPerInput * inputTokens + ESTIMATE.outputFixed);

/** Provider tokens a language model takes to read or generate from a request of `inputTokens`. */
const providerEstimate = (inputTokens: number): { input: number; output: number } => ({
  input: Math.ceil(ESTIMATE.providerInPerInput * inputTokens) + ESTIMATE.providerInFixed,
  output: ESTIMATE.providerOut,
});

/** System One: API input tokens at the System One rate; output at its (default zero) rate. */
export function systemOneReservation(inputTokens: number, rates: Rates): number {
  return tokenCost(inputTokens, rates.systemone.input) + tokenCost(outputEstimate(inputTokens, rates), rates.systemone.output);
}

export function systemOneCharge(inputTokens: number, outputTokens: number, rates: Rates): LineItem[] {
  return [
    item("systemone_input_tokens", "API input tokens, System One rate", inputTokens, rates.systemone.input),
    item("systemone_output_tokens", "API output tokens, System One rate", outputTokens, rates.systemone.output),
  ];
}

/**
 * Service rates (extraction, questions without a model): API tokens plus, when a language model
 * will run, the provider tokens estimated from the request; nothing for the embedded readers.
 */
export function serviceReservation(inputTokens: number, rates: Rates, languageModel: boolean): number {
  const provider = languageModel ? providerEstimate(inputTokens) : { input: 0, output: 0 };
  return (
    tokenCost(inputTokens, rates.service.input) +
    tokenCost(outputEstimate(inputTokens, rates), rates.service.output) +
    tokenCost(provider.input, rates.service.providerInput) +
    tokenCost(provider.output, rates.service.providerOutput)
  );
}

/**
 * Drafting a model from a prompt or documents: a language model drafts and repairs for up to
 * `rounds` rounds, each reading the request, its instructions and the previous draft, and writing
 * at most `outputPerRound` tokens. The reservation holds that worst case (at least the configured
 * allowance) on top of what the request itself can cost, so the provider work is paid for even
 * when every round is used and the draft still fails.
 */
export function draftReservation(inputTokens: number, rates: Rates, rounds: number, outputPerRound: number): number {
  const round = providerEstimate(inputTokens);
  const worst =
    rounds *
    (tokenCost(round.input + outputPerRound, rates.service.providerInput) + tokenCost(outputPerRound, rates.service.providerOutput));
  return (
    tokenCost(inputTokens, rates.service.input) +
    tokenCost(outputEstimate(inputTokens, rates), rates.service.output) +
    Math.max(worst, rates.reservation.serviceProviderAllowance)
  );
}

/**
 * The provider work of a call that failed (a draft still invalid after its repair rounds): billed
 * as items of their own, at the provider rates, with no API tokens (no execution succeeded).
 */
export function failedProviderCharge(usage: { input: number; output: number }, rates: Rates): LineItem[] {
  return [
    item(
      "failed_provider_input_tokens",
      "provider input tokens of a call that failed, service rate",
      usage.input,
      rates.service.providerInput,
    ),
    item(
      "failed_provider_output_tokens",
      "provider output tokens of a call that failed, service rate",
      usage.output,
      rates.service.providerOutput,
    ),
  ];
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
