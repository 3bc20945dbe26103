// What the state check knows of JSON Schema: the keywords the derived input schema is written
// with (2-analyse/schema/derive.ts, docs/input-schema.md), grouped as JSON Schema applies them —
// a keyword of a type group applies to values of that type only — and the `$defs` a `$ref`
// names. The check's generator (state-check-source.ts) and the walk that words a refused state's
// problems (state-problems.ts) read schemas through here; a keyword outside these is refused when
// the check is made, never ignored.

export type Schema = Record<string, unknown>;

/** The keywords of each type group, in the order they are applied (ajv's order, so problems come in the same order). */
export const TYPE_KEYWORDS = {
  number: ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"],
  string: ["format"],
  array: ["items"],
  object: ["required", "properties", "additionalProperties"],
} as const;

export type TypeGroup = keyof typeof TYPE_KEYWORDS;

/** Keywords of no type: `$ref` stands alone, `enum` and `anyOf` apply to every value. */
const ANY_TYPE = ["type", "$ref", "enum", "anyOf"];

/** Keywords that say nothing of a value. */
const ANNOTATIONS = ["$schema", "$defs", "title", "description"];

const KNOWN: ReadonlySet<string> = new Set([...ANY_TYPE, ...ANNOTATIONS, ...Object.values(TYPE_KEYWORDS).flat()]);

const TYPES: ReadonlySet<string> = new Set(["null", "boolean", "number", "string", "array", "object"]);

/** A schema the state check does not handle: made when the check is, naming the place in the schema. */
export class UnsupportedSchema extends Error {
  constructor(at: string, what: string) {
    super(`the state check cannot be made from the input schema: ${what} at ${at || "its root"}`);
    this.name = "UnsupportedSchema";
  }
}

/** The types `schema.type` names (none when it has no `type`). */
export const typesOf = (schema: Schema): string[] => (schema.type === undefined ? [] : ([] as string[]).concat(schema.type as string));

/** Has `schema` a keyword of `group` (so a value not of that type is refused there, in the group's turn)? */
export const hasRulesFor = (schema: Schema, group: string): boolean =>
  Object.hasOwn(TYPE_KEYWORDS, group) && TYPE_KEYWORDS[group as TypeGroup].some((k) => schema[k] !== undefined);

/** The `$defs` entry `#/$defs/<name>` names (the name a JSON Pointer in a URI fragment). */
export function resolveRef(root: Schema, ref: string): Schema {
  const name = ref.startsWith("#/$defs/")
    ? decodeURIComponent(ref.slice("#/$defs/".length)).replace(/~1/g, "/").replace(/~0/g, "~")
    : undefined;
  const defs = root.$defs as Record<string, Schema> | undefined;
  if (name === undefined || !defs || !Object.hasOwn(defs, name)) throw new UnsupportedSchema(ref, "a reference to no `$defs` entry");
  return defs[name]!;
}

/** Refuses a schema node with a keyword or value the check does not know. */
export function assertSupported(schema: Schema, at: string): void {
  for (const k of Object.keys(schema)) if (!KNOWN.has(k)) throw new UnsupportedSchema(at, `the keyword \`${k}\``);
  for (const t of typesOf(schema)) if (!TYPES.has(t)) throw new UnsupportedSchema(at, `the type ${JSON.stringify(t)}`);
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== true)
    throw new UnsupportedSchema(at, "`additionalProperties` other than true");
  if (schema.$ref !== undefined && Object.keys(schema).some((k) => k !== "$ref" && !ANNOTATIONS.includes(k)))
    throw new UnsupportedSchema(at, "`$ref` beside other keywords");
  for (const b of ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"])
    if (schema[b] !== undefined && (typeof schema[b] !== "number" || Number.isNaN(schema[b])))
      throw new UnsupportedSchema(at, `a \`${b}\` that is not a number`);
  if (schema.enum !== undefined && !(Array.isArray(schema.enum) && schema.enum.every((v) => v === null || typeof v !== "object")))
    throw new UnsupportedSchema(at, "an `enum` of other than strings, numbers, booleans and null");
  for (const g of Object.keys(TYPE_KEYWORDS))
    if (hasRulesFor(schema, g) && !typesOf(schema).includes(g)) throw new UnsupportedSchema(at, `keywords of ${g}s without that type`);
}
