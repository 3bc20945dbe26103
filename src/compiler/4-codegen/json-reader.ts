// Which runtime function reads an input's JSON (runtime/json.ts): for a type with no temporal part
// the one that reaches no temporal code, so that a bundle of a model with no temporal inputs
// carries no temporal parser.
import type { Type } from "../../ir/types.js";

const TEMPORAL_KINDS = new Set(["date", "time", "date and time", "days and time duration", "years and months duration"]);

/**
 * Whether any part of the type (an item, a field, a range's end, at any depth) is temporal, or may
 * be. Each part is looked at once: a type that shares its parts (a type of two fields of the type
 * before, thirty deep) is a few dozen objects, however large written out.
 */
function mentionsTemporal(type: Type): boolean {
  const seen = new Set<object>();
  const walk = (v: unknown): boolean => {
    if (v === null || typeof v !== "object" || seen.has(v)) return false;
    seen.add(v);
    if (Array.isArray(v)) return v.some(walk);
    const o = v as Record<string, unknown>;
    return (typeof o.kind === "string" && TEMPORAL_KINDS.has(o.kind)) || Object.values(o).some(walk);
  };
  return walk(type);
}

/** `rt.fromJson` or, with no temporal part, `rt.fromJsonPlain`. */
export const jsonReader = (t: Type): string => (mentionsTemporal(t) ? "rt.fromJson" : "rt.fromJsonPlain");

/** `rt.itemConverter` or, with no temporal part, `rt.itemConverterPlain`. */
export const itemReader = (t: Type): string => (mentionsTemporal(t) ? "rt.itemConverter" : "rt.itemConverterPlain");
