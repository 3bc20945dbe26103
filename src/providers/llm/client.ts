// The structured client of a configured endpoint, by its provider.
import type { LlmEndpoint } from "../config.js";
import { anthropicClient } from "./anthropic.js";
import { openAiClient } from "./openai.js";
import type { StructuredClient } from "./structured.js";

const ADAPTERS = { openai: openAiClient, anthropic: anthropicClient } as const;

export const structuredClient = (endpoint: LlmEndpoint, timeoutMs: number): StructuredClient =>
  ADAPTERS[endpoint.provider](endpoint, timeoutMs);
