// The OpenAI-compatible adapter (the official `openai` package): Chat Completions with
// `response_format: json_schema`. Works with OpenAI, vLLM, llama.cpp server and Ollama, which
// all speak this protocol at their /v1 base URL.
import OpenAI from "openai";
import type { LlmEndpoint } from "../config.js";
import { ProviderError, type Usage } from "../types.js";
import { boundedFetch } from "./bounded-fetch.js";
import { parseJsonAnswer, withTimeout, type StructuredClient } from "./structured.js";

export function openAiClient(endpoint: LlmEndpoint, timeoutMs: number): StructuredClient {
  const name = `openai:${endpoint.model}`;
  const client = new OpenAI({
    // Local servers need no key, but the SDK insists on one.
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
        const res = await client.chat.completions.create(
          {
            model: endpoint.model,
            messages: [
              { role: "system", content: req.system },
              { role: "user", content: req.user },
            ],
            response_format: { type: "json_schema", json_schema: { name: req.name, schema: req.schema, strict: req.strict } },
            ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
            ...(req.maxTokens !== undefined ? { max_tokens: req.maxTokens } : {}),
          },
          { signal },
        );
        const usage: Usage = { input_tokens: res.usage?.prompt_tokens ?? 0, output_tokens: res.usage?.completion_tokens ?? 0 };
        const message = res.choices?.[0]?.message;
        if (message?.refusal) throw new ProviderError("failed", `${name} refused: ${message.refusal}`, usage);
        return { value: parseJsonAnswer(message?.content, name, usage), usage };
      }),
  };
}
