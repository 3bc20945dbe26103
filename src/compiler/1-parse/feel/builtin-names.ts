// Type names the parser always knows, so that type names containing keywords (`date and time`)
// are read as one name. Built-in function names come from the runtime's catalogue (names.ts).

/** Type names of FEEL (10.3.2.9) and the XML Schema-style aliases older models use as typeRefs. */
export const BUILTIN_TYPE_NAMES: readonly string[] = [
  "Any",
  "Null",
  "number",
  "string",
  "boolean",
  "date",
  "time",
  "date and time",
  "days and time duration",
  "years and months duration",
  "list",
  "context",
  "range",
  "function",
  "dayTimeDuration",
  "yearMonthDuration",
  "dateTime",
  "duration",
];
