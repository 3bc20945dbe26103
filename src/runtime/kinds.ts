// The FEEL kind of a runtime value: the first thing every operator dispatches on.
import { isDecimal } from "./decimal.js";
import type { FeelValue, TemporalValue } from "./values.js";

export type Kind =
  | "null"
  | "boolean"
  | "string"
  | "number"
  | "date"
  | "time"
  | "date and time"
  | "days and time duration"
  | "years and months duration"
  | "list"
  | "context"
  | "range"
  | "function";

const TEMPORAL = ["date", "time", "date and time", "days and time duration", "years and months duration"] as const;
const TEMPORAL_KINDS = new Set<string>(TEMPORAL);

/** The kinds of single values: neither collections (list, context, range) nor functions, nor null. */
export const SCALAR_KINDS: readonly Kind[] = ["number", "string", "boolean", ...TEMPORAL];

export function kindOf(v: FeelValue): Kind {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean") return "boolean";
  if (typeof v === "string") return "string";
  if (isDecimal(v)) return "number";
  if (Array.isArray(v)) return "list";
  return (v as { kind: Kind }).kind;
}

export const isTemporalKind = (k: Kind): boolean => TEMPORAL_KINDS.has(k);
export const isTemporalValue = (v: FeelValue): v is TemporalValue => isTemporalKind(kindOf(v));
export const isDuration = (v: FeelValue): boolean => {
  const k = kindOf(v);
  return k === "days and time duration" || k === "years and months duration";
};

/** A short description of a value for problem messages. */
export function describe(v: FeelValue): string {
  const k = kindOf(v);
  if (k === "string") return `"${String(v).slice(0, 40)}"`;
  if (k === "number" || k === "boolean") return String(v);
  return k;
}
