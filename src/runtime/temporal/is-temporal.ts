import { DaysTimeDuration, FeelDate, FeelDateTime, FeelTime, YearsMonthsDuration } from "../values.js";
import type { TemporalValue } from "../values.js";

export function isTemporal(v: unknown): v is TemporalValue {
  return (
    v instanceof FeelDate ||
    v instanceof FeelTime ||
    v instanceof FeelDateTime ||
    v instanceof DaysTimeDuration ||
    v instanceof YearsMonthsDuration
  );
}
