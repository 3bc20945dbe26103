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
  // the same kind, one or both constrained (`if c then 3 else balance`, balance a `number >= 0`): the kind alone
  if (a.kind === b.kind && ("constraint" in a || "constraint" in b)) return { kind: a.kind } as Type;
  if (family(a) === "string") return { kind: "string" };
  if (family(a) === "context") return { kind: "context" };
  return { kind: "any" };
}

/**
 * Whether two types are the same. Types share their parts (a named type used twice, a context
 * built of another twice), so the walk remembers each pair of parts it has compared: it is as long
 * as the types are as shared objects, never as long as they would be written out.
 */
export function sameType(a: Type, b: Type, compared = new Map<Type, Set<Type>>()): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  const seen = compared.get(a);
  if (seen?.has(b)) return true;
  if (seen) seen.add(b);
  else compared.set(a, new Set([b]));
  const same = (x: Type, y: Type) => sameType(x, y, compared);
  switch (a.kind) {
    case "choice":
    case "levels":
      return sameValues(a.values, (b as typeof a).values);
    case "struct": {
      const other = (b as typeof a).fields;
      return a.fields.length === other.length && a.fields.every(([k, v], i) => other[i]![0] === k && same(v, other[i]![1]));
    }
    case "list":
    case "range":
      return same(a.element, (b as typeof a).element);
    case "function": {
      const other = b as typeof a;
      return a.params.length === other.params.length && a.params.every((p, i) => same(p, other.params[i]!)) && same(a.result, other.result);
    }
    default:
      return constraintText(a) === constraintText(b);
  }
}

const sameValues = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

const constraintText = (t: Type): string | undefined => ("constraint" in t ? t.constraint?.text : undefined);

/** Characters of a type written in a message; a longer one is cut there, with an ellipsis. */
const SHOWN = 200;

const CUT = Symbol("cut");

/**
 * A type as messages write it (`{a: number, b: [string]}`), cut after SHOWN characters: a type
 * that shares its parts can be far longer written out than the model that declares it.
 */
export function typeToString(t: Type): string {
  let text = "";
  const put = (s: string) => {
    text += s;
    if (text.length > SHOWN) throw CUT;
  };
  const write = (u: Type): void => {
    switch (u.kind) {
      case "choice":
        return put(u.values.join("|"));
      case "levels":
        return put(u.values.join("<"));
      case "struct":
        put("{");
        u.fields.forEach(([k, v], i) => {
          put(`${i > 0 ? ", " : ""}${k}: `);
          write(v);
        });
        return put("}");
      case "list":
        put("[");
        write(u.element);
        return put("]");
      case "range":
        put("range<");
        write(u.element);
        return put(">");
      case "function":
        put("function(");
        u.params.forEach((p, i) => {
          if (i > 0) put(", ");
          write(p);
        });
        put(") -> ");
        return write(u.result);
      default:
        return put("constraint" in u && u.constraint ? `${u.kind} ${u.constraint.text}` : u.kind);
    }
  };
  try {
    write(t);
    return text;
  } catch (e) {
    if (e !== CUT) throw e;
    return `${text.slice(0, SHOWN)}…`;
  }
}

/** The element type when iterating: a list's element, a range's element, else unknown. */
export function elementOf(t: Type): Type {
  if (t.kind === "list" || t.kind === "range") return t.element;
  return { kind: "any" };
}

/** A type without its constraint (a constrained number is a number for inference). */
