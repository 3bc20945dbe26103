// POST /v1/systemone (spec 4.2): the request the service validates and the 200 answer.
import { mapOf, ref, type JsonSchema } from "./json-schema.js";

export const Mode: JsonSchema = { type: "string", enum: ["fast", "thinking"], default: "fast" };

export const SystemOneRequest: JsonSchema = {
  type: "object",
  description:
    "A complete model comes as `model` (an object or its JSON string) or as `content` with the outer `questions`; `questions` alone ask the service to generate or reuse a model. Unknown fields are ignored and listed in the response's `warnings`. A key of a JSON state close to an input the state lacks (`credit scroe`) is 422 invalid_state naming the input. A field of the wrong JSON kind, a missing `state` or conflicting fields are 400 invalid_request (one entry per field); the structure of the model itself is checked by the compiler (422 invalid_model with model addresses).",
  properties: {
    state: ref("State"),
    questions: {
      type: "object",
      description:
        "the answer contract (Questions). Without a model: generate or reuse the account's model for them. Next to a model with its own questions they must be equal; when the model has none, these are used",
    },
    model: {
      type: ["object", "string"],
      description:
        "the complete model: a PortableModel object, or the portable model serialised as a JSON string, for clients that keep models as text (a string that does not parse is 400 with entry code model.not_json)",
      contentMediaType: "application/json",
      contentSchema: ref("PortableModel"),
    },
    content: {
      type: "object",
      description: "alternative to model: a ContentDefinition; requires the outer questions and no model",
    },
    mode: {
      ...Mode,
      description: "thinking spends more on reading: a language-model reader takes several samples whose spread becomes the distribution",
    },
    explain: {
      type: "boolean",
      default: false,
      description:
        "true adds `receipt.explanation`: for each decision its value, the rules tried with the first cell that failed, `let`, call and `if` steps, and why a null is null (docs/explanations.md). Priced like any other call: the explanation is part of the response",
    },
  },
  required: ["state"],
};

export const SystemOneResponse: JsonSchema = {
  type: "object",
  properties: {
    model: { ...ref("PortableModel"), description: "the model used: {content, questions} however it was sent, or the generated one" },
    input: { type: "object", description: "derived JSON Schema of the input" },
    answers: mapOf(ref("Answer")),
    receipt: ref("Receipt"),
    cache_hit: {
      type: "boolean",
      description: "true when questions reused the account's cached model (still billed at the service rates)",
    },
    provider_usage: { ...ref("Usage"), description: "actual language-model tokens (generation and reading); zero for embedded providers" },
    warnings: {
      type: "array",
      items: ref("ErrorEntry"),
      description:
        "what the call ignored, so that a misspelt field is never lost without notice: request fields this schema does not name (code request.unknown, with the field probably meant), keys of the model the compiler ignored (content.unknown-key, input.unknown-key, …) and, when the state ran as it is, its keys that are not inputs (state.unknown). Empty when nothing was ignored",
    },
    usage: { ...ref("Usage"), description: "API tokens: the request body as sent, the response without its accounting fields" },
    billing: ref("Billing"),
  },
  required: ["model", "input", "answers", "receipt", "cache_hit", "provider_usage", "warnings", "usage", "billing"],
};
