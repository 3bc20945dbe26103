// `value.member` (DMN 1.5, 10.3.2.11 and table 63): a context's entry, a temporal's or a range's property.
import { weekday } from "./temporal.js";
import { Num, dt, num, unsigned, type RValue } from "./values.js";

const whole = (x: Num) => unsigned(x.trunc());

const PROPERTIES: Record<string, Record<string, (v: never) => RValue>> = {
  date: {
    year: (d: { y: number }) => num(d.y),
    month: (d: { m: number }) => num(d.m),
    day: (d: { d: number }) => num(d.d),
    weekday: (d) => num(weekday(d)),
  },
  time: {
    hour: (t: { secs: Num }) => whole(t.secs.div(3600)),
    minute: (t: { secs: Num }) => whole(t.secs.mod(3600).div(60)),
    second: (t: { secs: Num }) => t.secs.mod(60),
    "time offset": (t: { offset: number | null }) => (t.offset === null ? null : dt(num(t.offset))),
    // zones by name are not modelled: no value the generators write has one
    timezone: () => null,
  },
  "days and time duration": {
    days: (d: { secs: Num }) => whole(d.secs.div(86400)),
    hours: (d: { secs: Num }) => whole(d.secs.abs().mod(86400).div(3600)).times(d.secs.s),
    minutes: (d: { secs: Num }) => whole(d.secs.abs().mod(3600).div(60)).times(d.secs.s),
    seconds: (d: { secs: Num }) => unsigned(d.secs.abs().mod(60).times(d.secs.s)),
  },
  "years and months duration": {
    years: (d: { months: number }) => num(Math.trunc(d.months / 12) || 0),
    months: (d: { months: number }) => num(d.months % 12 || 0),
  },
  range: {
    start: (r: { start: RValue }) => r.start,
    end: (r: { end: RValue }) => r.end,
    "start included": (r: { startIncluded: boolean }) => r.startIncluded,
    "end included": (r: { endIncluded: boolean }) => r.endIncluded,
  },
};

export function member(v: RValue, name: string): RValue {
  if (v === null || typeof v !== "object" || Array.isArray(v) || v instanceof Num) return null;
  if (v.t === "context") return v.entries.get(name) ?? null;
  if (v.t === "date and time") {
    const d = PROPERTIES.date![name] ?? PROPERTIES.time![name];
    return d ? d((name in PROPERTIES.date! ? v.date : v.time) as never) : null;
  }
  const get = PROPERTIES[v.t]?.[name];
  return get ? get(v as never) : null;
}
