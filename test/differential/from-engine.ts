// The engine's FEEL values read as the reference's, field by field (never through text), so that
// the two can be compared with one notion of equality.
import { isDecimal } from "../../src/runtime/decimal.js";
import { FeelContext, FeelFunction, FeelRange, type FeelValue } from "../../src/runtime/values.js";
import { Num, type RValue } from "../support/reference/values.js";

const NANOS = new Num("1e-9");
const secondsOf = (h: number, m: number, s: number, nanos: number) => new Num(h * 3600 + m * 60 + s).plus(NANOS.times(nanos));

export function fromEngine(v: FeelValue): RValue {
  if (v === null || v === undefined || typeof v === "boolean" || typeof v === "string") return v ?? null;
  if (isDecimal(v)) return new Num(v.toString());
  if (Array.isArray(v)) return v.map(fromEngine);
  if (v instanceof FeelContext) return { t: "context", entries: new Map([...v.entries].map(([k, x]) => [k, fromEngine(x)])) };
  if (v instanceof FeelRange) {
    const unbounded = v.nullEndpoints === "unbounded";
    return {
      t: "range",
      startIncluded: v.startIncluded,
      start: fromEngine(v.start),
      end: fromEngine(v.end),
      endIncluded: v.endIncluded,
      startOpen: unbounded && v.start === null,
      endOpen: unbounded && v.end === null,
    };
  }
  if (v instanceof FeelFunction) return { t: "function", params: [...v.params], call: () => null };
  switch (v.kind) {
    case "date":
      return { t: "date", y: v.year, m: v.month, d: v.day };
    case "time":
      return { t: "time", secs: secondsOf(v.hour, v.minute, v.second, v.nanos), offset: v.offset };
    case "date and time":
      return {
        t: "date and time",
        date: { t: "date", y: v.year, m: v.month, d: v.day },
        time: { t: "time", secs: secondsOf(v.hour, v.minute, v.second, v.nanos), offset: v.offset },
      };
    case "days and time duration":
      return { t: "days and time duration", secs: new Num(v.seconds.toString()) };
    case "years and months duration":
      return { t: "years and months duration", months: v.months };
  }
}
