// Indexed tables match the same rules as trying the rules in order, on random tables: random
// shapes (number, string and boolean columns, 1 to 5,000 rules), random cells of every kind the
// index represents (`-`, comparisons, points, open and closed ranges, lists, `not(...)`) and, now
// and then, tests of expressions it cannot represent (`> p * 2`, `= w`, `? > 1 and ? < 5`), outputs
// that are literals or expressions, every hit policy, and states whose values sit on the cells'
// boundaries, between them, or are not of the column's kind at all. The reference is the unoptimised compilation (a chain of tests, no index)
// and, independently, a JS oracle of the cells.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUnaryTests } from "../../../src/compiler/1-parse/feel/index.js";
import type { Expr, UnaryTests } from "../../../src/ir/feel-ast.js";
import type { TableIR } from "../../../src/ir/ir.js";
import { planTableIndex } from "../../../src/compiler/3-optimise/table-index-plan.js";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";

type Kind = "number" | "string" | "boolean" | "date";
type Op = "<" | "<=" | ">" | ">=" | "=" | "!=";
/** a test the index cannot represent: against another input (`ref`), or of `?` between two numbers */
type Opaque = { opaque: "ref"; times: number } | { opaque: "between"; lo: number; hi: number };
type Test = { op: Op; v: number | string | boolean } | { lo: number; hi: number; li: boolean; hi_: boolean } | Opaque;
/** a cell: `-`, or tests (any of which may match), maybe negated */
type Cell = { any: true } | { any: false; not: boolean; tests: Test[] };

const WORDS = ["gold", "silver", "bronze", "tin", "lead"];

const DAY_MS = 86_400_000;
/** A date column's values are day numbers here, ISO dates in the model and the states. */
const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** both ways FEEL writes a date literal */
const dateText = (day: number) => (day % 2 === 0 ? `date("${iso(day)}")` : `@"${iso(day)}"`);
/** The day number of a canonical ISO date string, else null. */
const isoDay = (v: string): number | null => {
  const ms = Date.parse(v);
  return /^\d{4}-\d\d-\d\d$/.test(v) && Number.isFinite(ms) && iso(ms / DAY_MS) === v ? ms / DAY_MS : null;
};
const valueText = (kind: Kind, v: number | string | boolean) =>
  kind === "date" ? dateText(v as number) : typeof v === "string" ? JSON.stringify(v) : String(v);
/** The other inputs an opaque test reads, one per kind. */
const REFS: Record<Kind, string> = { number: "p", string: "w", boolean: "b", date: "d" };
const opaqueText = (kind: Kind, t: Opaque) =>
  t.opaque === "between"
    ? `? > ${t.lo} and ? < ${t.hi}`
    : kind === "number"
      ? `> ${REFS.number} * ${t.times}`
      : kind === "date"
        ? `> ${REFS.date}`
        : `(${REFS[kind]})`; // (a bare name would read as a string, a leading `=` as an expression)
const testText = (kind: Kind) => (t: Test) =>
  "opaque" in t
    ? opaqueText(kind, t)
    : "op" in t
      ? t.op === "="
        ? valueText(kind, t.v)
        : `${t.op} ${valueText(kind, t.v)}`
      : `${t.li ? "[" : "("}${valueText(kind, t.lo)}..${valueText(kind, t.hi)}${t.hi_ ? "]" : ")"}`;
const cellText = (kind: Kind, c: Cell) =>
  c.any ? "-" : c.not ? `not(${c.tests.map(testText(kind)).join(", ")})` : c.tests.map(testText(kind)).join(", ");

const OPS: Record<Op, (x: number, v: number) => boolean> = {
  "<": (x, v) => x < v,
  "<=": (x, v) => x <= v,
  ">": (x, v) => x > v,
  ">=": (x, v) => x >= v,
  "=": (x, v) => x === v,
  "!=": (x, v) => x !== v,
};

/** The values of the inputs opaque tests read (a date's day number). */
type Refs = Record<Kind, number | string | boolean>;

/** The cell on a value of its column's kind (a date's day number). */
function oracle(c: Cell, kind: Kind, x: number | string | boolean, refs: Refs): boolean {
  if (c.any) return true;
  const one = (t: Test) => {
    if ("opaque" in t) {
      if (t.opaque === "between") return (x as number) > t.lo && (x as number) < t.hi;
      if (kind === "number") return (x as number) > (refs.number as number) * t.times;
      return kind === "date" ? (x as number) > (refs.date as number) : x === refs[kind];
    }
    if (!("op" in t))
      return (t.li ? (x as number) >= t.lo : (x as number) > t.lo) && (t.hi_ ? (x as number) <= t.hi : (x as number) < t.hi);
    if (typeof x === "number") return OPS[t.op](x, t.v as number);
    return t.op === "!=" ? x !== t.v : x === t.v;
  };
  return c.tests.some(one) !== c.not;
}

