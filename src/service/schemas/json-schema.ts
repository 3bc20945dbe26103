// JSON Schema (draft 2020-12) values as plain data, and references between them. References are
// written as OpenAPI writes them, so the same objects are the validator's input and the served
// document's components.
export type JsonSchema = { readonly [keyword: string]: unknown };

export const COMPONENTS_POINTER = "#/components/schemas/";

export const ref = (name: string): JsonSchema => ({ $ref: `${COMPONENTS_POINTER}${name}` });

/** An object whose values all follow one schema (a JSON Schema "map"). */
export const mapOf = (values: JsonSchema, description?: string): JsonSchema => ({
  type: "object",
  additionalProperties: values,
  ...(description ? { description } : {}),
});
