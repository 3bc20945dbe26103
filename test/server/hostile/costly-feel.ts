// Hostile FEEL, generated: expressions cheap to write and expensive to run, from a grammar of the
// costly built-ins and forms — `for` over big ranges and nested, quantifiers over products of
// ranges, string join, split, replace and matches over strings built in the model, union,
// distinct values and sort with a function over lists built in the model, contexts put, merged
// and listed, median, stddev and product over generated lists, exp and powers on the exact path,
// zoned date-times, filters of filters, string() of big structures — each sized by the state's
// `k` (so nothing is folded at compile time) and optionally repeated by an outer loop of `m`.
// Each form knows its answer for every k and m: a 200 must give it, a 4xx must be a limit's.
import fc from "fast-check";
import { LIMITS, type Attack, type Sender } from "./attacks.js";

export interface Form {
  name: string;
  /** the expression, of the input `k` (and of `j`, the outer loop's variable, where it repeats) */
  feel: string;
  /** the answer: a number, or a boolean for a yes/no question */
  answer(k: number): number | boolean;
  /** the smallest k the form is meant for */
  min?: number;
}

export const FORMS: readonly Form[] = [
  { name: "string join of a big for", feel: 'string length(string join(for i in 1..k return "xy"))', answer: (k) => 2 * k },
  { name: "union of singleton lists", feel: "count(union(for i in 1..k return [i]))", answer: (k) => k },
  { name: "distinct values", feel: "count(distinct values(for i in 1..k return modulo(i, 7)))", answer: (k) => Math.min(k, 7) },
  { name: "sort with a function", feel: "sort(for i in 1..k return k - i, function(a, b) a < b)[1]", answer: () => 0 },
  { name: "nested for", feel: "count(for i in 1..k, j in 1..k return i)", answer: (k) => k * k },
  { name: "some over a product of ranges", feel: "some i in 1..k, j in 1..k satisfies i + j < 0", answer: () => false },
  { name: "every over a product of ranges", feel: "every i in 1..k, j in 1..k satisfies i + j > 0", answer: () => true },
  { name: "split of a built string", feel: 'count(split(string join(for i in 1..k return "a,"), ","))', answer: (k) => k + 1 },
  {
    name: "replace growing a built string",
    feel: 'string length(replace(string join(for i in 1..k return "ab"), "a", "xyz"))',
    answer: (k) => 4 * k,
  },
  { name: "matches over a built string", feel: 'matches(string join(for i in 1..k return "a"), "^(a|aa)+$")', answer: () => true },
  { name: "median of a generated list", feel: "median(for i in 1..k return i) * 2", answer: (k) => k + 1 },
  { name: "stddev of a generated list", feel: "stddev(for i in 1..k return 5)", answer: () => 0, min: 2 },
  { name: "product of a generated list", feel: "product(for i in 1..k return 1)", answer: () => 1 },
  { name: "filters of filters", feel: "count((for i in 1..k return i)[item > 0][item > 1][item > 2])", answer: (k) => k - 2, min: 3 },
  { name: "string of a big list", feel: "string length(string(for i in 1..k return 1)) > k", answer: () => true },
  { name: "context put in a loop", feel: 'count(for i in 1..k return context put({a: i}, "b", i))', answer: (k) => k },
  {
    name: "contexts merged and listed",
    feel: 'count(get entries(context merge(for i in 1..k return context put({}, "e" + string(i), i))))',
    answer: (k) => k,
  },
  { name: "exp on the exact path", feel: "count(for i in 1..k return exp(i / 1000))", answer: (k) => k },
  { name: "non-integer powers", feel: "count(for i in 1..k return (i * 1.000001) ** 1.5)", answer: (k) => k },
  { name: "long integer powers", feel: "count(for i in 1..k return 1.0001 ** (100 + i))", answer: (k) => k },
  { name: "square roots", feel: "count(for i in 1..k return sqrt(i * 1.0000001))", answer: (k) => k },
  { name: "quotients written out", feel: "count(for i in 1..k return string(i / 7))", answer: (k) => k },
  {
    name: "zoned date-times",
    feel: 'count(for i in 1..k return date and time("2020-03-29T02:30:00@Europe/Paris") + duration("PT" + string(i) + "S"))',
    answer: (k) => k,
  },
  {
    name: "durations across millennia",
    feel: "count(for i in 1..k return years and months duration(date(1, 1, 1), date(9999, 12, 31)))",
    answer: (k) => k,
  },
];

/** A form of `k`, repeated `m` times by an outer loop when m > 1 (the count of its answers, each checked). */
function expression(form: Form, m: number): { feel: string; answer: (k: number) => number | boolean } {
  if (m <= 1) return { feel: form.feel, answer: form.answer };
  const test = typeof form.answer(form.min ?? 1) === "boolean" ? "item" : `item = ${"ANSWER"}`;
  return {
    feel: `count((for j in 1..${m} return ${form.feel})[${test}])`,
    answer: (k) => (form.answer(k) === false ? 0 : m),
  };
}

export interface CostlyFeel {
  form: number;
  k: number;
  m: number;
}

/** One generated attack: the form, its size k and the outer loop's m, from the funded key. */
export function costlyAttack({ form: index, k, m }: CostlyFeel, sender: Sender = "funded"): Attack {
  const form = FORMS[index % FORMS.length]!;
  const size = Math.max(k, form.min ?? 1);
  const { feel, answer } = expression(form, m);
  const right = answer(size);
  const boolean = typeof right === "boolean";
  const out = feel.replace("ANSWER", String(form.answer(size)));
  const model = {
    content: { name: "costly", inputs: { k: { type: "number", desc: "k?" } }, decisions: { out } },
    questions: {
      out: boolean
        ? { type: "noul", instructions: "out?", criteria: { true: "yes", false: "no" } }
        : { type: "number", instructions: "out?" },
    },
  };
  return {
    name: `${form.name}, k = ${size}${m > 1 ? `, ${m} times` : ""}`,
    sender,
    method: "POST",
    path: "/v1/systemone",
    body: JSON.stringify({ model, state: { k: size } }),
    answer: (b) => b?.answers?.out?.value === right,
    // a boolean question whose decision is false answers it; a limit stops the rest
    problems: LIMITS,
  };
}

/** Sizes from where every form answers to where none fits the budget. */
export const costlyFeel = (): fc.Arbitrary<CostlyFeel> =>
  fc.record({
    form: fc.nat({ max: FORMS.length - 1 }),
    k: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 300, max: 3_000_000 })),
    m: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 300 })),
  });

/** Every form at the size where the event loop's slice runs out, and far past it: for the bench. */
export const COSTLY_SAMPLES: readonly CostlyFeel[] = FORMS.flatMap((_, form) => [
  { form, k: 100_000, m: 1 },
  { form, k: 3_000_000, m: 1 },
  { form, k: 1_000, m: 300 },
]);
