// Random well-typed FEEL expressions as text, by the kind of value they compute. Each kind has its
// leaves (literals, the inputs of that kind) and its compound forms (operators, built-in calls,
// `if`, `for`, quantifiers, filters, paths, contexts, function definitions and calls, named
// arguments), each subexpression drawn for the kind its position needs, so that the checker
// accepts what comes out; values may still be null (an index past the end, a division by zero).
import fc from "fast-check";
import { BUILTIN_CALLS } from "./builtin-calls.js";
import {
  at,
  dateTimeValue,
  dateValue,
  daysTimeValue,
  localTime,
  numberText,
  smallInt,
  stringText,
  yearsMonthsValue,
  zonedTime,
} from "./literals.js";

export const KINDS = [
  "number",
  "string",
  "boolean",
  "date",
  "time",
  "dateTime",
  "daysTime",
  "yearsMonths",
  "numbers",
  "strings",
  "context",
  "range",
] as const;
export type Kind = (typeof KINDS)[number];

/** the inputs every generated expression may read, with their declared types */
export const INPUTS: Record<string, { kind: Kind; type: string | string[] }> = {
  x: { kind: "number", type: "number" },
  y: { kind: "number", type: "number" },
  s: { kind: "string", type: "string" },
  b: { kind: "boolean", type: "boolean" },
  d: { kind: "date", type: "date" },
  xs: { kind: "numbers", type: ["number"] },
};

const p = (t: string) => `(${t})`;
const inputsOf = (k: Kind) => Object.keys(INPUTS).filter((n) => INPUTS[n]!.kind === k);

const LEAVES: Record<Kind, fc.Arbitrary<string>> = {
  number: fc.oneof({ arbitrary: numberText, weight: 30 }, { arbitrary: fc.constant("null"), weight: 1 }),
  string: stringText,
  boolean: fc.constantFrom("true", "false"),
  date: fc.oneof(
    at(dateValue),
    dateValue.map((v) => `date("${v}")`),
  ),
  time: fc.oneof(
    at(localTime),
    localTime.map((v) => `time("${v}")`),
  ),
  dateTime: fc.oneof(at(dateTimeValue(localTime)), at(dateTimeValue(zonedTime))),
  daysTime: fc.oneof(
    at(daysTimeValue),
    daysTimeValue.map((v) => `duration("${v}")`),
  ),
  yearsMonths: at(yearsMonthsValue),
  numbers: fc.array(numberText, { maxLength: 5 }).map((xs) => `[${xs.join(", ")}]`),
  strings: fc.array(stringText, { maxLength: 4 }).map((xs) => `[${xs.join(", ")}]`),
  context: fc.tuple(numberText, stringText).map(([n, s]) => `{a: ${n}, b: ${s}}`),
  range: fc
    .tuple(numberText, numberText, fc.boolean(), fc.boolean())
    .map(([a, c, si, ei]) => `${si ? "[" : "("}${a}..${c}${ei ? "]" : ")"}`),
};

const leaf = (k: Kind): fc.Arbitrary<string> => {
  const names = inputsOf(k);
  return names.length === 0
    ? LEAVES[k]
    : fc.oneof({ arbitrary: LEAVES[k], weight: 2 }, { arbitrary: fc.constantFrom(...names), weight: 1 });
};

/** compound forms by kind; `g(kind, depth)` draws a subexpression */
type Forms = Record<Kind, ((g: (k: Kind) => fc.Arbitrary<string>) => fc.Arbitrary<string>)[]>;
const bin = (op: string, a: fc.Arbitrary<string>, c: fc.Arbitrary<string>) => fc.tuple(a, c).map(([l, r]) => `${p(l)} ${op} ${p(r)}`);
const ORDERED: Kind[] = ["number", "string", "date", "time", "dateTime", "daysTime", "yearsMonths"];

