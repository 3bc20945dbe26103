// The OpenAPI 3.1 document served at GET /openapi.json. It records the choices made where the
// specification says "not shown" (see docs/service.md): the string form of `model`, the entries
// of billing.items, of errors and of check stages, the answer shapes, the receipt's inner
// structure and its signature, and which condition yields which status and code.
import { CATALOGUE } from "../service/problems.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const obj = (properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  required,
  ...extra,
});
const map = (values: unknown = {}) => ({ type: "object", additionalProperties: values });
const str = (description?: string) => ({ type: "string", ...(description ? { description } : {}) });
const int = { type: "integer", minimum: 0 };

const problemResponse = (codes: string[]) => ({
  description: codes.map((c) => `\`${c}\`: ${CATALOGUE[c as keyof typeof CATALOGUE].when}`).join("; "),
  content: { "application/problem+json": { schema: ref("Problem") } },
});

const byStatus = (): Record<string, ReturnType<typeof problemResponse>> => {
  const out: Record<string, string[]> = {};
  for (const [code, { status }] of Object.entries(CATALOGUE)) (out[String(status)] ??= []).push(code);
  return Object.fromEntries(Object.entries(out).map(([s, codes]) => [s, problemResponse(codes)]));
};

const schemas = {
  Usage: obj({ input_tokens: int, output_tokens: int }, ["input_tokens", "output_tokens"]),
  Balance: obj(
    { currency: str(), balance_usd: { type: "number" }, reserved_usd: { type: "number" }, available_usd: { type: "number" } },
    ["currency", "balance_usd", "reserved_usd", "available_usd"],
  ),
  LineItem: obj(
    {
      kind: {
        type: "string",
        enum: [
          "systemone_input_tokens",
          "systemone_output_tokens",
          "service_input_tokens",
          "service_output_tokens",
          "provider_input_tokens",
          "provider_output_tokens",
        ],
      },
      description: str(),
      quantity: int,
      unit: { const: "token" },
      unit_price_usd_per_million: { type: "number" },
      amount_usd: { type: "number", description: "quantity × unit price, rounded up to a whole micro-dollar" },
    },
    ["kind", "description", "quantity", "unit", "unit_price_usd_per_million", "amount_usd"],
  ),
  Billing: obj(
    {
      currency: str(),
      estimated: { type: "boolean", description: "always false: the charge is settled, not estimated" },
      cost_usd: { type: "number", description: "the amount deducted: the sum of items, capped at the reservation" },
      balance: ref("Balance"),
      items: { type: "array", items: ref("LineItem") },
    },
    ["currency", "estimated", "cost_usd", "balance", "items"],
  ),
  ErrorEntry: obj(
    {
      address: str("where: a model address (spec 2.13) such as decisions.risk.rule[3], a state path, or a request path such as body.content"),
      code: str("machine code of this entry, e.g. names.unknown, request.missing, state.type"),
      message: str(),
    },
    ["address", "code", "message"],
  ),
  Problem: obj(
    {
      type: str("URI reference /problems/{code}; GET it for the description"),
      title: str(),
      status: { type: "integer" },
      code: { type: "string", enum: Object.keys(CATALOGUE) },
      detail: str(),
      errors: { type: "array", items: ref("ErrorEntry") },
    },
    ["type", "title", "status", "code", "detail", "errors"],
  ),
  ContentDefinition: obj(
    { name: str(), types: map(), inputs: map(), decisions: map(), functions: map() },
    ["name", "inputs", "decisions"],
    { description: "spec section 2.2; validate with POST /v1/systemtwo/models" },
  ),
  Question: obj(
    {
      type: { type: "string", enum: ["noul", "choice", "score", "number", "date"] },
      instructions: str(),
      criteria: obj({ true: str(), false: str() }, [], { description: "noul: what true and false mean" }),
      options: map({ type: "string" }),
      levels: { type: "array", items: { type: "string" } },
      range: obj(
        { min: { type: "number" }, max: { type: "number" } },
        [],
        { description: "number: optional bounds; the decision is then typed `number [min..max]`, `number >= min` or `number <= max`" },
      ),
    },
    ["type", "instructions"],
    {
      description:
        "noul requires criteria; choice requires options (name to meaning); score requires levels (lowest first); number may give range; date needs nothing more",
    },
  ),
  Questions: map(ref("Question")),
  PortableModel: obj({ content: ref("ContentDefinition"), questions: ref("Questions") }, ["content", "questions"]),
  State: {
    description:
      "evidence: any JSON value, or a text string. JSON matching the input schema runs deterministically; a text state or other JSON is read by the configured reader (embedded by default, or a language model)",
  },
  Answer: {
    description:
      "noul: {value: boolean, probability: number (that the decision is true)}; choice and score: {value, distribution: {option: p}}; number and date: {value, distribution: [{value, p}]}. A deterministic run gives point masses (probability 1 or 0, p 1 on the decided value). See docs/answers.md.",
    type: "object",
    properties: { value: {}, probability: { type: "number" }, distribution: {} },
    required: ["value"],
  },
  ReadRecord: obj(
    {
      value: { description: "the value read, JSON-ready in the input's type" },
      confidence: { type: "number", minimum: 0, maximum: 1, description: "how sure the reader is; below the input's threshold the input counts as missing" },
      alternatives: {
        type: "array",
        items: obj({ value: {}, p: { type: "number" } }, ["value", "p"]),
        description: "other candidate values with their probabilities (thinking mode: the spread of the samples)",
      },
      source: obj(
        {
          path: str("JSON Pointer (RFC 6901) into a JSON state"),
          span: obj({ start: int, end: int }, ["start", "end"], { description: "character offsets into a text state" }),
          text: str("the quoted evidence"),
        },
        [],
        { description: "where the value was found" },
      ),
    },
    ["value", "confidence"],
    { description: "an observation extracted by the reader (absent from deterministic runs)" },
  ),
  DecisionRecord: obj(
    {
      value: { description: "the evaluated value" },
      rule: {
        oneOf: [{ type: "integer", minimum: 1 }, { type: "array", items: { type: "integer", minimum: 1 } }],
        description: "table decisions: the 1-based rule that fired (row 0 is the header)",
      },
      let: map({ description: "the decision's let values" }),
    },
    ["value"],
  ),
  Receipt: obj(
    {
      receipt: str(
        "detached compact JWS (`header..signature`, alg EdDSA, Ed25519) over the RFC 8785 canonical JSON of every other receipt field. Verify with the keys of GET /v1/keys. The protected header carries kid, typ pdm-receipt+jws, rid (receipt id), iat and model_hash.",
      ),
      model: str("content.name"),
      given: map({ description: "input values taken directly from the JSON state" }),
      read: map(ref("ReadRecord")),
      decisions: map(ref("DecisionRecord")),
      answers: map(ref("Answer")),
      state: obj(
        {
          kind: { type: "string", enum: ["json", "text"] },
          schema_matched: { type: "boolean", description: "true when the JSON state matched the input schema and nothing was read" },
          sha256: str("SHA-256 of the canonical JSON of the state (a text state is a JSON string)"),
          inputs: map({ type: "string", enum: ["given", "read", "absent"] }),
        },
        ["kind", "schema_matched", "sha256", "inputs"],
      ),
      latency_ms: int,
      billing: ref("Billing"),
    },
    ["receipt", "model", "given", "read", "decisions", "answers", "state", "latency_ms", "billing"],
  ),
  SystemOneRequest: obj(
    {
      state: ref("State"),
      questions: ref("Questions"),
      model: {
        oneOf: [
          ref("PortableModel"),
          { type: "string", description: "the portable model serialised as a JSON string, for clients that keep models as text" },
        ],
      },
      content: { ...ref("ContentDefinition"), description: "alternative to model: requires the outer questions and no model" },
      mode: { type: "string", enum: ["fast", "thinking"], default: "fast" },
    },
    ["state"],
  ),
  SystemOneResponse: obj(
    {
      model: ref("PortableModel"),
      input: { type: "object", description: "derived JSON Schema of the input" },
      answers: map(ref("Answer")),
      receipt: ref("Receipt"),
      cache_hit: { type: "boolean", description: "true when questions reused the account's cached model (still billed at the service rates)" },
      provider_usage: { ...ref("Usage"), description: "actual language-model tokens (generation and reading); zero for embedded providers" },
      usage: ref("Usage"),
      billing: ref("Billing"),
    },
    ["model", "input", "answers", "receipt", "cache_hit", "provider_usage", "usage", "billing"],
  ),
  ModelsRequest: obj({
    model: str("generator alias: openai, anthropic or one of PDM_GENERATORS (default: the server's default language model)"),
    prompt: str(),
    content: ref("ContentDefinition"),
    output: ref("Questions"),
    state: ref("State"),
    name: str(),
    mode: { type: "string", enum: ["fast", "thinking"], default: "fast" },
    dry_run: { type: "boolean", description: "accepted; nothing is ever saved" },
    files: {
      type: "array",
      items: obj(
        {
          name: str("file name; its extension gives the kind when type is absent"),
          type: str("media type: text/plain, text/markdown, application/json, text/csv or application/pdf"),
          data: str("base64 of the file's bytes (a text type that is not valid base64 is taken as the text itself)"),
        },
        ["data"],
      ),
    },
  }),
  Diagnostic: obj(
    {
      severity: { type: "string", enum: ["error", "warning", "info"] },
      code: str(),
      message: str(),
      address: str(),
      span: obj({ start: int, end: int }, ["start", "end"]),
      source: str(),
    },
    ["severity", "code", "message"],
  ),
  Check: obj(
    {
      valid: { type: "boolean" },
      stages: {
        type: "array",
        items: obj({ name: str(), ok: { type: "boolean" }, diagnostics: { type: "array", items: ref("Diagnostic") } }, [
          "name",
          "ok",
          "diagnostics",
        ]),
      },
      warnings: { type: "array", items: { type: "string" } },
      content: ref("ContentDefinition"),
      input: { type: "object" },
    },
    ["valid", "stages", "warnings", "content", "input"],
  ),
  Draft: obj(
    {
      model: ref("PortableModel"),
      content: ref("ContentDefinition"),
      output: ref("Questions"),
      input: { type: "object" },
      examples: {
        type: "array",
        items: obj(
          { state: { type: "object" }, decisions: map(ref("DecisionRecord")), answers: map(ref("Answer")) },
          ["state", "decisions", "answers"],
        ),
        description: "states built from the input types (and the request's matching JSON state, first) with their evaluated decisions",
      },
      usage: ref("Usage"),
      provider_usage: ref("Usage"),
      billing: ref("Billing"),
    },
    ["model", "content", "output", "input", "examples", "usage", "provider_usage", "billing"],
  ),
  JWKS: obj({ keys: { type: "array", items: obj({ kty: str(), crv: str(), x: str(), kid: str(), alg: str(), use: str() }) } }, ["keys"]),
};

