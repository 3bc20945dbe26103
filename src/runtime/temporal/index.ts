// FEEL temporal values: dates, times, date-times and the two duration kinds (DMN 1.5 ch. 10).
// The rest of the runtime reaches them only through this module.
import { DaysTimeDuration, YearsMonthsDuration } from "../values.js";
import type { TemporalValue } from "../values.js";
import { parseDate, parseDateTime, parseDuration, parseTime } from "./parse.js";

export { temporalAdd, temporalSub, temporalMul, temporalDiv, temporalNeg, temporalAbs } from "./arithmetic.js";
export { temporalCompare, temporalEquals } from "./compare.js";
export { temporalProperty } from "./properties.js";
export { temporalToString } from "./format.js";
export { parseTemporal } from "./parse.js";
export { temporalBuiltins } from "./builtins.js";
export { setClock } from "./clock.js";
export { dateRange } from "./calendar.js";
export { isTemporal } from "./is-temporal.js";

export type TemporalKind = TemporalValue["kind"];

/** A typed input value (JSON string) of the given kind; null when the string is not of that kind. */
export function temporalFromJson(kind: TemporalKind, s: string): TemporalValue | null {
  switch (kind) {
    case "date":
      return parseDate(s);
    case "time":
      return parseTime(s);
    case "date and time":
      return parseDateTime(s);
    case "days and time duration": {
      const d = parseDuration(s);
      return d instanceof DaysTimeDuration ? d : null;
    }
    case "years and months duration": {
      const d = parseDuration(s);
      return d instanceof YearsMonthsDuration ? d : null;
    }
  }
}
