// The input schema (spec 2.9): JSON Schema 2020-12 of a state that needs no reader.
// The state is an object of inputs; it may carry more keys than the model reads. Choices and
// levels are enums, constrained numbers carry bounds, temporals are strings with a format.
// See docs/input-schema.md for the choices made here.
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

export function typeSchema(t: Type): Schema {
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
        properties: Object.fromEntries(t.fields.map(([k, v]) => [k, typeSchema(v)])),
        required: t.fields.map(([k]) => k),
      };
    case "context":
      return { type: "object" };
    case "list":
      return { type: "array", items: typeSchema(t.element) };
    case "range":
    case "function":
      return {};
    default:
      return { type: "string", format: FORMATS[t.kind]! };
  }
}

/** `blank: true`: the value may also be null (and the key may be absent). */
function nullable(s: Schema): Schema {
  if (s.type === undefined) return s;
  const out: Schema = { ...s, type: [s.type, "null"] };
  if (Array.isArray(s.enum)) out.enum = [...s.enum, null];
  return out;
}

function inputSchema(input: InputIR): Schema {
  const base = typeSchema(input.type);
  const s = input.blank ? nullable(base) : base;
  return input.desc ? { description: input.desc, ...s } : s;
}

export function deriveInputSchema(ir: ModelIR): Record<string, unknown> {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    ...(ir.name ? { title: ir.name } : {}),
    type: "object",
    properties: Object.fromEntries(ir.inputs.map((i) => [i.name, inputSchema(i)])),
    required: ir.inputs.filter((i) => !i.blank).map((i) => i.name),
    additionalProperties: true,
  };
}
