// JSON Schemas that providers can enforce exactly (OpenAI strict mode, Anthropic structured
// outputs): every object closed (`additionalProperties: false`) with every property required.
// A free-form value (an untyped context, `any`) cannot be expressed that way, so it travels as
// JSON text and `decodeStrict` parses it back.
type Schema = Record<string, unknown>;

const JSON_TEXT: Schema = { type: "string", description: "the value as JSON text" };

const isFreeForm = (s: Schema): boolean =>
  s.type === undefined && s.anyOf === undefined && s.enum === undefined ? true : s.type === "object" && !s.properties;

export function strictSchema(s: Schema): Schema {
  if (isFreeForm(s)) return { ...JSON_TEXT, ...(s.description ? { description: `${s.description} (as JSON text)` } : {}) };
  if (Array.isArray(s.anyOf)) return { ...s, anyOf: (s.anyOf as Schema[]).map(strictSchema) };
  const types = Array.isArray(s.type) ? s.type : [s.type];
  let out: Schema = { ...s };
  if (types.includes("object")) {
    const props = s.properties as Record<string, Schema>;
    out = {
      ...out,
      properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, strictSchema(v)])),
      required: Object.keys(props),
      additionalProperties: false,
    };
  }
  if (types.includes("array") && s.items && typeof s.items === "object") out = { ...out, items: strictSchema(s.items as Schema) };
  return out;
}

/** Undoes the JSON-text encoding of free-form parts, guided by the original schema. */
export function decodeStrict(original: Schema, value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (isFreeForm(original)) {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (Array.isArray(value) && original.items && typeof original.items === "object") {
    return value.map((v) => decodeStrict(original.items as Schema, v));
  }
  if (typeof value === "object" && !Array.isArray(value) && original.properties) {
    const props = original.properties as Record<string, Schema>;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, props[k] ? decodeStrict(props[k]!, v) : v]));
  }
  return value;
}
