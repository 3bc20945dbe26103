// The portable model (spec 2.1–2.9) as the documents describe it. Requests check only the JSON
// kind of these fields; the compiler checks their structure and answers with model addresses
// (422 invalid_model, or a Check), so these schemas document bodies and describe responses. The
// same schemas, gathered into one document, are the model format's JSON Schema that editors
// validate model files with (GET /schemas/model.json).
import { mapOf, ref, type JsonSchema } from "./json-schema.js";

export const TypeDefinition: JsonSchema = {
  description:
    "spec 2.3: a string (number, string, boolean, date, time, date and time; a constrained type such as `number [0..120]` or `number > 0`; a choice `a|b|c`; ordered levels `low<medium<high`; a key of `types`), a struct (field name to type), a one-element array (a list of that type), or {$enum: [...]} / {$levels: [...]} for values holding | or <",
  anyOf: [
    { type: "string", minLength: 1 },
    { type: "array", items: ref("TypeDefinition"), minItems: 1, maxItems: 1 },
    {
      type: "object",
      properties: { $enum: { type: "array", items: { type: "string" }, minItems: 1 } },
      required: ["$enum"],
      additionalProperties: false,
    },
    {
      type: "object",
      properties: { $levels: { type: "array", items: { type: "string" }, minItems: 1 } },
      required: ["$levels"],
      additionalProperties: false,
    },
    { type: "object", propertyNames: { not: { enum: ["$enum", "$levels"] } }, additionalProperties: ref("TypeDefinition") },
  ],
};

export const Input: JsonSchema = {
  type: "object",
  description: "spec 2.4: an observation read from the state",
  properties: {
    type: ref("TypeDefinition"),
    desc: { type: "string", description: "the question the reader must answer" },
    options: mapOf({ type: "string" }, "what each value of a choice or level means"),
    from: { type: "string", description: "hint on where in the state the fact appears" },
    threshold: { type: "number", minimum: 0, maximum: 1, description: "minimum reader confidence; below it the input counts as missing" },
    blank: { type: "boolean", description: "true when the input may be absent" },
  },
  required: ["type", "desc"],
  additionalProperties: false,
};

export const TableRule: JsonSchema = {
  description: "spec 2.5: a rule as an array of cells (one per column: conditions, then outputs, then `# why` text), or {when, then, why}",
  anyOf: [
    { type: "array", items: { type: "string" }, minItems: 1 },
    {
      type: "object",
      properties: {
        when: mapOf({ type: "string" }, "column name to cell condition, listing only the tested columns"),
        then: { description: "the output cell, or an object naming every output", anyOf: [{ type: "string" }, mapOf({ type: "string" })] },
        why: { type: "string", description: "the rationale" },
      },
      required: ["then"],
      additionalProperties: false,
    },
  ],
};

export const DecisionTable: JsonSchema = {
  type: "array",
  description:
    "spec 2.5: the header row (input expressions, `=> ...` output columns, an optional `# why` column), then the rules, tried top to bottom",
  items: ref("TableRule"),
  minItems: 1,
};

const expressionOrTable: JsonSchema = { anyOf: [{ type: "string", description: "an expression" }, ref("DecisionTable")] };

export const Decision: JsonSchema = {
  description: "spec 2.5: an expression, a decision table, or an object with exactly one of expr and table",
  anyOf: [
    { type: "string", description: "an expression" },
    ref("DecisionTable"),
    {
      type: "object",
      properties: {
        type: ref("TypeDefinition"),
        desc: { type: "string" },
        let: mapOf(expressionOrTable, "intermediate values, in order, visible to later entries and to expr"),
        expr: { type: "string" },
        table: ref("DecisionTable"),
        hit: {
          type: "string",
          description: "the hit policy; strict models use FIRST (the default)",
          enum: [
            "FIRST",
            "UNIQUE",
            "ANY",
            "PRIORITY",
            "RULE ORDER",
            "OUTPUT ORDER",
            "COLLECT",
            "COLLECT SUM",
            "COLLECT MIN",
            "COLLECT MAX",
            "COLLECT COUNT",
          ],
        },
        requires: { type: "array", items: { type: "string" }, description: "inputs that must be present" },
        default: { description: "lenient (imported) tables only: the output when no rule matches" },
      },
      oneOf: [
        { properties: { expr: { type: "string" } }, required: ["expr"] },
        { properties: { table: ref("DecisionTable") }, required: ["table"] },
      ],
      additionalProperties: false,
    },
  ],
};

export const FunctionDefinition: JsonSchema = {
  type: "object",
  description: "spec 2.6: a reusable calculation over its parameters",
  properties: {
    params: mapOf(ref("TypeDefinition"), "parameter name to type, in order"),
    returns: ref("TypeDefinition"),
    body: expressionOrTable,
    desc: { type: "string" },
  },
  required: ["body"],
  additionalProperties: false,
};

export const ContentDefinition: JsonSchema = {
  type: "object",
  description: "spec section 2.2; validate with POST /v1/systemtwo/models",
  properties: {
    name: { type: "string", minLength: 1 },
    types: mapOf(ref("TypeDefinition")),
    inputs: mapOf(ref("Input")),
    decisions: mapOf(ref("Decision")),
    functions: mapOf(ref("FunctionDefinition")),
  },
  required: ["name", "inputs", "decisions"],
  additionalProperties: false,
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
  additionalProperties: false,
};

export const State: JsonSchema = {
  description:
    "evidence: any JSON value, or a text string. JSON matching the input schema runs deterministically; a text state or other JSON is read by the configured reader (embedded by default, or a language model)",
};
