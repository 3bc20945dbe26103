// Anthropic's structured outputs reject numeric and length constraints in a schema, so they move
// into the description, where the model still reads them; the service checks the values against
// the real schema afterwards anyway (read-state, the Check).
type Schema = Record<string, unknown>;

const MOVED = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
];

export function anthropicSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(anthropicSchema);
  if (!value || typeof value !== "object") return value;
  const s = value as Schema;
  const out: Schema = {};
  const notes: string[] = [];
  for (const [k, v] of Object.entries(s)) {
    if (MOVED.includes(k) && typeof v === "number") notes.push(`${k} ${v}`);
    else if (k === "properties" && v && typeof v === "object") {
      out[k] = Object.fromEntries(Object.entries(v as Schema).map(([name, p]) => [name, anthropicSchema(p)]));
    } else out[k] = k === "enum" || k === "const" || k === "required" ? v : anthropicSchema(v);
  }
  if (notes.length > 0) out.description = [s.description, `(${notes.join(", ")})`].filter(Boolean).join(" ");
  return out;
}
