// Settles a successful execution and assembles the 4.2 response: the charge at System One rates
// for a deterministic run of a complete model, at the service rates otherwise (a reader ran, or
// the model came from questions), then the receipt signature over exactly what the client parses.
import { randomUUID } from "node:crypto";
import { addUsage } from "../providers/llm/structured.js";
import type { Usage } from "../providers/types.js";
import type { ServiceCall, ServiceDeps } from "./deps.js";
import type { Hold } from "./metering.js";
import { serviceCharge, systemOneCharge } from "./pricing.js";
import type { Run } from "./run.js";
import { countOutputTokens } from "./tokens.js";

export interface RunContext {
  cacheHit: boolean;
  /** provider tokens spent before the run (generating the model) */
  generationUsage: Usage;
  /** questions-only calls are always at the service rates, cache hits included */
  serviceRates: boolean;
}

export async function respond(
  call: ServiceCall,
  deps: ServiceDeps,
  hold: Hold,
  run: Run,
  ctx: RunContext,
): Promise<Record<string, unknown>> {
  const { compiled, receipt } = run;
  receipt.latency_ms = Math.max(0, Math.round(performance.now() - call.startedAt));
  const providerUsage = addUsage(ctx.generationUsage, run.providerUsage);
  const response: Record<string, unknown> = {
    model: run.model,
    input: compiled.inputSchema,
    answers: receipt.answers,
    receipt,
    cache_hit: ctx.cacheHit,
    provider_usage: providerUsage,
  };
  const outputTokens = countOutputTokens(response);
  const items =
    ctx.serviceRates || run.read
      ? serviceCharge(
          { input: call.inputTokens, output: outputTokens },
          { input: providerUsage.input_tokens, output: providerUsage.output_tokens },
          deps.rates,
        )
      : systemOneCharge(call.inputTokens, outputTokens, deps.rates);
  if (call.audit) call.audit.model_hash = compiled.hash;
  const billing = await hold.settle(items, `systemone ${compiled.hash}`);
  const payload = JSON.parse(JSON.stringify({ ...receipt, billing })) as Record<string, unknown>;
  const signature = await deps.signer.sign(payload, { rid: randomUUID(), iat: Math.floor(Date.now() / 1000), model_hash: compiled.hash });
  response.receipt = { receipt: signature, ...payload };
  response.usage = { input_tokens: call.inputTokens, output_tokens: outputTokens };
  response.billing = billing;
  return response;
}
