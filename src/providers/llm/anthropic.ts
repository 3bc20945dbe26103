// The Anthropic adapter (`@anthropic-ai/sdk`): the Messages API with structured outputs
// (`output_config.format: json_schema`; constraints it rejects go into descriptions). Cache reads and writes count as input tokens: the
// provider bills them, so the account pays for them.
import Anthropic from "@anthropic-ai/sdk";
import type { LlmEndpoint } from "../config.js";
import { ProviderError, type Usage } from "../types.js";
import { anthropicSchema } from "./anthropic-schema.js";
import { boundedFetch } from "./bounded-fetch.js";
import { parseJsonAnswer, withTimeout, type StructuredClient } from "./structured.js";

const DEFAULT_MAX_TOKENS = 8192;

export function anthropicClient(endpoint: LlmEndpoint, timeoutMs: number): StructuredClient {
  const name = `anthropic:${endpoint.model}`;
  const client = new Anthropic({
    apiKey: endpoint.apiKey ?? "not-needed",
    baseURL: endpoint.baseURL,
    maxRetries: 0,
    // a margin: our own timer (withTimeout) is the one that decides
    timeout: timeoutMs + 1000,
    // answers of bounded size and nesting (bounded-fetch.ts)
    fetch: boundedFetch(name),
  });
  return {
    name,
    call: (req, outer) =>
      withTimeout(timeoutMs, outer, name, async (signal) => {
        const res = await client.messages.create(
          {
            model: endpoint.model,
            max_tokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
            system: req.system,
            messages: [{ role: "user", content: req.user }],
            output_config: { format: { type: "json_schema", schema: anthropicSchema(req.schema) as Record<string, unknown> } },
            ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
          },
          { signal },
        );
        const u = res.usage;
        const usage: Usage = {
          input_tokens: (u?.input_tokens ?? 0) + (u?.cache_creation_input_tokens ?? 0) + (u?.cache_read_input_tokens ?? 0),
          output_tokens: u?.output_tokens ?? 0,
        };
        if (res.stop_reason === "refusal") throw new ProviderError("failed", `${name} refused the request`, usage);
        const text = (res.content ?? [])
          .filter((b): b is Anthropic.TextBlock => b.type === "text")
          .map((b) => b.text)
          .join("");
        return { value: parseJsonAnswer(text, name, usage), usage };
      }),
  };
}