/** Bounds from a few irregularly spaced numbers, some of them fractions and negative. */
const numberPool = fc.uniqueArray(
  fc.oneof(
    fc.integer({ min: -50, max: 400 }),
    fc.integer({ min: -200, max: 200 }).map((n) => n / 4),
  ),
  { minLength: 1, maxLength: 40 },
);
/** Days from 1969 to 2030, some of them before the epoch. */
const dayPool = fc.uniqueArray(fc.integer({ min: -400, max: 22_000 }), { minLength: 1, maxLength: 40 });

function opaqueArb(kind: Kind, pool: number[]): fc.Arbitrary<Opaque> {
  const ref = fc.integer({ min: 1, max: 3 }).map((times): Opaque => ({ opaque: "ref", times }));
  if (kind !== "number") return ref;
  const v = fc.constantFrom(...pool);
  return fc.oneof(
    ref,
    fc.tuple(v, v).map(([a, b]): Opaque => ({ opaque: "between", lo: Math.min(a, b), hi: Math.max(a, b) })),
  );
}

function testArb(kind: Kind, pool: number[]): fc.Arbitrary<Test> {
  return fc.oneof({ weight: 30, arbitrary: literalTestArb(kind, pool) }, { weight: 1, arbitrary: opaqueArb(kind, pool) });
}

function literalTestArb(kind: Kind, pool: number[]): fc.Arbitrary<Test> {
  if (kind === "boolean") return fc.record({ op: fc.constantFrom<Op>("=", "!="), v: fc.boolean() });
  if (kind === "string") return fc.record({ op: fc.constantFrom<Op>("=", "=", "!="), v: fc.constantFrom(...WORDS) });
  const v = fc.constantFrom(...pool);
  return fc.oneof(
    fc.record({ op: fc.constantFrom<Op>("<", "<=", ">", ">=", "=", "!="), v }),
    fc.tuple(v, v, fc.boolean(), fc.boolean()).map(([a, b, li, hi_]) => ({ lo: Math.min(a, b), hi: Math.max(a, b), li, hi_ })),
  );
}

function cellArb(kind: Kind, pool: number[]): fc.Arbitrary<Cell> {
  const tests = fc.array(testArb(kind, pool), { minLength: 1, maxLength: 3 });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ any: true as const }) },
    { weight: 5, arbitrary: tests.map((ts) => ({ any: false as const, not: false, tests: ts })) },
    { weight: 2, arbitrary: tests.map((ts) => ({ any: false as const, not: true, tests: ts })) },
  );
}

const POLICIES = ["FIRST", "UNIQUE", "ANY", "PRIORITY", "COLLECT", "COLLECT SUM", "C<", "C>", "C#", "RULE ORDER", "OUTPUT ORDER"] as const;
type Policy = (typeof POLICIES)[number];

interface Table {
  kinds: Kind[];
  pools: number[][];
  rows: Cell[][];
  hit: Policy;
  /** rule k answers outputs[k] */
  outputs: number[];
  /** outputs are expressions (`n + outputs[k]`), not literals */
  computed: boolean;
}

const table: fc.Arbitrary<Table> = fc
  .record({
    kinds: fc.array(fc.constantFrom<Kind>("number", "string", "boolean", "date"), { minLength: 1, maxLength: 4 }),
    pools: fc.tuple(...[0, 1, 2, 3].map(() => fc.tuple(numberPool, dayPool))),
    // mostly small and medium tables, some of thousands of rules
    rules: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 1, max: 80 }) },
      { weight: 3, arbitrary: fc.integer({ min: 80, max: 700 }) },
      { weight: 1, arbitrary: fc.integer({ min: 700, max: 5000 }) },
    ),
    hit: fc.constantFrom(...POLICIES),
    distinctOutputs: fc.integer({ min: 1, max: 6 }),
    computed: fc.boolean(),
  })
  .chain(({ kinds, pools: both, rules, hit, distinctOutputs, computed }) => {
    const pools = kinds.map((k, c) => both[c]![k === "date" ? 1 : 0]);
    return fc
      .array(fc.tuple(...kinds.map((k, c) => cellArb(k, pools[c]!))), { minLength: rules, maxLength: rules })
      .map((rows) => ({ kinds, pools, rows, hit, outputs: rows.map((_, k) => (hit === "ANY" ? k % distinctOutputs : k)), computed }));
  });

