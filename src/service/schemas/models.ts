// POST /v1/systemtwo/models (spec 4.1): the request the service validates, and its two answers,
// a Check (2.12) and a Draft.
import { mapOf, ref, type JsonSchema } from "./json-schema.js";
import { Mode } from "./systemone.js";
import { SHOWN_PER_ELEMENT } from "../../ir/diagnostic-types.js";

/** The most documents a Draft reads (a longer list is refused before any item is checked). */
const MAX_FILES = 64;

export const FileEntry: JsonSchema = {
  type: "object",
  description: "a document for a Draft: text, Markdown, JSON, CSV or PDF (other kinds are 400 with entry code file.unsupported_type)",
  properties: {
    name: { type: "string", description: "file name; its extension gives the kind when type is absent" },
    type: { type: "string", description: "media type: text/plain, text/markdown, application/json, text/csv or application/pdf" },
    data: {
      type: "string",
      contentEncoding: "base64",
      description: "base64 of the file's bytes (a text type that is not valid base64 is taken as the text itself)",
    },
  },
  required: ["data"],
};

export const ModelsRequest: JsonSchema = {
  type: "object",
  description:
    "`content` (or a portable model as `model`) with no prompt and no files: the free Check. A prompt and/or files: a Draft (with content and output, a revision of them). Neither is 400 invalid_request. Unknown fields are ignored and listed in the answer's `warnings`; a field of the wrong JSON kind is 400 invalid_request (one entry per field).",
  properties: {
    model: {
      type: ["string", "object"],
      description:
        "a string: the generator alias, openai, anthropic or one of PDM_GENERATORS (default: the server's default language model; an unknown alias is 400 at body.model). An object: a portable model {content, questions}, the same as sending its content and questions as content and output (the free Check, or with a prompt the model to revise); it conflicts with content and output",
      properties: { content: { type: "object" }, questions: { type: "object" } },
      required: ["content"],
    },
    prompt: { type: "string", description: "what the model should decide; with content and output, how to revise them" },
    content: {
      type: "object",
      description: "a ContentDefinition to check, or (with a prompt or files) the complete current one to revise",
    },
    output: { type: "object", description: "the output Questions of the model being checked or revised" },
    state: { ...ref("State"), description: "evidence; a JSON state matching the drafted model is the first of the Draft's examples" },
    name: { type: "string", description: "the drafted model's name" },
    mode: { ...Mode, description: "thinking: the generator takes more care and may answer longer" },
    dry_run: { type: "boolean", description: "accepted; nothing is ever saved" },
    files: { type: "array", items: ref("FileEntry"), maxItems: MAX_FILES, description: `at most ${MAX_FILES} documents` },
  },
};

export const Diagnostic: JsonSchema = {
  type: "object",
  properties: {
    severity: { type: "string", enum: ["error", "warning", "info"] },
    code: { type: "string" },
    message: { type: "string" },
    address: { type: "string" },
    span: {
      type: "object",
      properties: { start: { type: "integer", minimum: 0 }, end: { type: "integer", minimum: 0 } },
      required: ["start", "end"],
    },
    source: { type: "string" },
    of: {
      type: "string",
      description: `on the summary of the diagnostics left out (past the first ${SHOWN_PER_ELEMENT} of one code at one model element), the code of those it counts`,
    },
  },
  required: ["severity", "code", "message"],
};

export const Check: JsonSchema = {
  type: "object",
  description: "the Check (spec 2.12): an invalid definition is a 200 with valid false",
  properties: {
    valid: { type: "boolean" },
    stages: {
      type: "array",
      items: {
        type: "object",
        properties: { name: { type: "string" }, ok: { type: "boolean" }, diagnostics: { type: "array", items: ref("Diagnostic") } },
        required: ["name", "ok", "diagnostics"],
      },
    },
    warnings: {
      type: "array",
      items: { type: "string" },
      description: "`address: message` of each warning: the request's fields it ignored (body.<field>), then the model's warnings",
    },
    content: { type: "object", description: "the checked ContentDefinition (as sent when it is not valid)" },
    input: { type: "object", description: "derived JSON Schema of the input" },
  },
  required: ["valid", "stages", "warnings", "content", "input"],
};

export const Draft: JsonSchema = {
  type: "object",
  properties: {
    model: ref("PortableModel"),
    content: ref("ContentDefinition"),
    output: ref("Questions"),
    input: { type: "object" },
    examples: {
      type: "array",
      description: "states built from the input types (and the request's matching JSON state, first) with their evaluated decisions",
      items: {
        type: "object",
        properties: { state: { type: "object" }, decisions: mapOf(ref("DecisionRecord")), answers: mapOf(ref("Answer")) },
        required: ["state", "decisions", "answers"],
      },
    },
    usage: ref("Usage"),
    provider_usage: ref("Usage"),
    warnings: { type: "array", items: ref("ErrorEntry"), description: "the request's fields it ignored (code request.unknown)" },
    billing: ref("Billing"),
  },
  required: ["model", "content", "output", "input", "examples", "usage", "provider_usage", "warnings", "billing"],
};
