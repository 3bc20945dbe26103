// How static types relate: certainty, compatibility (for mismatch errors), joins, and display.
// Inference is allowed to be unsure; only two *certain* types that can never hold the same value
// are reported as a mismatch.
import type { Type } from "../../../ir/types.js";

export const isCertain = (t: Type): boolean => t.kind !== "any" && t.kind !== "null";

/** Types in one family can hold the same values (a choice is a string; a date converts to date and time). */
const FAMILY: Record<Type["kind"], string> = {
  any: "any",
  null: "null",
  number: "number",
  string: "string",
  choice: "string",
  levels: "string",
  boolean: "boolean",
  date: "temporal",
  "date and time": "temporal",
  time: "time",
  "days and time duration": "dtd",
  "years and months duration": "ymd",
  struct: "context",
  context: "context",
  list: "list",
  range: "range",
  function: "function",
};

export const family = (t: Type): string => FAMILY[t.kind];

/** FEEL converts a singleton list to its item and an item to a singleton list (DMN 10.3.2.9.4). */
export function compatible(a: Type, b: Type): boolean {
  if (!isCertain(a) || !isCertain(b)) return true;
  if (a.kind === "list" && b.kind !== "list") return compatible(a.element, b);
  if (b.kind === "list" && a.kind !== "list") return compatible(a, b.element);
  if (family(a) !== family(b)) return false;
  if (a.kind === "list" && b.kind === "list") return compatible(a.element, b.element);
  if (a.kind === "range" && b.kind === "range") return compatible(a.element, b.element);
  return true;
}

/** The least specific type covering both (for `if` branches, list items). */
export function joinTypes(a: Type, b: Type): Type {
  if (a.kind === "null") return b;
  if (b.kind === "null") return a;
  if (a.kind === "any" || b.kind === "any") return { kind: "any" };
  if (sameType(a, b)) return a;
  if (family(a) !== family(b)) return { kind: "any" };
  if (a.kind === "list" && b.kind === "list") return { kind: "list", element: joinTypes(a.element, b.element) };
  if (a.kind === "range" && b.kind === "range") return { kind: "range", element: joinTypes(a.element, b.element) };
  if (a.kind === b.kind && "constraint" in a) return { kind: a.kind } as Type;
  if (family(a) === "string") return { kind: "string" };
  if (family(a) === "context") return { kind: "context" };
  return { kind: "any" };
}

export function sameType(a: Type, b: Type): boolean {
  return typeToString(a) === typeToString(b);
}

export function typeToString(t: Type): string {
  switch (t.kind) {
    case "choice":
      return t.values.join("|");
    case "levels":
      return t.values.join("<");
    case "struct":
      return `{${t.fields.map(([k, v]) => `${k}: ${typeToString(v)}`).join(", ")}}`;
    case "list":
      return `[${typeToString(t.element)}]`;
    case "range":
      return `range<${typeToString(t.element)}>`;
    case "function":
      return `function(${t.params.map(typeToString).join(", ")}) -> ${typeToString(t.result)}`;
    default:
      return "constraint" in t && t.constraint ? `${t.kind} ${t.constraint.text}` : t.kind;
  }
}

/** The element type when iterating: a list's element, a range's element, else unknown. */
export function elementOf(t: Type): Type {
  if (t.kind === "list" || t.kind === "range") return t.element;
  return { kind: "any" };
}

/** A type without its constraint (a constrained number is a number for inference). */
