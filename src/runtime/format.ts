// The FEEL `string()` form of a value (also used in problem messages).
import type { Decimal } from "./decimal.js";
import { isTemporalValue, kindOf } from "./kinds.js";
import { temporalToString } from "./temporal/index.js";
import type { FeelContext, FeelFunction, FeelRange, FeelValue } from "./values.js";

/** Numbers print in plain notation (no exponent); negative zero prints as 0. */
export const numberToString = (d: Decimal): string => (d.isZero() ? "0" : d.toFixed());

// a key that is not a plain FEEL name is written as a string literal
const NAME = /^[\p{L}_?][\p{L}\p{N}_?']*(?: [\p{L}\p{N}_?']+)*$/u;
const keyText = (k: string) => (NAME.test(k) ? k : JSON.stringify(k));

const nested = (v: FeelValue): string => (typeof v === "string" ? JSON.stringify(v) : toFeelString(v));

function rangeText(r: FeelRange): string {
  if (r.nullEndpoints === "value") return `${r.startIncluded ? "[" : "("}${nested(r.start)}..${nested(r.end)}${r.endIncluded ? "]" : ")"}`;
  if (r.start === null && r.end !== null) return `${r.endIncluded ? "<=" : "<"} ${nested(r.end)}`;
  if (r.end === null && r.start !== null) return `${r.startIncluded ? ">=" : ">"} ${nested(r.start)}`;
  return `${r.startIncluded ? "[" : "("}${nested(r.start)}..${nested(r.end)}${r.endIncluded ? "]" : ")"}`;
}

// Each entry takes its own kind's values and is only called with them, so the table stays loose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const byKind: Record<string, (v: any) => string> = {
  null: () => "null",
  boolean: (v: boolean) => String(v),
  string: (v: string) => v,
  number: numberToString,
  list: (v: FeelValue[]) => `[${v.map(nested).join(", ")}]`,
  context: (v: FeelContext) => `{${[...v.entries].map(([k, x]) => `${keyText(k)}: ${nested(x)}`).join(", ")}}`,
  range: rangeText,
  function: (f: FeelFunction) => `function(${f.params.join(", ")})`,
};

export function toFeelString(v: FeelValue): string {
  if (v !== null && isTemporalValue(v)) return temporalToString(v);
  return byKind[kindOf(v)]!(v);
}
