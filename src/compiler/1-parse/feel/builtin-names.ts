// Names the parser always knows, so that multi-word built-ins and type names containing keywords
// (`date and time`, `index of`) are read as one name.

/** The DMN 1.5 built-in function catalogue (chapter 10.3.4). */
export const BUILTIN_FUNCTION_NAMES: readonly string[] = [
  // conversion
  "date", "date and time", "time", "number", "string", "duration", "years and months duration",
  "context", "range",
  // boolean
  "not", "is",
  // string
  "substring", "string length", "upper case", "lower case", "substring before", "substring after",
  "replace", "contains", "starts with", "ends with", "matches", "split", "string join",
  // list
  "list contains", "list replace", "count", "min", "max", "sum", "mean", "all", "any", "sublist",
  "append", "concatenate", "insert before", "remove", "reverse", "index of", "union",
  "distinct values", "flatten", "product", "median", "stddev", "mode", "sort",
  // numeric
  "decimal", "floor", "ceiling", "round up", "round down", "round half up", "round half down",
  "abs", "modulo", "sqrt", "log", "exp", "odd", "even",
  // temporal
  "day of year", "day of week", "month of year", "week of year", "now", "today",
  // range
  "before", "after", "meets", "met by", "overlaps", "overlaps before", "overlaps after",
  "finishes", "finished by", "includes", "during", "starts", "started by", "coincides",
  // context
  "get value", "get entries", "context put", "context merge",
];

/** Type names of FEEL (10.3.2.9) and the XML Schema-style aliases older models use as typeRefs. */
export const BUILTIN_TYPE_NAMES: readonly string[] = [
  "Any", "Null", "number", "string", "boolean", "date", "time", "date and time",
  "days and time duration", "years and months duration", "list", "context", "range", "function",
  "dayTimeDuration", "yearMonthDuration", "dateTime", "duration",
];
