// Which providers this server may use, from environment variables (docs/providers.md). Nothing
// here opens a connection: a language model is only "configured" (it has a base URL or a key).
// The embedded readers and the Direct generator need no configuration and are always present.

type ProviderKind = "openai" | "anthropic";

export interface LlmEndpoint {
  provider: ProviderKind;
  baseURL?: string;
  apiKey?: string;
  model: string;
}

export interface ProviderConfig {
  /** language-model endpoints by alias: "openai", "anthropic" and the aliases of PDM_GENERATORS */
  endpoints: Record<string, LlmEndpoint>;
  /** alias that drafts models from prompts when the request names none */
  defaultGenerator?: string;
  /** "direct" (embedded) or an endpoint alias: builds models for questions-only calls */
  questionsGenerator: string;
  /** "embedded" or an endpoint alias: reads text states and JSON states that do not match */
  reader: string;
  /** per provider request */
  timeoutMs: number;
  /** samples a language-model reader takes in `thinking` mode */
  thinkingSamples: number;
  /** compile-and-repair rounds of a language-model generator */
  maxAttempts: number;
  /** lifetime of a questions-cache entry */
  questionsCacheTtlMs: number;
  questionsCacheSize: number;
  /** the most the in-memory questions cache's models may weigh, in bytes (two a character of their JSON) */
  questionsCacheBytes: number;
}

// A default must be a model its provider still serves: the Anthropic one is the newest Sonnet the
// installed SDK lists that it does not announce as deprecated (test/providers/llm.test.ts checks).
const DEFAULT_MODELS: Record<ProviderKind, string> = { openai: "gpt-4o-mini", anthropic: "claude-sonnet-5-5" };

/** Environment variables, with the default each one falls back to (the documentation table). */
export const ENV = {
  PDM_OPENAI_BASE_URL: "OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1 for vLLM (unset: api.openai.com when a key is set)",
  PDM_OPENAI_API_KEY: "OpenAI key (local servers usually need none)",
  PDM_OPENAI_MODEL: `model name (default ${DEFAULT_MODELS.openai})`,
  PDM_ANTHROPIC_BASE_URL: "Anthropic base URL (unset: api.anthropic.com)",
  PDM_ANTHROPIC_API_KEY: "Anthropic key",
  PDM_ANTHROPIC_MODEL: `model name (default ${DEFAULT_MODELS.anthropic})`,
  PDM_GENERATORS: 'more aliases as JSON: {"alias": {"provider": "openai"|"anthropic", "model": "…", "base_url"?: "…", "api_key"?: "…"}}',
  PDM_DEFAULT_GENERATOR: "alias used for prompts when the request names none (default: openai, else anthropic, else the first alias)",
  PDM_QUESTIONS_GENERATOR: "direct (default) or an alias: builds models for questions-only calls",
  PDM_READER: "embedded (default) or an alias: reads text states and non-matching JSON states",
  PDM_PROVIDER_TIMEOUT_MS: "per provider request (default 60000)",
  PDM_THINKING_SAMPLES: "reader samples in thinking mode (default 3)",
  PDM_GENERATOR_ATTEMPTS: "compile-and-repair rounds per draft (default 3)",
  PDM_QUESTIONS_CACHE_TTL_S: "lifetime of a generated questions model (default 86400)",
  PDM_QUESTIONS_CACHE_SIZE: "entries of the in-memory questions cache (default 1000)",
  PDM_QUESTIONS_CACHE_BYTES:
    "the most the in-memory questions cache's models may weigh, two bytes a character of their JSON (default 64 MiB)",
} as const;

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Record<string, string | undefined>;

const set = (v: string | undefined): string | undefined => (v && v.trim() !== "" ? v.trim() : undefined);

