// What a request reserves and what it is charged, as line items in integer micro-dollars.
// A reservation holds what the call can cost, estimated from what is known before the work: its
// input tokens, which bound the response (the model, schema and receipt it echoes), and, when a
// language model will run, the provider tokens that reading or generating takes (for a draft,
// the worst case of its rounds). Every estimate carries the margins below (docs/service.md,
// "Reservations"). The charge is settled on the actual tokens, whole: the sum of its items, the
// part above the reservation taken from free funds (or 402 when they cannot cover it).
import { tokenCost } from "../ledger/money.js";
import type { LineItem } from "../ledger/types.js";
import type { ProviderRounds } from "../providers/types.js";
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
 * generating from a request takes about 1.5 × its tokens plus its instructions in.
 */
const ESTIMATE = { outputPerInput: 2, outputFixed: 2_000, providerInPerInput: 1.5, providerInFixed: 1_500 } as const;

/** API output tokens a response to `inputTokens` can take, never more than the configured ceiling. */
const outputEstimate = (inputTokens: number, rates: Rates): number =>
  Math.min(rates.reservation.maxOutputTokens, ESTIMATE.outputPerInput * inputTokens + ESTIMATE.outputFixed);

/**
 * The most the rounds of one use of a language model can cost: each reads the request and its
 * instructions (estimated from the request's tokens) and at most the previous round's output (a
 * repair reads the draft it repairs), and writes at most `outputPerRound`, at the provider rates.
 */
function providerWorst(inputTokens: number, rates: Rates, work: ProviderRounds): number {
  const read = Math.ceil(ESTIMATE.providerInPerInput * inputTokens) + ESTIMATE.providerInFixed + work.outputPerRound;
  return work.rounds * (tokenCost(read, rates.service.providerInput) + tokenCost(work.outputPerRound, rates.service.providerOutput));
}

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

/** The API tokens of a call at the service rates: its input and the estimate of its output. */
const serviceApi = (inputTokens: number, rates: Rates): number =>
  tokenCost(inputTokens, rates.service.input) + tokenCost(outputEstimate(inputTokens, rates), rates.service.output);

/**
 * Service rates (extraction, questions without a model): API tokens plus the worst case of every
 * use of a language model the call may make (reading the evidence, building a model for its
 * questions); nothing for the embedded readers and the Direct generator. The provider work is
 * then paid for even when every round is used and the call still fails.
 */
export const serviceReservation = (inputTokens: number, rates: Rates, work: readonly ProviderRounds[] = []): number =>
  work.reduce((sum, w) => sum + providerWorst(inputTokens, rates, w), serviceApi(inputTokens, rates));

/**
 * Drafting a model from a prompt or documents: the worst case of its rounds of drafting and
 * repair (at least the configured allowance) on top of what the request itself can cost.
 */
export const draftReservation = (inputTokens: number, rates: Rates, work: ProviderRounds): number =>
  serviceApi(inputTokens, rates) + Math.max(providerWorst(inputTokens, rates, work), rates.reservation.serviceProviderAllowance);

/**
 * The provider work of a call that failed (a draft still invalid after its repair rounds, a reading
 * whose values do not establish the inputs): billed as items of their own, at the provider rates,
 * with no API tokens (no execution succeeded).
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