export function openApiDocument(version: string): Record<string, unknown> {
  const errors = byStatus();
  const pick = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [String(s), errors[String(s)]!]));
  const rateHeaders = {
    "RateLimit-Limit": { schema: { type: "integer" } },
    "RateLimit-Remaining": { schema: { type: "integer" } },
    "RateLimit-Reset": { schema: { type: "integer" }, description: "seconds" },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Portable Decision Model Service",
      version,
      description:
        "Executes portable decision models deterministically and validates them. Every call is billed against the account balance: a reservation first, then the settled charge. See docs/service.md.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "account API key" } },
      schemas,
    },
    paths: {
      "/v1/systemone": {
        post: {
          summary: "Execute questions or a model against a state",
          security: [{ bearer: [] }],
          requestBody: { required: true, content: { "application/json": { schema: ref("SystemOneRequest") } } },
          responses: {
            "200": { description: "executed", headers: rateHeaders, content: { "application/json": { schema: ref("SystemOneResponse") } } },
            ...pick(400, 401, 402, 403, 422, 429, 500, 502, 504),
          },
        },
      },
      "/v1/systemtwo/models": {
        post: {
          summary: "Create, revise or check a portable model",
          description:
            "content with no prompt and no files: the free Check. A prompt or files: a Draft from a language-model generator (content and output with a prompt revise them), billed at the service rates.",
          security: [{ bearer: [] }],
          requestBody: { required: true, content: { "application/json": { schema: ref("ModelsRequest") } } },
          responses: {
            "200": { description: "a Check or a Draft", content: { "application/json": { schema: { oneOf: [ref("Check"), ref("Draft")] } } } },
            ...pick(400, 401, 402, 403, 422, 429, 500, 502, 504),
          },
        },
      },
      "/v1/keys": {
        get: {
          summary: "Public keys that verify receipt signatures (JWK set)",
          responses: { "200": { description: "JWK set", content: { "application/json": { schema: ref("JWKS") } } } },
        },
      },
      "/healthz": {
        get: {
          summary: "Liveness",
          responses: {
            "200": {
              description: "up",
              content: {
                "application/json": {
                  schema: obj({
                    status: { const: "ok" },
                    version: str(),
                    ledger: { type: "string", enum: ["sqlite", "postgres", "off"] },
                    compile_cache: obj({ size: int, hits: int, misses: int }),
                    generators: { type: "array", items: { type: "string" }, description: "configured language-model aliases" },
                  }),
                },
              },
            },
          },
        },
      },
      "/openapi.json": { get: { summary: "This document", responses: { "200": { description: "OpenAPI 3.1" } } } },
      "/problems/{code}": {
        get: {
          summary: "Describe a problem type",
          parameters: [{ name: "code", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": {
              description: "the catalogue entry",
              content: { "application/json": { schema: obj({ code: str(), status: { type: "integer" }, title: str(), description: str() }) } },
            },
            ...pick(404),
          },
        },
      },
    },
  };
}