const FORMS: Forms = {
  number: [
    (g) => fc.constantFrom("+", "-", "*", "/").chain((op) => bin(op, g("number"), g("number"))),
    (g) => fc.tuple(g("number"), smallInt(-3, 4)).map(([a, k]) => `${p(a)} ** ${k}`),
    (g) => fc.tuple(g("number"), fc.constantFrom("0.5", "1.5", "-0.5", "0.25", "2.5", "-1.25")).map(([a, k]) => `abs(${a}) ** ${k}`),
    (g) => g("number").map((a) => `-${p(a)}`),
    (g) => fc.tuple(g("numbers"), smallInt(-4, 4)).map(([l, i]) => `${p(l)}[${i}]`),
    (g) => fc.tuple(g("number"), g("string")).map(([n, s]) => `{a: ${n}, b: ${s}}.a`),
    (g) => fc.tuple(g("number"), g("number")).map(([n, m]) => `{a: ${n}, c: a * ${p(m)}}.c`),
    (g) => fc.tuple(g("number"), g("number"), g("number")).map(([a, c, e]) => `(function(u, v) u - v * ${p(e)})(${a}, ${c})`),
    (g) => fc.tuple(g("number"), g("number")).map(([a, c]) => `(function(u, v) u / v)(v: ${a}, u: ${c})`),
    (g) => g("numbers").map((l) => `sum(for i in ${p(l)} return i * 2)`),
    (g) => fc.tuple(g("numbers"), g("number")).map(([l, n]) => `count(${p(l)}[item > ${p(n)}])`),
    (g) => fc.tuple(g("date"), fc.constantFrom("year", "month", "day", "weekday")).map(([v, m]) => `${p(v)}.${m}`),
    (g) => fc.tuple(g("daysTime"), fc.constantFrom("days", "hours", "minutes", "seconds")).map(([v, m]) => `${p(v)}.${m}`),
    (g) => fc.tuple(g("yearsMonths"), fc.constantFrom("years", "months")).map(([v, m]) => `${p(v)}.${m}`),
    (g) => fc.tuple(g("time"), fc.constantFrom("hour", "minute", "second")).map(([v, m]) => `${p(v)}.${m}`),
    (g) =>
      fc
        .tuple(g("dateTime"), fc.constantFrom("year", "month", "day", "weekday", "hour", "minute", "second"))
        .map(([v, m]) => `${p(v)}.${m}`),
    (g) => fc.tuple(g("boolean"), g("number"), g("number")).map(([c, a, e]) => `if ${c} then ${a} else ${e}`),
    (g) => fc.tuple(g("daysTime"), g("daysTime")).map(([a, c]) => `${p(a)} / ${p(c)}`),
  ],
  string: [
    (g) => bin("+", g("string"), g("string")),
    (g) => g("strings").map((l) => `${p(l)}[1]`),
    (g) => fc.tuple(g("boolean"), g("string"), g("string")).map(([c, a, e]) => `if ${c} then ${a} else ${e}`),
    (g) => fc.tuple(g("number"), g("string")).map(([n, s]) => `{a: ${n}, b: ${s}}.b`),
    (g) =>
      fc
        .constantFrom<Kind>("number", "date", "time", "dateTime", "daysTime", "yearsMonths", "boolean")
        .chain((k) => g(k))
        .map((v) => `string(${v})`),
  ],
  boolean: [
    (g) => fc.constantFrom(...ORDERED).chain((k) => fc.constantFrom("<", "<=", ">", ">=", "=", "!=").chain((op) => bin(op, g(k), g(k)))),
    (g) => fc.constantFrom("and", "or").chain((op) => bin(op, g("boolean"), g("boolean"))),
    (g) => g("boolean").map((v) => `not(${v})`),
    (g) =>
      fc
        .constantFrom<Kind>("number", "string", "date")
        .chain((k) => fc.tuple(g(k), g(k), g(k)))
        .map(([v, a, c]) => `${p(v)} between ${p(a)} and ${p(c)}`),
    (g) => fc.tuple(g("number"), g("number"), g("number")).map(([v, a, c]) => `${p(v)} in (< ${p(a)}, [${a}..${c}], ${p(c)})`),
    (g) => fc.tuple(g("number"), g("numbers")).map(([v, l]) => `${p(v)} in ${p(l)}`),
    (g) => fc.tuple(g("number"), g("range")).map(([v, r]) => `${p(v)} in ${r}`),
    // a string among string literals, one of them often the very literal tested
    (g) =>
      fc
        .tuple(stringText, fc.array(stringText, { minLength: 0, maxLength: 3 }), fc.oneof(g("string"), fc.constant("")))
        .map(([own, others, v]) => `${p(v || own)} in (${[...others, own].join(", ")})`),
    (g) =>
      fc
        .tuple(
          fc.constantFrom<Kind>(...KINDS),
          fc.constantFrom("number", "string", "boolean", "date", "list<number>", "context<a: number>", "Any"),
        )
        .chain(([k, t]) => g(k).map((v) => `${p(v)} instance of ${t}`)),
    (g) =>
      fc.tuple(fc.constantFrom("some", "every"), g("numbers"), g("number")).map(([q, l, n]) => `${q} i in ${p(l)} satisfies i > ${p(n)}`),
    (g) => fc.tuple(g("numbers"), g("numbers")).map(([l, m]) => `some i in ${p(l)}, j in ${p(m)} satisfies i = j`),
    (g) => fc.tuple(g("boolean"), g("boolean"), g("boolean")).map(([c, a, e]) => `if ${c} then ${a} else ${e}`),
    (g) => fc.tuple(g("number"), g("number")).map(([a, c]) => `${p(a)} = null or ${p(c)} != null`),
  ],
  date: [
    (g) => fc.tuple(g("date"), g("daysTime"), fc.constantFrom("+", "-")).map(([a, c, op]) => `${p(a)} ${op} ${p(c)}`),
    (g) => fc.tuple(g("date"), g("yearsMonths"), fc.constantFrom("+", "-")).map(([a, c, op]) => `${p(a)} ${op} ${p(c)}`),
    (g) => g("dateTime").map((v) => `date(${v})`),
  ],
  time: [
    (g) => fc.tuple(g("time"), g("daysTime"), fc.constantFrom("+", "-")).map(([a, c, op]) => `${p(a)} ${op} ${p(c)}`),
    () => fc.tuple(smallInt(0, 23), smallInt(0, 59), smallInt(0, 59)).map(([h, m, s]) => `time(${h}, ${m}, ${s})`),
  ],
  dateTime: [
    (g) =>
      fc
        .tuple(g("dateTime"), fc.constantFrom<Kind>("daysTime", "yearsMonths").chain(g), fc.constantFrom("+", "-"))
        .map(([a, c, op]) => `${p(a)} ${op} ${p(c)}`),
    (g) => fc.tuple(g("date"), g("time")).map(([a, c]) => `date and time(${a}, ${c})`),
  ],
  daysTime: [
    (g) => fc.constantFrom("+", "-").chain((op) => bin(op, g("daysTime"), g("daysTime"))),
    (g) => bin("-", g("date"), g("date")),
    (g) => bin("-", g("time"), g("time")),
    (g) => fc.tuple(g("daysTime"), smallInt(-5, 5)).map(([a, n]) => `${p(a)} * ${n}`),
    (g) => g("daysTime").map((a) => `-${p(a)}`),
    (g) =>
      fc
        .constantFrom<Kind>("time", "dateTime")
        .chain((k) => g(k))
        .map((v) => `${p(v)}.time offset`),
  ],
  yearsMonths: [
    (g) => fc.constantFrom("+", "-").chain((op) => bin(op, g("yearsMonths"), g("yearsMonths"))),
    (g) => fc.tuple(g("yearsMonths"), smallInt(-5, 5)).map(([a, n]) => `${p(a)} * ${n}`),
  ],
  numbers: [
    (g) => fc.array(g("number"), { maxLength: 4 }).map((xs) => `[${xs.join(", ")}]`),
    (g) => fc.tuple(g("numbers"), g("number")).map(([l, n]) => `for i in ${p(l)} return i + ${p(n)}`),
    () => fc.tuple(smallInt(-3, 3), smallInt(-3, 3)).map(([a, c]) => `for i in ${a}..${c} return i * i`),
    (g) => fc.tuple(g("numbers"), g("number")).map(([l, n]) => `${p(l)}[item >= ${p(n)}]`),
    (g) => fc.tuple(g("numbers"), g("numbers")).map(([l, m]) => `for i in ${p(l)}, j in ${p(m)} return i - j`),
    (g) => g("numbers").map((l) => `sort(${l}, function(a, c) a > c)`),
    (g) => fc.tuple(g("boolean"), g("numbers"), g("numbers")).map(([c, a, e]) => `if ${c} then ${a} else ${e}`),
  ],
  strings: [
    (g) => fc.array(g("string"), { maxLength: 4 }).map((xs) => `[${xs.join(", ")}]`),
    (g) => fc.tuple(g("strings"), g("string")).map(([l, s]) => `for t in ${p(l)} return t + ${p(s)}`),
    (g) => fc.tuple(g("strings"), g("string")).map(([l, s]) => `${p(l)}[item != ${p(s)}]`),
  ],
  context: [
    (g) => fc.tuple(g("number"), g("string")).map(([n, s]) => `{a: ${n}, b: ${s}, c: {d: a}}`),
    (g) => fc.tuple(g("context"), g("number")).map(([c, n]) => `context put(${c}, "e", ${n})`),
  ],
  range: [(g) => fc.tuple(g("number"), g("number")).map(([a, c]) => `[${a}..${c})`)],
};

