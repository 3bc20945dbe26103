// Which runtime function reads an input's JSON (runtime/json.ts): for a type with no temporal part
// the one that reaches no temporal code, so that a bundle of a model with no temporal inputs
// carries no temporal parser.
import type { Type } from "../../ir/types.js";

const TEMPORAL_KINDS = new Set(["date", "time", "date and time", "days and time duration", "years and months duration"]);

/** Whether any part of the type (an item, a field, a range's end, at any depth) is temporal, or may be. */
function mentionsTemporal(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(mentionsTemporal);
  if (v === null || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  return (typeof o.kind === "string" && TEMPORAL_KINDS.has(o.kind)) || Object.values(o).some(mentionsTemporal);
}

/** `rt.fromJson` or, with no temporal part, `rt.fromJsonPlain`. */
export const jsonReader = (t: Type): string => (mentionsTemporal(t) ? "rt.fromJson" : "rt.fromJsonPlain");

/** `rt.itemConverter` or, with no temporal part, `rt.itemConverterPlain`. */
export const itemReader = (t: Type): string => (mentionsTemporal(t) ? "rt.itemConverter" : "rt.itemConverterPlain");
