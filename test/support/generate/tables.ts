// Random decision tables over the generator's inputs: every hit policy, input cells of every
// unary-test form for the column's kind, outputs that are literals or expressions, one or two
// outputs (PRIORITY and OUTPUT ORDER: one output of a choice whose values give the priority).
import fc from "fast-check";
import { expressionOf } from "./expressions.js";
import { dateValue, numberText, smallInt, stringText } from "./literals.js";

export const HIT_POLICIES = [
  "FIRST",
  "UNIQUE",
  "ANY",
  "RULE ORDER",
  "COLLECT",
  "COLLECT SUM",
  "COLLECT MIN",
  "COLLECT MAX",
  "COLLECT COUNT",
  "PRIORITY",
  "OUTPUT ORDER",
] as const;

/** PRIORITY and OUTPUT ORDER read the priority from the output's values, highest first */
const PRIORITIES = ["urgent", "high", "low"];
const BY_PRIORITY = new Set<string>(["PRIORITY", "OUTPUT ORDER"]);

export interface GeneratedTable {
  hit: (typeof HIT_POLICIES)[number];
  /** header then rules, as the content format writes them */
  rows: string[][];
}

const num = fc.oneof(smallInt(-5, 10), numberText);
const date = dateValue.map((v) => `date("${v}")`);

/**
 * Two range endpoints, in any order, or (`ordered`) low then high and not equal: a range that
 * matches nothing, or `not(...)` of one, is a mistake the strict check rejects (tables.cell-vacuous),
 * so the tables of a strict model take ordered ranges; lenient tables take both.
 */
const endpoints = (ends: fc.Arbitrary<string>, value: (text: string) => number | string, ordered: boolean) =>
  fc
    .tuple(ends, ends)
    .filter(([a, c]) => !ordered || value(a) !== value(c))
    .map(([a, c]) => (ordered && value(a) > value(c) ? [c, a] : [a, c]));

/** one test of a cell, for a column of numbers */
const numberTest = (ordered: boolean) =>
  fc.oneof(
    fc.tuple(fc.constantFrom("<", "<=", ">", ">=", "!="), num).map(([op, n]) => `${op} ${n}`),
    fc
      .tuple(endpoints(num, Number, ordered), fc.constantFrom("[", "(", "]"), fc.constantFrom("]", ")", "["))
      .map(([[a, c], o, e]) => `${o}${a}..${c}${e}`),
    num,
    fc.constantFrom("null", "? > y", "[y..10]", "? = y or ? < 0", "xs"),
  );
const stringTest = fc.oneof(stringText, fc.constantFrom('"a"', '""', '< "b"', '>= "a"', '["a".."m"]'));
const dateTest = (ordered: boolean) =>
  fc.oneof(
    fc.tuple(fc.constantFrom("<", ">="), date).map(([op, d]) => `${op} ${d}`),
    endpoints(date, (d) => d, ordered).map(([a, c]) => `[${a}..${c}]`),
  );
const booleanTest = fc.constantFrom("true", "false", "b", "null");

const cellOf = (tests: fc.Arbitrary<string>, equalTo: string): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constant("-"), weight: 2 },
    // `= e` takes the whole cell
    { arbitrary: fc.constant(`= ${equalTo}`), weight: 1 },
    { arbitrary: tests, weight: 4 },
    { arbitrary: fc.array(tests, { minLength: 2, maxLength: 3 }).map((ts) => ts.join(", ")), weight: 1 },
    { arbitrary: fc.array(tests, { minLength: 1, maxLength: 2 }).map((ts) => `not(${ts.join(", ")})`), weight: 1 },
  );

const columns = (ordered: boolean) => [
  { heading: "x", cell: cellOf(numberTest(ordered), "y * 2") },
  { heading: "x + y", cell: cellOf(numberTest(ordered), "y") },
  { heading: "s", cell: cellOf(stringTest, "upper case(s)") },
  { heading: "d", cell: cellOf(dateTest(ordered), 'd + duration("P1D")') },
  { heading: "b", cell: cellOf(booleanTest, "not(b)") },
];

const output = fc.oneof({ arbitrary: num, weight: 3 }, { arbitrary: expressionOf("number", 1), weight: 1 });
const priorityOutput = fc.constantFrom(...PRIORITIES.map((p) => JSON.stringify(p)));

const tableOf = (policies: readonly GeneratedTable["hit"][], ordered: boolean): fc.Arbitrary<GeneratedTable> =>
  fc
    .tuple(
      fc.constantFrom(...policies),
      fc.shuffledSubarray(columns(ordered), { minLength: 1, maxLength: 3 }),
      fc.constantFrom(1, 2),
      fc.integer({ min: 1, max: 6 }),
    )
    .chain(([hit, columns, outputs, count]) => {
      const prioritised = BY_PRIORITY.has(hit);
      const outputCount = hit.startsWith("COLLECT ") || prioritised ? 1 : outputs;
      const cell = prioritised ? priorityOutput : output;
      const rule = fc.tuple(fc.tuple(...columns.map((c) => c.cell)), fc.array(cell, { minLength: outputCount, maxLength: outputCount }));
      return fc.array(rule, { minLength: count, maxLength: count }).map((rules) => {
        const outputHeadings = prioritised
          ? [`=> ${PRIORITIES.join("|")}`]
          : outputCount === 1
            ? ["=> number"]
            : ["=> p: number", "=> q: number"];
        const header = [...columns.map((c) => c.heading), ...outputHeadings];
        const body = rules.map(([cells, outs]) => [...cells, ...outs]);
        // strict FIRST tables end with an else row
        if (hit === "FIRST") body.push([...columns.map(() => "-"), ...Array.from({ length: outputCount }, () => "0")]);
        return { hit, rows: [header, ...body] };
      });
    });

export const generatedTable = tableOf(HIT_POLICIES, false);
/** the tables a strict model may hold */
export const firstTable = tableOf(["FIRST"], true);
