// The public documents: the receipt key set and the health report.
import type { JsonSchema } from "./json-schema.js";

export const JWKS: JsonSchema = {
  type: "object",
  description: "the public keys that verify receipt signatures (RFC 7517 key set)",
  properties: {
    keys: {
      type: "array",
      items: {
        type: "object",
        properties: {
          kty: { type: "string" },
          crv: { type: "string" },
          x: { type: "string" },
          kid: { type: "string" },
          alg: { type: "string" },
          use: { type: "string" },
        },
      },
    },
  },
  required: ["keys"],
};

/** GET /readyz: whether what the instance depends on answers. */
export const Readiness: JsonSchema = {
  type: "object",
  properties: {
    status: { type: "string", enum: ["ready"] },
    checks: {
      type: "object",
      description: 'each dependency (ledger, redis) and "ok", or "off" when the instance runs without it',
      additionalProperties: { type: "string" },
    },
  },
  required: ["status", "checks"],
};

const CacheStats: JsonSchema = {
  type: "object",
  properties: {
    size: { type: "integer", minimum: 0 },
    bytes: { type: "integer", minimum: 0 },
    hits: { type: "integer", minimum: 0 },
    misses: { type: "integer", minimum: 0 },
  },
};

export const Health: JsonSchema = {
  type: "object",
  properties: {
    status: { const: "ok" },
    version: { type: "string" },
    ledger: { type: "string", enum: ["sqlite", "postgres", "off"] },
    compile_cache: CacheStats,
    check_cache: { ...CacheStats, description: "the free Check's results, by model identity" },
    generators: { type: "array", items: { type: "string" }, description: "configured language-model aliases" },
  },
};
