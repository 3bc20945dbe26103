// Reading an entry of a value whose type is a declared struct: `rt.field` looks at the field's
// declared position first (a context read from JSON keeps the JSON object's key order, which is
// mostly the declared one) and by name otherwise, so any value gives what `rt.member` gives.
import type { Type } from "../../ir/types.js";
import type { Emitter } from "./emitter.js";

/** The type of the items a filter over a value of type `t` tries: a list's element, else the value itself. */
export const itemTypeOf = (t: Type | undefined | null): Type | null => (t == null ? null : t.kind === "list" ? t.element : t);

/** The struct a value of type `t` is, or whose list it is (`members.age` reads each item's). */
const structOf = (t: Type | undefined | null): Extract<Type, { kind: "struct" }> | undefined => {
  const s = itemTypeOf(t);
  return s?.kind === "struct" ? s : undefined;
};

/** The declared position of field `name` of the struct a value of type `t` is (or whose list it is), or -1. */
export const fieldSlot = (t: Type | undefined | null, name: string): number =>
  structOf(t)?.fields.findIndex(([field]) => field === name) ?? -1;

/** JS reading entry `name` of `base` (code), a value of type `t`. */
export function emitMember(base: string, t: Type | undefined | null, name: string, em: Emitter): string {
  const slot = fieldSlot(t, name);
  return slot < 0 ? `rt.member(${base}, ${em.lit(name)})` : `rt.field(${base}, ${slot}, ${em.lit(name)})`;
}
