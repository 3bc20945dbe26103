// Provider work of a call that failed: the rounds a language model answered were paid to it, so
// they are billed as items of their own and shown in the problem (docs/service.md, "Failed
// provider work"), whatever failed after them. Every use of a language model on a call adds what it
// spent here, answered or not.
import { addUsage } from "../providers/llm/structured.js";
import { NO_USAGE, type Usage } from "../providers/types.js";
import type { ServiceDeps } from "./deps.js";
import { finished } from "./finished.js";
import type { Hold } from "./metering.js";
import { failedProviderCharge } from "./pricing.js";
import { failure, type Problem } from "./problems.js";

/** The provider tokens one call has spent so far. */
export class ProviderSpend {
  usage: Usage = NO_USAGE;
  add(usage: Usage): void {
    this.usage = addUsage(this.usage, usage);
  }
  get any(): boolean {
    return this.usage.input_tokens > 0 || this.usage.output_tokens > 0;
  }
}

/**
 * The problem of a call that failed after a language model worked, with its tokens billed (settling
 * the hold) and shown in `provider_usage` and `billing`; with none spent, the problem alone (the
 * caller releases the hold).
 */
export async function billFailedWork(
  p: Problem,
  usage: Usage,
  deps: ServiceDeps,
  hold: Hold,
  description: string,
): Promise<{ ok: false; problem: Problem }> {
  if (usage.input_tokens === 0 && usage.output_tokens === 0) return failure(p);
  const items = failedProviderCharge({ input: usage.input_tokens, output: usage.output_tokens }, deps.rates);
  const billing = await hold.settle(items, description, (b) => finished(b));
  return failure({ ...p, extra: { provider_usage: usage, billing } });
}
