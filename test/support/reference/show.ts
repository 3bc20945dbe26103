// A reference value as unambiguous text: `number(1.5)`, `date(2020-01-01)`, `[..]`, `{k: v}`; for
// messages and for `same`.
import { formatDate, formatDateTime, formatTime } from "./temporal.js";
import { isList, isNum, type RValue } from "./values.js";

export function formatValue(v: RValue): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return String(v);
  if (typeof v === "string") return JSON.stringify(v);
  if (isNum(v)) return `number(${v.toFixed()})`;
  if (isList(v)) return `[${v.map(formatValue).join(", ")}]`;
  switch (v.t) {
    case "context":
      return `{${[...v.entries].map(([k, x]) => `${JSON.stringify(k)}: ${formatValue(x)}`).join(", ")}}`;
    case "range":
      return `range(${v.startIncluded ? "[" : "("}${v.startOpen ? "-" : formatValue(v.start)}..${v.endOpen ? "-" : formatValue(v.end)}${v.endIncluded ? "]" : ")"})`;
    case "function":
      return "function";
    case "date":
      return `date(${formatDate(v)})`;
    case "time":
      return `time(${formatTime(v)}${v.offset === null ? "" : `@${v.offset}`})`;
    case "date and time":
      return `date and time(${formatDateTime(v)}${v.time.offset === null ? "" : `@${v.time.offset}`})`;
    case "days and time duration":
      return `dt(${v.secs.toFixed()}s)`;
    case "years and months duration":
      return `ym(${v.months}m)`;
  }
}
