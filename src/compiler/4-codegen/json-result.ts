// A decision's JSON output, the conversion specialised at codegen by its declared type: a number
// decision's value is a decimal or null and a boolean's or string's is its own JSON, once held to
// the type (runtime/declared.ts); a list's or struct's goes through a conversion made once for its
// type (`rt.jsonConverter` of the type's module constant, itself a module constant). Each form gives exactly what `rt.toJson`
// gives for any value, charged to the budget alike, falling back to it for a value of another kind.
import type { Type } from "../../ir/types.js";

const scalar = (jsType: string) => (v: string) => `(${v} === null || typeof ${v} === "${jsType}" ? ${v} : rt.toJson(${v}))`;

const BY_KIND: Partial<Record<Type["kind"], (v: string) => string>> = {
  number: (v) => `rt.numberToJson(${v})`,
  boolean: scalar("boolean"),
  string: scalar("string"),
  choice: scalar("string"),
  levels: scalar("string"),
};

/** JS giving the JSON form of `v`, a value of type `t`; `converterOf` names the module constant of a type's conversion. */
export function jsonOfValue(t: Type, v: string, converterOf: (t: Type) => string): string {
  if (t.kind === "list" || t.kind === "struct") return `${converterOf(t)}(${v})`;
  return (BY_KIND[t.kind] ?? ((x) => `rt.toJson(${x})`))(v);
}
