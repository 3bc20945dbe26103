// Well-typed calls of the catalogue's built-ins: for each, the kind it returns and how to draw its
// arguments. The names are checked against the catalogue (src/runtime/builtins) by the tests, which
// also list the catalogue's built-ins no entry here calls yet.
import fc from "fast-check";
import type { Kind } from "./expressions.js";
import { smallInt, stringText } from "./literals.js";

export interface BuiltinCall {
  name: string;
  result: Kind;
  args: (g: (k: Kind) => fc.Arbitrary<string>) => fc.Arbitrary<string>;
}

/** `name(a, b, ...)` with each argument drawn for its kind (or given as an arbitrary of text) */
const call = (name: string, result: Kind, ...params: (Kind | fc.Arbitrary<string>)[]): BuiltinCall => ({
  name,
  result,
  args: (g) => fc.tuple(...params.map((k) => (typeof k === "string" ? g(k) : k))).map((xs) => `${name}(${xs.join(", ")})`),
});

/** `name(p1: a, p2: b)` in a random order of the parameters */
const named = (name: string, result: Kind, params: [string, Kind | fc.Arbitrary<string>][]): BuiltinCall => ({
  name,
  result,
  args: (g) =>
    fc
      .tuple(fc.shuffledSubarray(params, { minLength: params.length }), ...params.map(([, k]) => (typeof k === "string" ? g(k) : k)))
      .map(([order, ...xs]) => {
        const byName = new Map(params.map(([n], i) => [n, xs[i]]));
        return `${name}(${order.map(([n]) => `${n}: ${byName.get(n)}`).join(", ")})`;
      }),
});

const scale = smallInt(-3, 40);
const position = smallInt(-5, 5);
const length = smallInt(0, 5);
const pattern = fc.constantFrom('"a"', '"^a"', '"b$"', '"[a-c]+"', '"x*y"', '"."', '"é"', '"[0-9]"', '"A"');
const replacement = fc.constantFrom('""', '"-"', '"XY"', '"é"');
const numericText = fc.oneof(fc.integer({ min: -999, max: 999 }).map(String), fc.constantFrom("1.5", "-0.25", ".5", "12a", "", "1,000"));

/** DMN 1.5's range relations, each a built-in of two points, a point and a range, or two ranges. */
export const RANGE_RELATIONS = [
  "before",
  "after",
  "meets",
  "met by",
  "overlaps",
  "overlaps before",
  "overlaps after",
  "finishes",
  "finished by",
  "includes",
  "during",
  "starts",
  "started by",
  "coincides",
] as const;

