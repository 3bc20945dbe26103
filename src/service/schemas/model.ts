// The portable model (spec 2.1–2.9) as the documents describe it. Requests check only the JSON
// kind of these fields; the compiler checks their structure and answers with model addresses
// (422 invalid_model, or a Check), so these schemas document bodies and describe responses.
import { mapOf, ref, type JsonSchema } from "./json-schema.js";

const anyMap = mapOf({});

export const ContentDefinition: JsonSchema = {
  type: "object",
  description: "spec section 2.2; validate with POST /v1/systemtwo/models",
  properties: { name: { type: "string" }, types: anyMap, inputs: anyMap, decisions: anyMap, functions: anyMap },
  required: ["name", "inputs", "decisions"],
};

export const Question: JsonSchema = {
  type: "object",
  description:
    "noul may describe its outcomes in criteria (keys true and false); choice requires options (name to meaning); score requires levels (lowest first); number may give range; date needs nothing more",
  properties: {
    type: { type: "string", enum: ["noul", "choice", "score", "number", "date"] },
    instructions: { type: "string" },
    criteria: {
      type: "object",
      description: "noul: what true and false mean",
      properties: { true: { type: "string" }, false: { type: "string" } },
    },
    options: mapOf({ type: "string" }),
    levels: { type: "array", items: { type: "string" } },
    range: {
      type: "object",
      description: "number: optional bounds; the decision is then typed `number [min..max]`, `number >= min` or `number <= max`",
      properties: { min: { type: "number" }, max: { type: "number" } },
    },
  },
  required: ["type", "instructions"],
};

export const Questions: JsonSchema = mapOf(ref("Question"), "the answer contract: question id to question (spec 2.8)");

export const PortableModel: JsonSchema = {
  type: "object",
  properties: { content: ref("ContentDefinition"), questions: ref("Questions") },
  required: ["content", "questions"],
};

export const State: JsonSchema = {
  description:
    "evidence: any JSON value, or a text string. JSON matching the input schema runs deterministically; a text state or other JSON is read by the configured reader (embedded by default, or a language model)",
};