const columnName = (c: number) => `c${c}`;
const TYPES: Record<Kind, string> = { number: "number", string: "string", boolean: "boolean", date: "date" };
/** PRIORITY and OUTPUT ORDER rank outputs by the listed values: here in reverse rule order. */
const ranked = (t: Table) => t.hit === "PRIORITY" || t.hit === "OUTPUT ORDER";
const outputText = (t: Table, k: number) =>
  ranked(t)
    ? t.computed
      ? `"r" + string(${t.outputs[k]})`
      : `"r${t.outputs[k]}"`
    : t.computed
      ? `n + ${t.outputs[k]}`
      : String(t.outputs[k]);

function modelOf(t: Table): ModelInput {
  // (a choice needs two values: "none" is never an output)
  const outputType = ranked(t) ? [...t.outputs.map((o) => `r${o}`).reverse(), "none"].join("|") : "number";
  const header = [...t.kinds.map((_, c) => columnName(c)), `=> out: ${outputType}`];
  const multi = ["COLLECT", "RULE ORDER", "OUTPUT ORDER"].includes(t.hit);
  return {
    name: "random table",
    inputs: {
      ...Object.fromEntries(t.kinds.map((k, c) => [columnName(c), { type: TYPES[k], desc: `column ${c}` }])),
      ...Object.fromEntries(
        Object.entries(REFS).map(([k, name]) => [name, { type: TYPES[k as Kind], desc: `a ${k} the cells compare with` }]),
      ),
      n: { type: "number", desc: "added to the outputs" },
    },
    decisions: {
      out: {
        ...(multi ? { type: [ranked(t) ? "string" : "number"] } : {}),
        hit: t.hit,
        table: [header, ...t.rows.map((row, k) => [...row.map((cell, c) => cellText(t.kinds[c]!, cell)), outputText(t, k)])],
      },
    },
  } as unknown as ModelInput;
}

/** A column's values: every bound, points between and beyond them, and values of other kinds. */
function valueArb(kind: Kind, pool: number[]): fc.Arbitrary<unknown> {
  const odd = fc.constantFrom(null, undefined, NaN, Infinity, -Infinity, "7", 3, true, "gold", {});
  if (kind === "boolean") return fc.oneof({ weight: 8, arbitrary: fc.boolean() }, { weight: 1, arbitrary: odd });
  if (kind === "string") return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...WORDS, "other", "") }, { weight: 1, arbitrary: odd });
  if (kind === "date") {
    // not dates: out of range, not canonical, a date and time, far-out years the fast path leaves to the parser
    const notDates = fc.constantFrom(
      "2021-02-29",
      "2021-13-01",
      "2021-1-01",
      "2021-01-01T00:00:00",
      "20210101",
      "-0001-03-01",
      "12345-06-07",
    );
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...pool).map(iso) },
      { weight: 3, arbitrary: fc.integer({ min: -500, max: 23_000 }).map(iso) },
      { weight: 1, arbitrary: notDates },
      { weight: 1, arbitrary: odd },
    );
  }
  const sorted = [...pool].sort((a, b) => a - b);
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...pool) },
    {
      weight: 2,
      arbitrary: fc
        .integer({ min: 0, max: sorted.length })
        .map((i) => ((sorted[i - 1] ?? sorted[0]! - 2) + (sorted[i] ?? sorted.at(-1)! + 2)) / 2),
    },
    { weight: 2, arbitrary: fc.double({ min: -60, max: 410, noNaN: true }) },
    { weight: 1, arbitrary: odd },
  );
}

