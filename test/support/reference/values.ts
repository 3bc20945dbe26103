// The reference interpreter's own FEEL values (DMN 1.5, 10.3.2): nothing here comes from the
// engine. Numbers are decimal.js decimals at FEEL's precision (34 digits, half-even).
import { Decimal } from "decimal.js";

export const Num = Decimal.clone({
  precision: 34,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -7000,
  toExpPos: 7000,
  modulo: Decimal.ROUND_FLOOR,
});
export type Num = InstanceType<typeof Num>;

/** a calendar date */
export interface RDate {
  t: "date";
  y: number;
  m: number;
  d: number;
}
/** a time of day in seconds since midnight, with its offset in seconds east of UTC (null: local) */
export interface RTime {
  t: "time";
  secs: Num;
  offset: number | null;
}
export interface RDateTime {
  t: "date and time";
  date: RDate;
  time: RTime;
}
/** days and time duration: seconds */
export interface RDaysTime {
  t: "days and time duration";
  secs: Num;
}
/** years and months duration: months */
export interface RYearsMonths {
  t: "years and months duration";
  months: number;
}
export interface RContext {
  t: "context";
  entries: Map<string, RValue>;
}
export interface RRange {
  t: "range";
  startIncluded: boolean;
  start: RValue;
  end: RValue;
  endIncluded: boolean;
  /** `< 10`: the start is absent (unbounded); `(null..10)` has a null start that is a value */
  startOpen?: boolean;
  endOpen?: boolean;
}
export interface RFunction {
  t: "function";
  params: string[];
  call: (args: RValue[]) => RValue;
}

type RTemporal = RDate | RTime | RDateTime | RDaysTime | RYearsMonths;
export type RValue = null | boolean | string | Num | RTemporal | RValue[] | RContext | RRange | RFunction;

export const isNum = (v: RValue): v is Num => v instanceof Num;
export const isList = (v: RValue): v is RValue[] => Array.isArray(v);
/** the kind of a value: "null", "boolean", "string", "number", "list", or its tag */
export function tagOf(v: RValue): string {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v === null ? "null" : typeof v;
  return isNum(v) ? "number" : isList(v) ? "list" : v.t;
}
export const has = <T extends string>(v: RValue, t: T): v is Extract<RValue, { t: T }> => tagOf(v) === t;

export const context = (entries: [string, RValue][]): RContext => ({ t: "context", entries: new Map(entries) });
export const num = (x: string | number): Num => new Num(x);
/** FEEL has no negative zero */
export const unsigned = (x: Num): Num => (x.isZero() ? new Num(0) : x);
export const dt = (secs: Num): RDaysTime => ({ t: "days and time duration", secs: secs.isZero() ? new Num(0) : secs });
export const ym = (months: number): RYearsMonths => ({ t: "years and months duration", months });
