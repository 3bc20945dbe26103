// FEEL type expressions (`instance of`, typed parameters) → static types.
import type { TypeExpr } from "./feel-ast.js";
import type { Type } from "./types.js";

const BUILT_IN: Record<string, Type> = {
  any: { kind: "any" },
  null: { kind: "null" },
  number: { kind: "number" },
  string: { kind: "string" },
  boolean: { kind: "boolean" },
  date: { kind: "date" },
  time: { kind: "time" },
  "date and time": { kind: "date and time" },
  datetime: { kind: "date and time" },
  "days and time duration": { kind: "days and time duration" },
  daytimeduration: { kind: "days and time duration" },
  "years and months duration": { kind: "years and months duration" },
  yearmonthduration: { kind: "years and months duration" },
  context: { kind: "context" },
  list: { kind: "list", element: { kind: "any" } },
  range: { kind: "range", element: { kind: "any" } },
  function: { kind: "function", params: [], result: { kind: "any" } },
};

/** The built-in type a (possibly `feel:`-prefixed) name denotes, if any. */
export function builtInType(name: string): Type | undefined {
  const bare = name.replace(/^feel:/, "");
  return BUILT_IN[bare] ?? BUILT_IN[bare.toLowerCase()];
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
