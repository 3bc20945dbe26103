// Which inputs a batch can read straight from a row's bytes: the plan the byte reader follows.
// It is derived from the input schema alone (all a worker has), and covers the flat states most
// batches score: numbers with bounds, strings from a closed set, free strings, dates, times,
// date-times and durations (strings of a FEEL format) and booleans, each possibly blank, and
// lists and structures of those (cash flows, household members). A model with any other input
// (untyped, or a schema keyword the plan does not know) gets no plan and every row takes the
// general path: JSON.parse, the schema validator, evaluate.
import { FEEL_FORMATS } from "../compiler/5-load/formats.js";
import { defOf } from "./schema-refs.js";

export type SlotValue =
  | { kind: "number"; minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number }
  /** a string from a closed set (choices, levels, `string "a","b"`) */
  | { kind: "enum"; values: string[] }
  /** with a format: one of FEEL_FORMATS, checked as the validator checks it */
  | { kind: "string"; format?: string }
  | { kind: "boolean" }
  | { kind: "list"; items: { value: SlotValue; nullable: boolean } }
  /** at most 31 fields (the reader keeps one bit per field); a key that is not a field is left to the general path */
  | { kind: "object"; fields: { name: string; value: SlotValue; nullable: boolean; required: boolean }[] };

export interface Slot {
  name: string;
  value: SlotValue;
  /** null is allowed and a missing key reads as null (`blank: true`) */
  blank: boolean;
}

type Schema = Record<string, unknown>;

const BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const;
/** The keywords a slot understands; a property schema with any other is not read as bytes. */
const KNOWN = new Set<string>(["description", "type", "enum", "format", ...BOUNDS]);
const KNOWN_LIST = new Set<string>(["description", "type", "items"]);
const KNOWN_OBJECT = new Set<string>(["description", "type", "properties", "required", "additionalProperties"]);
const MAX_FIELDS = 31;

/** The one non-null type of a property schema (`"number"` or `["number", "null"]`). */
function baseType(s: Schema, blank: boolean): string | undefined {
  if (!blank) return typeof s.type === "string" ? s.type : undefined;
  const types = Array.isArray(s.type) ? s.type : [];
  return types.length === 2 && types[1] === "null" && typeof types[0] === "string" ? types[0] : undefined;
}

const only = (s: Schema, known: Set<string>): boolean => Object.keys(s).every((k) => known.has(k));

/** A nested value (a list's items, a structure's field): null allowed when its type lists "null". */
function nested(s: unknown): { value: SlotValue; nullable: boolean } | null {
  if (!s || typeof s !== "object" || Array.isArray(s)) return null;
  const schema = s as Schema;
  const nullable = Array.isArray(schema.type);
  const value = slotValue(schema, baseType(schema, nullable), nullable);
  return value && { value, nullable };
}

function listValue(s: Schema): SlotValue | null {
  const items = only(s, KNOWN_LIST) ? nested(s.items) : null;
  return items && { kind: "list", items };
}

function objectValue(s: Schema): SlotValue | null {
  const properties = s.properties as Record<string, unknown> | undefined;
  if (!only(s, KNOWN_OBJECT) || !properties || typeof properties !== "object") return null;
  if (s.additionalProperties !== undefined && typeof s.additionalProperties !== "boolean") return null;
  const names = Object.keys(properties);
  if (names.length > MAX_FIELDS || !names.every((n) => PLAIN_NAME.test(n))) return null;
  const required = new Set((s.required as string[] | undefined) ?? []);
  if ([...required].some((n) => !Object.hasOwn(properties, n))) return null;
  const fields = [];
  for (const name of names) {
    const field = nested(properties[name]);
    if (!field) return null;
    fields.push({ name, ...field, required: required.has(name) });
  }
  return { kind: "object", fields };
}

