// Usage, Balance and Billing (spec 2.10) as the responses carry them.
import { ref, type JsonSchema } from "./json-schema.js";

const count: JsonSchema = { type: "integer", minimum: 0 };
const usd: JsonSchema = { type: "number" };

export const Usage: JsonSchema = {
  type: "object",
  properties: { input_tokens: count, output_tokens: count },
  required: ["input_tokens", "output_tokens"],
};

export const Balance: JsonSchema = {
  type: "object",
  properties: { currency: { type: "string" }, balance_usd: usd, reserved_usd: usd, available_usd: usd },
  required: ["currency", "balance_usd", "reserved_usd", "available_usd"],
};

export const LineItem: JsonSchema = {
  type: "object",
  properties: {
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
    description: { type: "string" },
    quantity: count,
    unit: { const: "token" },
    unit_price_usd_per_million: usd,
    amount_usd: { type: "number", description: "quantity × unit price, rounded up to a whole micro-dollar" },
  },
  required: ["kind", "description", "quantity", "unit", "unit_price_usd_per_million", "amount_usd"],
};

export const Billing: JsonSchema = {
  type: "object",
  properties: {
    currency: { type: "string" },
    estimated: { type: "boolean", description: "always false: the charge is settled, not estimated" },
    cost_usd: { type: "number", description: "the amount deducted: the sum of items, capped at the reservation" },
    balance: ref("Balance"),
    items: { type: "array", items: ref("LineItem") },
  },
  required: ["currency", "estimated", "cost_usd", "balance", "items"],
};