/** What only an indexed table calls: its lookups, and the combiners of a multi-hit lookup's one word (runtime/hit-direct.ts). */
const INDEXED = /rt\.(firstRules|denseCells|firstOf|allOf|firstBit|bitPositions|atBits|bestBit|bitsSum)\(/;

/** The inputs opaque tests and computed outputs read: mostly values of their kind, sometimes null. */
const refsArb = fc.record({
  p: fc.option(fc.integer({ min: -50, max: 200 }), { freq: 8 }),
  w: fc.option(fc.constantFrom(...WORDS), { freq: 8 }),
  b: fc.option(fc.boolean(), { freq: 8 }),
  d: fc.option(fc.integer({ min: -400, max: 22_000 }).map(iso), { freq: 8 }),
  n: fc.option(fc.integer({ min: -5, max: 5 }), { freq: 8 }),
});

const opaqueCell = (c: Cell) => !c.any && c.tests.some((t) => "opaque" in t);
/** The index is built when at least 12 rules have only cells it represents, and every column has one. */
const worthIndexing = (t: Table) =>
  t.rows.filter((row) => !row.some(opaqueCell)).length >= 12 && t.kinds.every((_, c) => t.rows.some((row) => !opaqueCell(row[c]!)));

describe("indexed tables", () => {
  it("match the same rules as the chain of tests and as the cells themselves, for every hit policy", () => {
    // indexed tables seen with rules left to be tested one by one, and with computed outputs
    const seen = { residual: 0, computed: 0 };
    fc.assert(
      fc.property(
        table.chain((t) =>
          fc.tuple(
            fc.constant(t),
            fc.array(fc.tuple(fc.tuple(...t.kinds.map((k, c) => valueArb(k, t.pools[c]!))), refsArb), { minLength: 1, maxLength: 30 }),
          ),
        ),
        ([t, states]) => {
          const model = modelOf(t);
          const indexed = compileUncached(model, { optimise: true, strict: false });
          const chain = compileUncached(model, { optimise: false, strict: false });
          if (!indexed.ok || !chain.ok) throw new Error("the random table does not compile");
          if (worthIndexing(t)) {
            expect(indexed.model.source).toMatch(INDEXED);
            if (t.rows.some((row) => row.some(opaqueCell))) seen.residual++;
            if (t.computed) seen.computed++;
          }
          expect(chain.model.source).not.toMatch(INDEXED);
          for (const [values, refs] of states) {
            const state = { ...refs, ...Object.fromEntries(values.map((v, c) => [columnName(c), v])) };
            const got = indexed.model.evaluateTraced(state);
            expect(got).toEqual(chain.model.evaluateTraced(state));
            expect(indexed.model.evaluate(state)).toEqual(chain.model.evaluate(state));
            const days = values.map((v, c) => (t.kinds[c] !== "date" ? v : typeof v === "string" ? isoDay(v) : null));
            const known = (v: unknown, c: number) =>
              t.kinds[c] === "number" || t.kinds[c] === "date" ? Number.isFinite(v) : typeof v === t.kinds[c];
            if (!days.every(known) || Object.values(refs).includes(null)) continue;
            const refValues: Refs = { number: refs.p!, string: refs.w!, boolean: refs.b!, date: isoDay(refs.d!)! };
            const matched = t.rows.flatMap((row, k) =>
              row.every((cell, c) => oracle(cell, t.kinds[c]!, days[c] as never, refValues)) ? [k + 1] : [],
            );
            if (t.hit === "FIRST") expect(got.trace.out?.rule ?? null).toEqual(matched[0] ?? null);
            if (t.hit === "RULE ORDER" || t.hit === "COLLECT") expect(got.trace.out?.rule).toEqual(matched);
          }
        },
      ),
      { numRuns: Number(process.env.TABLE_INDEX_RUNS ?? 50) },
    );
    expect(seen.residual).toBeGreaterThan(0);
    expect(seen.computed).toBeGreaterThan(0);
  });

  it("plans a 10,000-rule table of one column as data linear in its size", () => {
    const plan = (rules: number) => {
      const span = { start: 0, end: 0 };
      const x: Expr = { kind: "name", name: "x", ref: { kind: "input", name: "x" }, span };
      const cell = (i: number): UnaryTests => parseUnaryTests(`<= ${i * 3 + 1}`).value!;
      const t: TableIR = {
        address: "decisions.t",
        hit: "FIRST",
        singleOutput: true,
        inputs: [{ text: "x", expr: x, type: { kind: "number" }, specialised: "number" }],
        outputs: [{ name: "t", type: { kind: "number" } }],
        rules: Array.from({ length: rules }, (_, i) => ({
          index: i + 1,
          address: `decisions.t.rule[${i + 1}]`,
          conditions: [cell(i)],
          outputs: [{ kind: "number", value: String(i), span }],
        })),
      };
      return planTableIndex(t)!;
    };
    // the plan is data linear in the rules: two numbers a cell, one bound a distinct literal
    const p = plan(10_000);
    expect(p.columns[0]!.cells.length).toBe(20_000);
    expect(p.columns[0]).toMatchObject({ kind: "number", regions: 20_001 });
    expect(p.columns[0]!.cells.slice(0, 4)).toEqual([0, 2, 0, 4]);
  });
});
