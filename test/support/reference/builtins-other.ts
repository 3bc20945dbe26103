// Conversion, boolean, context, date and range built-ins (DMN 1.5, 10.3.4.1–2, 10.3.4.6–10).
import { equal } from "./compare.js";
import { int, list, n, s, type RefBuiltin } from "./builtin-def.js";
import {
  epochDay,
  formatDate,
  formatDateTime,
  formatDaysTime,
  formatTime,
  formatYearsMonths,
  isoWeek,
  makeDate,
  parseDate,
  parseDateTime,
  parseDuration,
  parseTime,
  weekday,
} from "./temporal.js";
import { Num, context, has, num, tagOf, ym, type RContext, type RDate, type RValue } from "./values.js";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** the date of a date or of a date and time */
const dateOf = (v: RValue | undefined): RDate | null =>
  v === undefined ? null : has(v, "date") ? v : has(v, "date and time") ? v.date : null;

/** `string(x)` of the scalar kinds, by kind */
const TEXT: Record<string, (v: never) => string> = {
  string: (x: string) => x,
  boolean: (x: boolean) => String(x),
  number: (x: Num) => x.toFixed(),
  date: formatDate,
  time: formatTime,
  "date and time": formatDateTime,
  "days and time duration": (d: { secs: Num }) => formatDaysTime(d.secs),
  "years and months duration": (d: { months: number }) => formatYearsMonths(d.months),
};
const toText = (v: RValue): RValue => TEXT[tagOf(v)]?.(v as never) ?? null;

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

const ofDate = (f: (d: RDate) => RValue): RefBuiltin => ({
  signatures: [["date"]],
  impl: ([d]) => {
    const x = dateOf(d);
    return x === null ? null : f(x);
  },
});

/** the months from one date to another, counting a month only once its day is reached */
function monthsBetween(a: RDate, b: RDate): number {
  const raw = (b.y - a.y) * 12 + (b.m - a.m);
  if (raw > 0 && b.d < a.d) return raw - 1;
  if (raw < 0 && b.d > a.d) return raw + 1;
  return raw;
}

const ctx = (v: RValue | undefined): RContext | null => (v !== undefined && has(v, "context") ? v : null);

/** `is(a, b)`: the same kind and the same value; a local time is not a time with an offset */
function same(a: RValue, b: RValue): boolean {
  if (a === null || b === null) return a === b;
  return tagOf(a) === tagOf(b) && equal(a, b) === true;
}

const RANGE_TEXT = /^([[(\]])(.+)\.\.(.+)([\])[])$/;

/** `range("[1..5)")`: a range of number literals (the generators write no other) */
function rangeOf(text: string): RValue {
  const m = RANGE_TEXT.exec(text.trim());
  if (!m) return null;
  const [start, end] = [m[2]!.trim(), m[3]!.trim()];
  // a descending range is null (TCK 1156-range-function, cases 020–022)
  if (!NUMBER.test(start) || !NUMBER.test(end) || new Num(start).gt(end)) return null;
  return { t: "range", startIncluded: m[1] === "[", start: new Num(start), end: new Num(end), endIncluded: m[4] === "]" };
}

