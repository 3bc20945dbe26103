// The input schema writes a type the inputs reach more than once under `$defs` and refers to it
// (derive.ts): what a reference names, for the readers that look into the schema.

/** The `$defs` entry a `#/$defs/<name>` reference names (the name a JSON Pointer token in a URI fragment). */
export function defOf(ref: string, defs: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!ref.startsWith("#/$defs/")) return undefined;
  const name = decodeURIComponent(ref.slice("#/$defs/".length)).replace(/~1/g, "/").replace(/~0/g, "~");
  const def = Object.hasOwn(defs, name) ? defs[name] : undefined;
  return def !== null && typeof def === "object" ? (def as Record<string, unknown>) : undefined;
}
