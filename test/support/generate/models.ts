// Random models for the check-valid fuzz: inputs (scalars and a list of records), functions,
// decisions that read inputs, earlier decisions and functions, decision objects with `let`
// entries, and filters, quantifiers, `for`, nested function definitions and contexts with
// constant built-in calls in every position (the class of `count(orders[placed > date("2020-01-01")])`).
import fc from "fast-check";
import { INPUTS, expressionOf } from "./expressions.js";
import { firstTable } from "./tables.js";

/** calls whose arguments are all literals: what the optimiser may compute ahead of time */
const constantNumber = fc.constantFrom(
  "abs(-1)",
  "floor(1.5)",
  "decimal(2.345, 2)",
  'string length("ab")',
  "count([1, 2])",
  "max(1, 2)",
  "sum([1, 2, 3])",
);
const constantDate = fc.constantFrom('date("2020-01-01")', "date(2021, 6, 30)", '@"2022-02-28"', 'date("2019-12-31") + duration("P1D")');
const constantString = fc.constantFrom('upper case("a")', 'substring("hello", 2)', "string(1)");

/** templates over a number-valued name `v`, each with a constant call somewhere inside */
const NUMBER_FORMS: ((v: string, c: string, dt: string, st: string) => string)[] = [
  (v, c) => `count([1, 2, 3][item > ${c}]) + ${v}`,
  (v, c) => `count([1, 2, 3][${c} = 1])`,
  (v, c, dt) => `count(orders[placed > ${dt}])`,
  (v, c) => `sum(orders[amount > ${c}].amount)`,
  (v, c) => `sum(for o in orders return o.amount * ${c})`,
  (v, c) => `sum(for i in [${v}, ${c}] return i + ${c})`,
  (v, c) => `if some o in orders satisfies o.amount > ${c} then ${v} else ${c}`,
  (v, c) => `if every i in [${v}] satisfies i >= ${c} then 1 else 0`,
  (v, c) => `(function(a) (function(k) a + k + ${c})(${v}))(${c})`,
  (v, c) => `{p: ${c}, q: p + ${v}, r: [q, ${c}][item > p]}.q`,
  (v, c) => `count([1, 2][function(a) a + ${c}]) + ${v}`,
  (v, c) => `count([{amount: ${c}}, {amount: ${v}}][amount >= ${c}])`,
  (v, c, dt) => `count(orders[placed > ${dt} and amount > ${c}][amount < ${v}])`,
  (v, c, dt, st) => `string length(${st}) + count(for o in orders return o.placed > ${dt})`,
  (v, c) => `count([1, 2, 3][item = ${c}][item > 0])`,
  (v, c) => `[${v}, ${c}][${c}]`,
  (v, c) => `count(for i in 1..3 return [i, ${c}][item > ${c}])`,
  (v, c) => `sum([1, 2][(function(a) a + item)(${c}) > 1])`,
];

export interface GeneratedModel {
  content: Record<string, unknown>;
}

const inputs = {
  ...Object.fromEntries(Object.entries(INPUTS).map(([name, { type }]) => [name, { type, desc: `What is ${name}?` }])),
  orders: { type: [{ placed: "date", amount: "number" }], desc: "Which orders were placed?" },
};

/** a function body reads only its parameters: the forms that name no input */
const PURE_FORMS = NUMBER_FORMS.filter((f) => !f("v", "c", "dt", "st").includes("orders"));

const numberForm = (names: string[], forms = NUMBER_FORMS): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom(...forms), fc.constantFrom(...names), constantNumber, constantDate, constantString)
    .map(([form, v, c, dt, st]) => form(v, c, dt, st));

/** a decision: an expression string or an object with `let` entries, reading `names` (number-valued) */
const decisionOf = (names: string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    numberForm(names),
    expressionOf("number", 2),
    fc.tuple(numberForm(names), numberForm([...names, "first"])).map(([first, second]) => ({ let: { first }, expr: second })),
    fc.tuple(numberForm(names), numberForm(names)).map(([a, c]) => `${a} + ${c}`),
  );

/** a context-valued decision: a total, a list of contexts made by `for`, a filtered list */
const contextDecision = (names: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(numberForm(names), constantNumber, constantDate)
    .map(([total, c, dt]) => `{total: ${total}, items: for o in orders return {v: o.amount * ${c}}, recent: orders[placed > ${dt}]}`);
/** reading the context decision's entries by path, through filters with constant calls */
const contextReader = (c: string) =>
  fc.constantFrom(`${c}.total + count(${c}.items[v > abs(-1)])`, `sum(${c}.recent.amount) + count(${c}.items)`, `${c}.total`);

export const generatedModel: fc.Arbitrary<GeneratedModel> = fc
  .tuple(numberForm(["k"], PURE_FORMS), numberForm(["a", "c", "helper(a)"], PURE_FORMS), fc.integer({ min: 1, max: 5 }))
  .chain(([helperBody, twiceBody, count]) => {
    const names = (i: number) => ["x", "y", "helper(x)", "twice(y, x)", ...Array.from({ length: i }, (_, j) => `d${j}`)];
    return fc
      .tuple(
        fc.tuple(...Array.from({ length: count }, (_, i) => decisionOf(names(i)))),
        contextDecision(names(count)),
        contextReader("summary"),
        fc.option(firstTable, { nil: undefined }),
      )
      .map(([decisions, summary, reader, table]) => ({
        content: {
          name: "fuzz",
          inputs,
          functions: {
            helper: { params: { k: "number" }, returns: "number", body: helperBody },
            twice: { params: { a: "number", c: "number" }, returns: "number", body: twiceBody },
          },
          decisions: {
            ...Object.fromEntries(decisions.map((d, i) => [`d${i}`, d])),
            summary,
            "from summary": reader,
            ...(table ? { table: table.rows } : {}),
          },
        },
      }));
  });