export const BUILTIN_CALLS: BuiltinCall[] = [
  // numbers
  ...["decimal", "round up", "round down", "round half up", "round half down"].map((n) => call(n, "number", "number", scale)),
  call("floor", "number", "number"),
  call("floor", "number", "number", scale),
  call("ceiling", "number", "number"),
  call("ceiling", "number", "number", scale),
  named("decimal", "number", [
    ["n", "number"],
    ["scale", scale],
  ]),
  call("abs", "number", "number"),
  call("modulo", "number", "number", "number"),
  named("modulo", "number", [
    ["dividend", "number"],
    ["divisor", "number"],
  ]),
  call("sqrt", "number", "number"),
  call("exp", "number", smallInt(-30, 30)),
  call("log", "number", "number"),
  call("even", "boolean", smallInt(-9, 9)),
  call("odd", "boolean", smallInt(-9, 9)),
  call(
    "number",
    "number",
    numericText.map((t) => JSON.stringify(t)),
  ),
  // strings
  call("string length", "number", "string"),
  call("upper case", "string", "string"),
  call("lower case", "string", "string"),
  call("substring", "string", "string", position),
  call("substring", "string", "string", position, length),
  named("substring", "string", [
    ["string", "string"],
    ["start position", position],
  ]),
  call("substring before", "string", "string", "string"),
  call("substring after", "string", "string", "string"),
  call("contains", "boolean", "string", "string"),
  call("starts with", "boolean", "string", "string"),
  call("ends with", "boolean", "string", "string"),
  call("string join", "string", "strings"),
  call("string join", "string", "strings", stringText),
  // lists
  ...["count"].map((n) => call(n, "number", "numbers")),
  ...["sum", "product", "mean", "median", "stddev", "min", "max"].map((n) => call(n, "number", "numbers")),
  call("sum", "number", "number", "number", "number"),
  call("max", "number", "number", "number"),
  call("min", "string", "strings"),
  call("max", "date", "date", "date"),
  call("all", "boolean", "boolean", "boolean"),
  call("any", "boolean", "boolean", "boolean", "boolean"),
  call("list contains", "boolean", "numbers", "number"),
  call("index of", "numbers", "numbers", "number"),
  call("append", "numbers", "numbers", "number", "number"),
  call("concatenate", "numbers", "numbers", "numbers"),
  call("union", "numbers", "numbers", "numbers"),
  call("distinct values", "numbers", "numbers"),
  call("reverse", "strings", "strings"),
  call("sort", "numbers", "numbers"),
  call("sort", "strings", "strings"),
  call("sublist", "numbers", "numbers", position),
  call("sublist", "numbers", "numbers", position, length),
  call("remove", "numbers", "numbers", position),
  call("insert before", "numbers", "numbers", position, "number"),
  call(
    "flatten",
    "numbers",
    fc
      .tuple(fc.array(fc.integer({ min: -9, max: 9 }).map(String), { maxLength: 3 }), fc.integer({ min: 0, max: 9 }))
      .map(([xs, n]) => `[[${xs.join(", ")}], ${n}, [[${n}]]]`),
  ),
  call("mode", "numbers", "numbers"),
  call("list replace", "numbers", "numbers", position, "number"),
  {
    name: "list replace",
    result: "numbers",
    args: (g) => fc.tuple(g("numbers"), g("number")).map(([l, x]) => `list replace(${l}, function(item, newItem) item > newItem, ${x})`),
  },
  // regular expressions: the subset XPath and JavaScript read alike
  call("matches", "boolean", "string", pattern),
  call("matches", "boolean", "string", pattern, fc.constant('"i"')),
  call("replace", "string", "string", pattern, replacement),
  call("replace", "string", "string", pattern, replacement, fc.constant('"i"')),
  call("split", "strings", "string", fc.constantFrom('","', '" "', '"a"', '"[,;]"', '"b+"')),
  // conversions and dates
  call("string", "string", "number"),
  call("date", "date", smallInt(1990, 2030), smallInt(1, 12), smallInt(1, 31)),
  call("date", "date", "dateTime"),
  call("time", "time", "dateTime"),
  call("date and time", "dateTime", "date", "time"),
  call("years and months duration", "yearsMonths", "date", "date"),
  call("day of week", "string", "date"),
  call("day of year", "number", "date"),
  call("month of year", "string", "date"),
  call("week of year", "number", "date"),
  call("is", "boolean", "number", "number"),
  call("is", "boolean", "date", "date"),
  call("is", "boolean", "time", "time"),
  call("range", "range", fc.constantFrom('"[1..5)"', '"(0..2.5]"', '"]1..3["', '"[-2..-1]"', '"[5..1]"')),
  // contexts
  {
    name: "context",
    result: "context",
    args: (g) =>
      fc
        .tuple(g("number"), g("string"), fc.constantFrom("b", "a"))
        .map(([n, t, k]) => `context([{key: "a", value: ${n}}, {key: "${k}", value: ${t}}])`),
  },
  call("get value", "number", "context", fc.constant('"a"')),
  call("get value", "string", "context", fc.constantFrom('"b"', '"z"')),
  { name: "get entries", result: "strings", args: (g) => g("context").map((c) => `for e in get entries(${c}) return e.key`) },
  call("context merge", "context", fc.constant("[{a: 1}, {b: 2}]")),
  // ranges
  call("before", "boolean", "number", "number"),
  call("after", "boolean", "date", "date"),
  call("before", "boolean", "number", "range"),
  call("after", "boolean", "range", "number"),
  call("includes", "boolean", "range", "number"),
  call("during", "boolean", "number", "range"),
  call("coincides", "boolean", "number", "number"),
  ...RANGE_RELATIONS.map((n) => call(n, "boolean", "range", "range")),
  ...["finishes", "starts"].map((n) => call(n, "boolean", "number", "range")),
  ...["finished by", "started by"].map((n) => call(n, "boolean", "range", "number")),
  named("overlaps", "boolean", [
    ["range1", "range"],
    ["range2", "range"],
  ]),
  call("not", "boolean", "boolean"),
];
