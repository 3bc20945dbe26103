// One structured-output request to a language model: a system and a user message in, one JSON
// value matching `schema` out, with the provider's actual token counts. The two SDK adapters
// (openai.ts, anthropic.ts) implement it; readers and generators only see this interface.
import { ProviderError, type Usage } from "../types.js";
import { ANSWER_DEPTH, nestingDepth } from "./bounded-fetch.js";

interface StructuredRequest {
  system: string;
  user: string;
  /** JSON Schema the answer must match */
  schema: Record<string, unknown>;
  /** schema name (OpenAI's json_schema.name): letters, digits, _ and - */
  name: string;
  /** ask the provider to enforce the schema exactly (the schema must then be strict-compatible) */
  strict: boolean;
  temperature?: number;
  maxTokens?: number;
}

interface StructuredResult {
  value: unknown;
  usage: Usage;
}

export interface StructuredClient {
  /** "openai:gpt-4o-mini" */
  readonly name: string;
  call(request: StructuredRequest, signal?: AbortSignal): Promise<StructuredResult>;
}

export const addUsage = (a: Usage, b: Usage): Usage => ({
  input_tokens: a.input_tokens + b.input_tokens,
  output_tokens: a.output_tokens + b.output_tokens,
});

/**
 * Runs `work` with a signal that aborts after `ms` (or when `outer` aborts). A request cut by our
 * timer is a timeout whatever the SDK calls it; anything else the SDK throws is a failed call.
 */
export async function withTimeout<T>(
  ms: number,
  outer: AbortSignal | undefined,
  what: string,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const forward = () => controller.abort();
  outer?.addEventListener("abort", forward, { once: true });
  try {
    return await work(controller.signal);
  } catch (e) {
    if (e instanceof ProviderError) throw e;
    // an answer bounded-fetch.ts refused, which the SDK reports as a connection error
    if ((e as { cause?: unknown }).cause instanceof ProviderError) throw (e as { cause: ProviderError }).cause;
    if (timedOut || isTimeout(e)) throw new ProviderError("timeout", `${what} did not answer within ${ms} ms`);
    throw new ProviderError("failed", `${what} failed: ${describe(e)}`);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", forward);
  }
}

/** The SDKs' own timeout errors (APIConnectionTimeoutError), should their timer fire first. */
const isTimeout = (e: unknown): boolean => /timeout/i.test((e as { name?: string }).name ?? "");

function describe(e: unknown): string {
  const err = e as { status?: number; message?: string };
  if (err.status) return `HTTP ${err.status}: ${err.message ?? ""}`.trim();
  // the SDKs' "Connection error." says nothing of why: the cause does (a refused connection, a redirect loop)
  const cause = (e as { cause?: { message?: string; cause?: { message?: string } } }).cause;
  const why = cause?.cause?.message ?? cause?.message;
  return [(err.message ?? String(e)).replace(/\.$/, ""), why].filter(Boolean).join(": ");
}

/** The answer text as JSON; a provider that ignores the format has failed. */
export function parseJsonAnswer(text: string | null | undefined, what: string, usage: Usage): unknown {
  if (!text) throw new ProviderError("failed", `${what} returned no content`, usage);
  // the model's JSON is text inside the provider's answer, so its nesting is checked again
  const depth = nestingDepth(text.length, (i) => text.charCodeAt(i));
  if (depth > ANSWER_DEPTH)
    throw new ProviderError("failed", `${what} returned JSON nested ${depth} deep; the most read is ${ANSWER_DEPTH}`, usage);
  try {
    return JSON.parse(text);
  } catch {
    // Some local servers wrap the JSON in a Markdown fence despite the format.
    const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
    if (fenced) {
      try {
        return JSON.parse(fenced[1]!);
      } catch {
        /* fall through */
      }
    }
    throw new ProviderError("failed", `${what} returned content that is not JSON`, usage);
  }
}
