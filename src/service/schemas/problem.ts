// RFC 9457 problem details as every non-200 answer carries them; the codes come from the catalogue.
import { CATALOGUE } from "../problems.js";
import { ref, type JsonSchema } from "./json-schema.js";

export const ErrorEntry: JsonSchema = {
  type: "object",
  properties: {
    address: {
      type: "string",
      description:
        "where: a model address (spec 2.13) such as decisions.risk.rule[3], a state path, or a request path such as body.content or body.files[0].data",
    },
    code: {
      type: "string",
      description:
        "machine code of this entry, e.g. request.missing, request.type, request.enum, request.conflict, model.not_json, names.unknown, state.type",
    },
    message: { type: "string" },
  },
  required: ["address", "code", "message"],
};

export const Problem: JsonSchema = {
  type: "object",
  properties: {
    type: { type: "string", format: "uri-reference", description: "URI reference /problems/{code}; GET it for the description" },
    title: { type: "string" },
    status: { type: "integer" },
    code: { type: "string", enum: Object.keys(CATALOGUE) },
    detail: { type: "string" },
    errors: { type: "array", items: ref("ErrorEntry") },
    request_id: {
      type: "string",
      description: "the request's id, as in the x-request-id response header (over HTTP only): quote it when reporting a problem",
    },
    provider_usage: {
      ...ref("Usage"),
      description: "generation_failed only: the provider tokens the failed attempts took, billed as items of their own",
    },
    billing: { ...ref("Billing"), description: "generation_failed only: the charge for the failed attempts' provider tokens" },
  },
  required: ["type", "title", "status", "code", "detail", "errors"],
};

/** GET /problems/{code}: one catalogue entry. */
export const ProblemType: JsonSchema = {
  type: "object",
  properties: {
    code: { type: "string", enum: Object.keys(CATALOGUE) },
    status: { type: "integer" },
    title: { type: "string" },
    description: { type: "string", description: "when the service answers this problem" },
  },
  required: ["code", "status", "title", "description"],
};
