// Provider failures as problems: a failed call is 502 provider_error, a timeout 504
// provider_timeout, and a language model that is needed but not configured is 502
// provider_unavailable with the configuration to set. A problem settles nothing itself; the
// provider tokens a failed call took are billed by its operation (failed-work.ts).
import { HOW_TO_CONFIGURE } from "../providers/config.js";
import { ProviderError, type Usage } from "../providers/types.js";
import { problem, type Problem } from "./problems.js";

const CODES = { failed: "provider_error", timeout: "provider_timeout", unavailable: "provider_unavailable" } as const;

export function providerProblem(e: ProviderError): Problem {
  const p = problem(CODES[e.kind], e.message);
  return e.kind === "unavailable" ? { ...p, detail: `${e.message}; ${HOW_TO_CONFIGURE}` } : p;
}

/**
 * Runs provider work; a ProviderError becomes its problem (the tokens the provider was paid for
 * before it failed added to `spend`), anything else propagates.
 */
export async function guardProvider<T>(
  work: () => Promise<T>,
  spend?: { add(usage: Usage): void },
): Promise<{ ok: true; value: T } | { ok: false; problem: Problem }> {
  try {
    return { ok: true, value: await work() };
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    spend?.add(e.usage);
    return { ok: false, problem: providerProblem(e) };
  }
}

export const noLanguageModel = (why: string): Problem =>
  problem("provider_unavailable", `${why}, and no language model is configured on this server: ${HOW_TO_CONFIGURE}`);