const made = new Map<string, fc.Arbitrary<string>>();

/** an expression of kind `k` at most `depth` levels deep (each kind and depth made once) */
export function expressionOf(k: Kind, depth: number): fc.Arbitrary<string> {
  const key = `${k}/${depth}`;
  let arb = made.get(key);
  if (arb === undefined) made.set(key, (arb = make(k, depth)));
  return arb;
}

function make(k: Kind, depth: number): fc.Arbitrary<string> {
  if (depth <= 0) return leaf(k);
  const g = (kind: Kind) => expressionOf(kind, depth - 1);
  const calls = BUILTIN_CALLS.filter((c) => c.result === k).map((c) => c.args(g));
  const forms = [...FORMS[k].map((f) => f(g)), ...calls];
  return fc.oneof({ arbitrary: leaf(k), weight: forms.length }, ...forms.map((arbitrary) => ({ arbitrary, weight: 2 })));
}

/** an expression of any kind, with the kind it computes */
export const anyExpression = (depth: number): fc.Arbitrary<{ kind: Kind; text: string }> =>
  fc.constantFrom(...KINDS).chain((kind) => expressionOf(kind, depth).map((text) => ({ kind, text })));

/** a state for INPUTS */
export const inputState: fc.Arbitrary<Record<string, unknown>> = fc.record({
  x: fc.oneof(fc.integer({ min: -100, max: 100 }), fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })),
  y: fc.integer({ min: -5, max: 5 }),
  s: fc.string({ maxLength: 5 }),
  b: fc.boolean(),
  d: dateValue,
  xs: fc.array(fc.integer({ min: -10, max: 10 }), { maxLength: 5 }),
});