export const otherBuiltins: Record<string, RefBuiltin> = {
  is: { signatures: [["value1", "value2"]], impl: ([a, b]) => same(a!, b!) },
  range: { signatures: [["from"]], impl: ([x]) => (typeof x === "string" ? rangeOf(x) : null) },
  context: {
    signatures: [["entries"]],
    impl: ([xs]) => {
      const entries = list(xs)?.map(ctx);
      if (!entries || entries.some((e) => e === null || typeof e.entries.get("key") !== "string" || !e.entries.has("value"))) return null;
      const keys = entries.map((e) => e!.entries.get("key") as string);
      if (new Set(keys).size !== keys.length) return null;
      return context(entries.map((e) => [e!.entries.get("key") as string, e!.entries.get("value")!]));
    },
  },
  not: { signatures: [["negand"]], impl: ([b]) => (typeof b === "boolean" ? !b : null) },
  string: { signatures: [["from"]], impl: ([x]) => toText(x!) },
  number: {
    signatures: [["from"]],
    impl: ([x]) => {
      const t = s(x);
      return t !== null && NUMBER.test(t) ? new Num(t) : null;
    },
  },
  date: {
    signatures: [["from"], ["year", "month", "day"]],
    impl: (args) => {
      if (args.length === 3) {
        const [y, m, d] = args.map(int);
        return y === null || m === null || d === null ? null : makeDate(y, m, d);
      }
      const [x] = args;
      return typeof x === "string" ? parseDate(x) : dateOf(x);
    },
  },
  time: {
    signatures: [["from"], ["hour", "minute", "second"], ["hour", "minute", "second", "offset"]],
    impl: (args) => {
      if (args.length >= 3) {
        const [h, m] = [int(args[0]), int(args[1])];
        const sec = n(args[2]);
        const offset = args[3] === undefined || args[3] === null ? null : has(args[3], "days and time duration") ? args[3].secs : undefined;
        if (h === null || m === null || sec === null || offset === undefined) return null;
        if (h < 0 || h > 23 || m < 0 || m > 59 || sec.isNeg() || sec.gte(60)) return null;
        return { t: "time", secs: sec.plus(h * 3600 + m * 60), offset: offset === null ? null : offset.toNumber() };
      }
      const [x] = args;
      if (typeof x === "string") return parseTime(x);
      if (x !== undefined && has(x, "date and time")) return x.time;
      if (x !== undefined && has(x, "date")) return { t: "time", secs: num(0), offset: 0 };
      return null;
    },
  },
  "date and time": {
    signatures: [["from"], ["date", "time"]],
    impl: (args) => {
      if (args.length === 2) {
        const [d, t] = [dateOf(args[0]), args[1]];
        return d !== null && t !== null && has(t!, "time") ? { t: "date and time", date: d, time: t } : null;
      }
      const [x] = args;
      if (typeof x === "string") return parseDateTime(x);
      if (x !== undefined && has(x, "date")) return { t: "date and time", date: x, time: { t: "time", secs: num(0), offset: null } };
      return x !== undefined && has(x, "date and time") ? x : null;
    },
  },
  duration: { signatures: [["from"]], impl: ([x]) => (typeof x === "string" ? parseDuration(x) : null) },
  "years and months duration": {
    signatures: [["from", "to"]],
    impl: ([a, b]) => {
      const [x, y] = [dateOf(a), dateOf(b)];
      return x === null || y === null ? null : ym(monthsBetween(x, y) || 0);
    },
  },
  "day of week": ofDate((d) => DAYS[weekday(d) - 1]!),
  "day of year": ofDate((d) => num(epochDay(d) - epochDay({ t: "date", y: d.y, m: 1, d: 1 }) + 1)),
  "month of year": ofDate((d) => MONTHS[d.m - 1]!),
  "week of year": ofDate((d) => num(isoWeek(d))),
  "get value": {
    signatures: [["m", "key"]],
    impl: ([m, k]) => {
      const c = ctx(m);
      return c === null || typeof k !== "string" ? null : (c.entries.get(k) ?? null);
    },
  },
  "get entries": {
    signatures: [["m"]],
    impl: ([m]) => {
      const c = ctx(m);
      return c === null
        ? null
        : [...c.entries].map(([key, value]) =>
            context([
              ["key", key],
              ["value", value],
            ]),
          );
    },
  },
  "context put": {
    signatures: [["context", "key", "value"]],
    impl: ([m, k, v]) => {
      const c = ctx(m);
      if (c === null || typeof k !== "string") return null;
      const entries = new Map(c.entries);
      entries.set(k, v!);
      return { t: "context", entries };
    },
  },
  "context merge": {
    signatures: [["contexts"]],
    impl: ([xs]) => {
      const cs = list(xs)?.map(ctx);
      if (!cs || cs.some((c) => c === null)) return null;
      return { t: "context", entries: new Map(cs.flatMap((c) => [...c!.entries])) };
    },
  },
};