function slotValue(s: Schema, type: string | undefined, blank: boolean): SlotValue | null {
  if (type === "array") return listValue(s);
  if (type === "object") return objectValue(s);
  if (Object.keys(s).some((k) => !KNOWN.has(k))) return null;
  if (s.format !== undefined) {
    const format = s.format as string;
    return type === "string" && s.enum === undefined && Object.hasOwn(FEEL_FORMATS, format) && !BOUNDS.some((b) => s[b] !== undefined)
      ? { kind: "string", format }
      : null;
  }
  const hasBounds = BOUNDS.some((b) => s[b] !== undefined);
  if (type === "number" && s.enum === undefined) {
    const value: SlotValue = { kind: "number" };
    for (const b of BOUNDS) if (typeof s[b] === "number") value[b] = s[b] as number;
    return value;
  }
  if (hasBounds) return null;
  if (type === "boolean" && s.enum === undefined) return { kind: "boolean" };
  if (type !== "string") return null;
  if (s.enum === undefined) return { kind: "string" };
  const values = (s.enum as unknown[]).filter((v) => !(blank && v === null));
  return values.every((v) => typeof v === "string") ? { kind: "enum", values: values as string[] } : null;
}

/** The most schema nodes a plan writes out: a state type larger than this is left to the general path. */
const MAX_PLANNED_NODES = 10_000;

/**
 * `schema` with its references to `$defs` written out (a blank input's `anyOf` of a reference and
 * null as the type with "null" added, as derive.ts writes a blank input of any other type), or null
 * when that would take more than MAX_PLANNED_NODES nodes.
 */
function writtenOut(schema: Schema, defs: Record<string, Schema>): Schema | null {
  let nodes = 0;
  const expand = (v: unknown): unknown => {
    if (++nodes > MAX_PLANNED_NODES) throw new RangeError("too large");
    if (Array.isArray(v)) return v.map(expand);
    if (v === null || typeof v !== "object") return v;
    const o = v as Schema;
    const target = typeof o.$ref === "string" ? defOf(o.$ref, defs) : undefined;
    if (target) return expand(target);
    const branches = o.anyOf as unknown[] | undefined;
    if (Object.keys(o).length === 1 && Array.isArray(branches) && branches.length === 2 && isNull(branches[1])) {
      const inner = expand(branches[0]) as Schema;
      if (typeof inner.type === "string") return { ...inner, type: [inner.type, "null"] };
    }
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, expand(x)]));
  };
  try {
    return expand(schema) as Schema;
  } catch (e) {
    if (e instanceof RangeError) return null;
    throw e;
  }
}

const isNull = (s: unknown): boolean => JSON.stringify(s) === '{"type":"null"}';

/** A name JSON writes without escapes: the byte reader matches keys by their bytes. */
// eslint-disable-next-line no-control-regex -- JSON escapes U+0000–U+001F, so such a name is not plain
const PLAIN_NAME = /^[^"\\\u0000-\u001f]*$/;

/**
 * The slots of a state for `inputSchema` (as derive.ts writes it), or null when any input is
 * outside them or a name (an input's or the id field's) needs escapes in JSON.
 */
export function rowPlan(inputSchema: Schema, idField: string): Slot[] | null {
  if (!PLAIN_NAME.test(idField)) return null;
  const defs = (inputSchema.$defs ?? {}) as Record<string, Schema>;
  const properties = writtenOut((inputSchema.properties ?? {}) as Schema, defs) as Record<string, Schema> | null;
  if (inputSchema.type !== "object" || !properties || inputSchema.additionalProperties !== true) return null;
  const required = new Set((inputSchema.required as string[] | undefined) ?? []);
  const slots: Slot[] = [];
  for (const name of Object.keys(properties)) {
    const s = properties[name]!;
    if (!PLAIN_NAME.test(name)) return null;
    const blank = !required.has(name);
    const value = slotValue(s, baseType(s, blank), blank);
    if (value === null) return null;
    slots.push({ name, value, blank });
  }
  return slots;
}
