// FEEL type expressions (`instance of`, typed parameters) → static types.
import type { TypeExpr } from "./feel-ast.js";
import type { Type } from "./types.js";

/** FEEL's built-in type names (10.3.2.9) as a model writes them, with the type each denotes. */
const FEEL_TYPES: Record<string, Type> = {
  Any: { kind: "any" },
  Null: { kind: "null" },
  number: { kind: "number" },
  string: { kind: "string" },
  boolean: { kind: "boolean" },
  date: { kind: "date" },
  time: { kind: "time" },
  "date and time": { kind: "date and time" },
  "days and time duration": { kind: "days and time duration" },
  "years and months duration": { kind: "years and months duration" },
  context: { kind: "context" },
  list: { kind: "list", element: { kind: "any" } },
  range: { kind: "range", element: { kind: "any" } },
  function: { kind: "function", params: [], result: { kind: "any" } },
};

/** The XML Schema-style names older models use as typeRefs, each with the FEEL type name it stands for. */
const XSD_ALIASES: Record<string, string> = {
  dateTime: "date and time",
  dayTimeDuration: "days and time duration",
  yearMonthDuration: "years and months duration",
};

export const FEEL_TYPE_NAMES: readonly string[] = Object.keys(FEEL_TYPES);
export const XSD_TYPE_ALIASES: readonly string[] = Object.keys(XSD_ALIASES);

/** Every name above, lower-cased: type names are matched regardless of case. */
const BY_NAME = new Map<string, Type>([
  ...Object.entries(FEEL_TYPES).map(([name, t]): [string, Type] => [name.toLowerCase(), t]),
  ...Object.entries(XSD_ALIASES).map(([alias, name]): [string, Type] => [alias.toLowerCase(), FEEL_TYPES[name]!]),
]);

/** The built-in type a (possibly `feel:`-prefixed) name denotes, if any. */
export function builtInType(name: string): Type | undefined {
  return BY_NAME.get(name.replace(/^feel:/, "").toLowerCase());
}

export function typeExprToType(te: TypeExpr, types: Record<string, Type> = {}): Type {
  switch (te.kind) {
    case "named": {
      const named = types[te.name] ?? types[te.name.replace(/^[^.]+\./, "")];
      // An unknown type name denotes no value (the analyser reports it): the empty choice.
      return named ?? builtInType(te.name) ?? { kind: "choice", values: [] };
    }
    case "list":
      return { kind: "list", element: typeExprToType(te.element, types) };
    case "range":
      return { kind: "range", element: typeExprToType(te.element, types) };
    case "context":
      return { kind: "struct", fields: te.fields.map((f) => [f.name, typeExprToType(f.type, types)]) };
    case "function":
      return { kind: "function", params: te.params.map((p) => typeExprToType(p, types)), result: typeExprToType(te.result, types) };
  }
}
