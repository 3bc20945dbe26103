// Provider failures as problems: a failed call is 502 provider_error, a timeout 504
// provider_timeout, and a language model that is needed but not configured is 502
// provider_unavailable with the configuration to set. A problem settles nothing itself; a draft
// bills the provider tokens its failed rounds took (draft.ts).
import { HOW_TO_CONFIGURE } from "../providers/config.js";
import { ProviderError } from "../providers/types.js";
import { problem, type Problem } from "./problems.js";

const CODES = { failed: "provider_error", timeout: "provider_timeout", unavailable: "provider_unavailable" } as const;

export function providerProblem(e: ProviderError): Problem {
  const p = problem(CODES[e.kind], e.message);
  return e.kind === "unavailable" ? { ...p, detail: `${e.message}; ${HOW_TO_CONFIGURE}` } : p;
}

/** Runs provider work; a ProviderError becomes its problem, anything else propagates. */
export async function guardProvider<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; problem: Problem }> {
  try {
    return { ok: true, value: await work() };
  } catch (e) {
    if (e instanceof ProviderError) return { ok: false, problem: providerProblem(e) };
    throw e;
  }
}

export const noLanguageModel = (why: string): Problem =>
  problem("provider_unavailable", `${why}, and no language model is configured on this server: ${HOW_TO_CONFIGURE}`);
