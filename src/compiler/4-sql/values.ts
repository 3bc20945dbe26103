// What the lowering knows of a SQL expression: its text, the FEEL kind of the values it holds,
// and for numbers their shape — the static bound that makes every operation provably exact.
import type { Span } from "../../ir/diagnostics.js";

/**
 * A number's shape: every value is m × 10^-scale for an integer m with |m| < bound. While
 * bound ≤ 10^34 a value has at most 34 significant digits, and FEEL's + - × of such values, whose
 * results keep within that too, are the exact results (nothing to round), as SQL's exact decimals
 * give them. Bounds are carried exactly (a sum of 45 three-digit scores is below 45,000, not 10^48).
 */
export interface Shape {
  scale: number;
  bound: bigint;
}

/** FEEL's limit: 34 significant digits. */
export const FEEL_DIGITS = 34;

/** The digits of the largest m. */
export const digitsOf = (s: Shape): number => (s.bound > 1n ? (s.bound - 1n).toString().length : 1);

/**
 * The width of a decimal type that holds every value of the shape: at least one digit before the
 * point, so that DuckDB writes 0.4, not .4, in text.
 */
export const widthOf = (s: Shape): number => Math.max(digitsOf(s), s.scale + 1);

/** Every decimal with `int` digits before the point and `scale` after. */
export const decimalShape = (int: number, scale: number): Shape => ({ scale, bound: 10n ** BigInt(int + scale) });

/** The same values at a larger scale. */
export const rescale = (s: Shape, scale: number): Shape => ({ scale, bound: (s.bound - 1n) * 10n ** BigInt(scale - s.scale) + 1n });

/**
 * `days`: a days and time duration of whole days, held as its number of days; `nanos`: one with a
 * part of a day, as its nanoseconds (the dialect's wide integer); `months`: a years and months
 * duration, as its months (durations.ts)
 */
/** `list`: a list of items of one kind (lists.ts); `datetime`: a date and time as one integer (date-time-values.ts) */
export type SqlKind = "number" | "string" | "boolean" | "date" | "datetime" | "days" | "nanos" | "months" | "null" | "record" | "list";

export interface SqlValue {
  sql: string;
  kind: SqlKind;
  /** numbers */
  shape?: Shape;
  /** strings of an ordered-levels type: compared by rank */
  levels?: string[];
  /** a record (the row of a multi-output table): its fields, and `sql` is null when it is */
  fields?: Map<string, SqlValue>;
  /** a list: what an item is (its `sql` unused; lists.ts `itemAt` makes an item's value), and the most items it can have */
  element?: SqlValue;
  maxItems?: number;
  /** a duration: the most days, nanoseconds or months it can be, either side of zero */
  most?: number;
  /** a date: the most days it may have been moved from a date of years 1 to 9999 (none when left out); a date and time: from its scored years */
  moved?: number;
  /** the deepest layer of bound columns it reads (0: the typed inputs and literals) */
  depth: number;
  /** a number literal: its digits, canonical (no sign, no leading or trailing zeros) */
  constant?: string;
  /** a column or a literal: cheap to write more than once */
  atomic?: boolean;
}

/** The address and text of the FEEL that cannot be lowered exactly. */
export interface SqlPlace {
  address: string;
  span?: Span;
  source?: string;
}

/** Thrown where a dialect cannot give FEEL's exact answer; the compile reports `sql.unsupported`. */
export class SqlUnsupported extends Error {
  constructor(
    readonly what: string,
    readonly place: SqlPlace,
  ) {
    super(what);
  }
}

export const NULL_VALUE: SqlValue = { sql: "NULL", kind: "null", depth: 0, atomic: true };

export const literal = (sql: string, kind: SqlKind, extra: Partial<SqlValue> = {}): SqlValue => ({
  sql,
  kind,
  depth: 0,
  atomic: true,
  ...extra,
});

export const deeper = (...values: SqlValue[]): number => Math.max(0, ...values.map((v) => v.depth));