function positive(env: Env, name: keyof typeof ENV, fallback: number): number {
  const text = set(env[name]);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive integer, got ${text}`);
  return n;
}

function builtIn(env: Env): Record<string, LlmEndpoint> {
  const out: Record<string, LlmEndpoint> = {};
  const openai = { baseURL: set(env.PDM_OPENAI_BASE_URL), apiKey: set(env.PDM_OPENAI_API_KEY) };
  if (openai.baseURL || openai.apiKey) {
    out.openai = { provider: "openai", ...openai, model: set(env.PDM_OPENAI_MODEL) ?? DEFAULT_MODELS.openai };
  }
  const anthropic = { baseURL: set(env.PDM_ANTHROPIC_BASE_URL), apiKey: set(env.PDM_ANTHROPIC_API_KEY) };
  if (anthropic.baseURL || anthropic.apiKey) {
    out.anthropic = { provider: "anthropic", ...anthropic, model: set(env.PDM_ANTHROPIC_MODEL) ?? DEFAULT_MODELS.anthropic };
  }
  return out;
}

/** PDM_GENERATORS: an alias without its own base URL or key inherits the provider's. */
function aliases(env: Env, base: Record<string, LlmEndpoint>): Record<string, LlmEndpoint> {
  const text = set(env.PDM_GENERATORS);
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`PDM_GENERATORS is not JSON: ${(e as Error).message}`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new ConfigError("PDM_GENERATORS must be a JSON object");
  const out: Record<string, LlmEndpoint> = {};
  for (const [alias, raw] of Object.entries(parsed as Record<string, unknown>)) {
    const r = (raw ?? {}) as Record<string, unknown>;
    if (r.provider !== "openai" && r.provider !== "anthropic") {
      throw new ConfigError(`PDM_GENERATORS.${alias}.provider must be "openai" or "anthropic"`);
    }
    if (alias === "direct" || alias === "embedded") throw new ConfigError(`PDM_GENERATORS: "${alias}" is reserved`);
    const inherited = base[r.provider];
    const endpoint: LlmEndpoint = {
      provider: r.provider,
      baseURL: typeof r.base_url === "string" ? r.base_url : inherited?.baseURL,
      apiKey: typeof r.api_key === "string" ? r.api_key : inherited?.apiKey,
      model: typeof r.model === "string" ? r.model : (inherited?.model ?? DEFAULT_MODELS[r.provider]),
    };
    if (!endpoint.baseURL && !endpoint.apiKey) {
      throw new ConfigError(`PDM_GENERATORS.${alias} has neither base_url nor api_key, and its provider has none configured`);
    }
    out[alias] = endpoint;
  }
  return out;
}

function pick(env: Env, name: keyof typeof ENV, fallback: string, allowed: Record<string, unknown>, builtin: string): string {
  const v = set(env[name]) ?? fallback;
  if (v !== builtin && !Object.hasOwn(allowed, v)) {
    throw new ConfigError(`${name}=${v} names no configured language model (known: ${[builtin, ...Object.keys(allowed)].join(", ")})`);
  }
  return v;
}

export function providerConfig(env: Env = process.env): ProviderConfig {
  const base = builtIn(env);
  const endpoints = { ...base, ...aliases(env, base) };
  const names = Object.keys(endpoints);
  const requested = set(env.PDM_DEFAULT_GENERATOR);
  if (requested && !Object.hasOwn(endpoints, requested)) {
    throw new ConfigError(`PDM_DEFAULT_GENERATOR=${requested} names no configured language model (known: ${names.join(", ") || "none"})`);
  }
  const defaultGenerator = requested ?? ["openai", "anthropic"].find((n) => Object.hasOwn(endpoints, n)) ?? names[0];
  return {
    endpoints,
    defaultGenerator,
    questionsGenerator: pick(env, "PDM_QUESTIONS_GENERATOR", "direct", endpoints, "direct"),
    reader: pick(env, "PDM_READER", "embedded", endpoints, "embedded"),
    timeoutMs: positive(env, "PDM_PROVIDER_TIMEOUT_MS", 60_000),
    thinkingSamples: positive(env, "PDM_THINKING_SAMPLES", 3),
    maxAttempts: positive(env, "PDM_GENERATOR_ATTEMPTS", 3),
    questionsCacheTtlMs: positive(env, "PDM_QUESTIONS_CACHE_TTL_S", 86_400) * 1000,
    questionsCacheSize: positive(env, "PDM_QUESTIONS_CACHE_SIZE", 1000),
    questionsCacheBytes: positive(env, "PDM_QUESTIONS_CACHE_BYTES", 64 * 1024 * 1024),
  };
}

/** What to tell a caller who asks for a language model on a server that has none. */
export const HOW_TO_CONFIGURE =
  "configure one with PDM_OPENAI_BASE_URL and/or PDM_OPENAI_API_KEY (OpenAI, vLLM, llama.cpp server, Ollama) " +
  "or PDM_ANTHROPIC_API_KEY, then restart the server; see docs/providers.md";
