// Settles a successful execution and assembles the 4.2 response: the charge at System One rates
// for a deterministic run of a complete model, at the service rates otherwise (a reader ran, or
// the model came from questions), then the receipt signature over exactly what the client parses.
import { randomUUID } from "node:crypto";
import { addUsage } from "../providers/llm/structured.js";
import type { Usage } from "../providers/types.js";
import type { ServiceCall, ServiceDeps } from "./deps.js";
import type { ProblemEntry } from "./problems.js";
import { mapFinished } from "./finished.js";
import { sendable, type Hold } from "./metering.js";
import { serviceCharge, systemOneCharge } from "./pricing.js";
import type { Run } from "./run.js";
import { answersText, receiptText } from "./receipt-text.js";
import { billingTexts } from "./billing-text.js";
import { canonicalJsonWithMember } from "../compiler/index.js";
import { countedTokens, inputSchemaText, responseBytes, withBilling, type ResponseHead } from "./response-text.js";

export interface RunContext {
  cacheHit: boolean;
  /** provider tokens spent before the run (generating the model) */
  generationUsage: Usage;
  /** questions-only calls are always at the service rates, cache hits included */
  serviceRates: boolean;
  /** the model's JSON text, when the request's model was already serialised */
  modelText?: string;
  /** what the run ignored: unknown request fields, model keys and state keys */
  warnings: ProblemEntry[];
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
  const head: ResponseHead = {
    modelText: ctx.modelText ?? JSON.stringify(run.model),
    inputText: inputSchemaText(compiled.inputSchema),
    answers: receipt.answers,
    answersText: answersText(receipt),
    receiptText: receiptText(receipt),
    cacheHit: ctx.cacheHit,
    providerUsage,
    warnings: ctx.warnings,
  };
  const outputTokens = await countedTokens(head, compiled.inputSchema);
  const items =
    ctx.serviceRates || run.read
      ? serviceCharge(
          { input: call.inputTokens, output: outputTokens },
          { input: providerUsage.input_tokens, output: providerUsage.output_tokens },
          deps.rates,
        )
      : systemOneCharge(call.inputTokens, outputTokens, deps.rates);
  if (call.audit) call.audit.model_hash = compiled.hash;
  const header = { rid: randomUUID(), iat: Math.floor(Date.now() / 1000), model_hash: compiled.hash };
  // The receipt signs its billing, so it is signed inside the settlement (its batch just before the
  // settlement commits): a signature or a body that fails leaves nothing charged.
  return hold.settle(items, `systemone ${compiled.hash}`, (billing) => {
    // signed as the client reads it back from the text it is sent as (signer.ts)
    const payload = { ...receipt, billing };
    const { json: billingText, canonical: billingCanonical } = billingTexts(billing);
    const payloadText = withBilling(head.receiptText, billingText);
    // the receipt's members canonicalised with the billing's text, not the billing walked again
    const signed = deps.signer.sign(payload, header, canonicalJsonWithMember(receipt, "billing", billingCanonical));
    const usage = { input_tokens: call.inputTokens, output_tokens: outputTokens };
    const utf8 = responseBytes(head, compiled.inputSchema, payloadText, usage, billingText);
    return mapFinished(signed, (signature) => {
      const response = {
        model: run.model,
        input: compiled.inputSchema,
        answers: receipt.answers,
        receipt: { receipt: signature, ...payload },
        cache_hit: ctx.cacheHit,
        provider_usage: providerUsage,
        warnings: ctx.warnings,
        usage,
        billing,
      };
      return sendable(response, () => utf8(signature));
    });
  });
}
