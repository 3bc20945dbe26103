// The input schema (spec 2.9): JSON Schema 2020-12 of a state that needs no reader.
// The state is an object of inputs; it may carry more keys than the model reads. Choices and
// levels are enums, constrained numbers carry bounds, temporals are strings with a format.
// A structure or list type that the inputs reach by more than one way (a named type used twice,
// or by a type used twice) is written once, under `$defs`, and referred to: the schema grows with
// the model's text, never with the types written out. See docs/input-schema.md.
import type { UnaryTests } from "../../../ir/feel-ast.js";
import type { InputIR, ModelIR } from "../../../ir/ir.js";
import type { Type } from "../../../ir/types.js";

type Schema = Record<string, unknown>;

const FORMATS: Partial<Record<Type["kind"], string>> = {
  date: "date",
  time: "time",
  "date and time": "date-time",
  "days and time duration": "duration",
  "years and months duration": "duration",
};

const BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const;

/** The strings a `string "a","b"` condition allows, when it is nothing but string literals. */
function literalStrings(test: UnaryTests): string[] | undefined {
  if (test.kind !== "tests") return undefined;
  const out: string[] = [];
  for (const t of test.tests) {
    const v = t.kind === "expr" || (t.kind === "compare" && t.op === "=") ? t.value : null;
    if (v?.kind !== "string") return undefined;
    out.push(v.value);
  }
  return out;
}

/** Where a shared type's schema is: `#/$defs/<name>` (the name escaped as a JSON Pointer in a URI fragment). */
const refTo = (name: string): Schema => ({ $ref: `#/$defs/${encodeURIComponent(name.replace(/~/g, "~0").replace(/\//g, "~1"))}` });

/**
 * The JSON Schema of a type: written out in full, or, given `refs`, with each type that `refs`
 * names replaced by a reference to its `$defs` entry.
 */
export function typeSchema(t: Type, refs?: ReadonlyMap<Type, string>): Schema {
  const shared = refs?.get(t);
  return shared === undefined ? ownSchema(t, refs) : refTo(shared);
}

/** The schema of `t` itself, its parts as typeSchema writes them. */
function ownSchema(t: Type, refs?: ReadonlyMap<Type, string>): Schema {
  const inner = (u: Type) => typeSchema(u, refs);
  switch (t.kind) {
    case "any":
      return {};
    case "null":
      return { type: "null" };
    case "number": {
      const s: Schema = { type: "number" };
      for (const b of BOUNDS) if (t.constraint?.[b] !== undefined) s[b] = t.constraint[b];
      return s;
    }
    case "string": {
      const allowed = t.constraint && literalStrings(t.constraint.test);
      return allowed ? { type: "string", enum: allowed } : { type: "string" };
    }
    case "boolean":
      return { type: "boolean" };
    case "choice":
    case "levels":
      return { type: "string", enum: [...t.values] };
    case "struct":
      return {
        type: "object",
        properties: Object.fromEntries(t.fields.map(([k, v]) => [k, inner(v)])),
        required: t.fields.map(([k]) => k),
      };
    case "context":
      return { type: "object" };
    case "list":
      return { type: "array", items: inner(t.element) };
    case "range":
    case "function":
      return {};
    default:
      return { type: "string", format: FORMATS[t.kind]! };
  }
}

/** `blank: true`: the value may also be null (and the key may be absent). */
function nullable(s: Schema): Schema {
  if (s.$ref !== undefined) return { anyOf: [s, { type: "null" }] };
  if (s.type === undefined) return s;
  const out: Schema = { ...s, type: [s.type, "null"] };
  if (Array.isArray(s.enum)) out.enum = [...s.enum, null];
  return out;
}

const COMPOSITE: ReadonlySet<Type["kind"]> = new Set(["struct", "list"]);

/**
 * The structure and list types the inputs reach by more than one way, each with its `$defs` name
 * (a named type's own name, else a made-up one). Counted over the types as shared objects, each
 * visited once: linear in the model, however much the types would be written out.
 */
function sharedTypes(ir: ModelIR): Map<Type, string> {
  const ways = new Map<Type, number>();
  const visit = (t: Type): void => {
    const seen = ways.get(t);
    ways.set(t, (seen ?? 0) + 1);
    if (seen !== undefined) return;
    if (t.kind === "struct") for (const [, field] of t.fields) visit(field);
    else if (t.kind === "list") visit(t.element);
  };
  for (const input of ir.inputs) visit(input.type);
  const names = new Map<Type, string>();
  for (const [name, t] of Object.entries(ir.types)) if (!names.has(t)) names.set(t, name);
  const refs = new Map<Type, string>();
  let unnamed = 0;
  for (const [t, n] of ways) {
    if (n < 2 || !COMPOSITE.has(t.kind)) continue;
    let name = names.get(t);
    while (name === undefined || Object.hasOwn(ir.types, name) !== names.has(t)) name = `type ${++unnamed}`;
    refs.set(t, name);
  }
  return refs;
}

function inputSchema(input: InputIR, refs: ReadonlyMap<Type, string>): Schema {
  const base = typeSchema(input.type, refs);
  const s = input.blank ? nullable(base) : base;
  return input.desc ? { description: input.desc, ...s } : s;
}

export function deriveInputSchema(ir: ModelIR): Record<string, unknown> {
  const refs = sharedTypes(ir);
  const defs = [...refs].map(([t, name]) => [name, ownSchema(t, refs)] as const);
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    ...(ir.name ? { title: ir.name } : {}),
    type: "object",
    properties: Object.fromEntries(ir.inputs.map((i) => [i.name, inputSchema(i, refs)])),
    required: ir.inputs.filter((i) => !i.blank).map((i) => i.name),
    additionalProperties: true,
    ...(defs.length > 0 ? { $defs: Object.fromEntries(defs) } : {}),
  };
}
