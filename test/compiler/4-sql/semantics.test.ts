// FEEL's meaning, construct by construct, against evaluate() in both dialects: nulls in tests,
// comparisons and logic (`not(true)` matching a null, `x = null`, `null != true`), strings by code
// point, every rounding mode at ties and on negative numbers, quotients with zero divisors, dates
// at month ends. The naive translation fails the nulls model as it fails the ties.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, compileToSql } from "../../../src/compiler/index.js";
import { upperCaseMapping } from "../../../src/compiler/4-sql/strings.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare, statesFor, type Comparison } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL semantics");

const model = (inputs: Record<string, unknown>, decisions: Record<string, unknown>): ModelInput => ({
  content: { name: "semantics", inputs, decisions },
});

const NULLS = model(
  {
    flag: { type: "boolean", desc: "flag?", blank: true },
    amount: { type: "number", desc: "amount?", blank: true },
    tier: { type: "gold|silver|bronze", desc: "tier?", blank: true },
    level: { type: "low<mid<high", desc: "level?", blank: true },
    name: { type: "string", desc: "name?", blank: true },
  },
  {
    "not true cell": [
      ["flag", "=> number"],
      ["not(true)", "1"],
      ["true", "2"],
      ["-", "3"],
    ],
    "tier cells": [
      ["tier", "amount", "=> number"],
      ["not(gold, silver)", "< 10", "1"],
      ["gold", "[10..100)", "2"],
      ["-", "not(> 5)", "3"],
      ["-", "-", "4"],
    ],
    // a FIRST table long enough to be split by its string columns (tables.ts), with `-` between them
    "split cells": [
      ["tier", "name", "amount", "=> number"],
      ['"gold"', "-", "< 0", "1"],
      ["-", '"a"', "> 0", "2"],
      ['"silver", "bronze"', '"b", "é"', "-", "3"],
      ['"gold"', '"a"', "-", "4"],
      ["-", "-", "> 100", "5"],
      ['"bronze"', "-", "[1..9]", "6"],
      ['= "silver"', '""', "-", "7"],
      ['"gold"', "-", "[0..10]", "8"],
      ["-", '"z"', "-", "9"],
      ["-", '"b"', "< 50", "10"],
      ["-", '= "a"', "-", "11"],
      ["-", '"é", "b"', "-", "12"],
      ['"gold"', '"q"', "-", "13"],
      ["-", "-", "-", "0"],
    ],
    // long enough to be split by its intervals, overlapping, with `-` and the tier between them
    "range cells": [
      ["amount", "tier", "=> number"],
      ["< 0", "-", "1"],
      ["[0..0.5)", '"gold"', "2"],
      ["[0.5..10]", "-", "3"],
      ["(10..20]", '"silver"', "4"],
      ["-", '"bronze"', "5"],
      ["(10..20]", "-", "6"],
      [">= 50", '"gold"', "7"],
      ["> 100", "-", "8"],
      ["(2.25..60)", "-", "9"],
      ["<= 20", "-", "10"],
      ["[20..50]", "-", "11"],
      ["-", "-", "0"],
    ],
    "is null": "amount = null",
    "not true": "flag != true",
    and3: "flag and amount > 10",
    or3: "flag or amount > 10",
    not3: "not(flag)",
    "if null": "if flag then 1 else 2",
    "in range": "amount between -1 and 100.5",
    "in list": "amount in [1, 2.5, 10]",
    "level order": 'level > "low"',
    "level band": 'level between "low" and "mid"',
    "name order": 'name < "b"',
    "name astral": 'name > "\uffff"',
    "name equal": 'name = "é"',
    "name length": "string length(name)",
    "name starts": 'starts with(name, "a")',
    "name ends": 'ends with(name, "b")',
    "name contains": 'contains(name, "\'")',
    joined: 'name + "!"',
    least: "min(amount, 5)",
    greatest: "max(amount, -5, 0.25)",
  },
);

const ROUNDINGS = model(
  { a: { type: "number", desc: "a?" }, b: { type: "number", desc: "b?", blank: true } },
  {
    "decimal 2": "decimal(a, 2)",
    "decimal 0": "decimal(a, 0)",
    "floor 1": "floor(a, 1)",
    "ceiling 1": "ceiling(a, 1)",
    floor: "floor(a)",
    ceiling: "ceiling(a)",
    "round up": "round up(a, 2)",
    "round down": "round down(a, 2)",
    "half up": "round half up(a, 1)",
    "half down": "round half down(a, 1)",
    quotient: "decimal(a / b, 2)",
    "quotient half up": "round half up(a / b, 0)",
    "quotient floor": "floor(a / b)",
    "quotient ceiling": "ceiling(b / 3, 1)",
    "by eight": "a / 8",
    "by literal": "decimal(a / 60, 2)",
    product: "a * b - 3.25",
    square: "a ** 2",
    negated: "-a + abs(b)",
  },
);

const DATES = model(
  { d: { type: "date", desc: "d?" }, e: { type: "date", desc: "e?", blank: true } },
  {
    year: "d.year",
    month: "d.month",
    day: "d.day",
    days: "(d - e).days",
    before: "d < e",
    "leap day": 'd = date("2024-02-29")',
    later: "max(d, e)",
    "after literal": '(d - @"2000-01-31").days',
  },
);

/** The built-ins lowered for generated models: string case and code points, modulo, dates moved by constant durations, named arguments. */
const BUILT_INS = model(
  {
    s: { type: "string", desc: "s?", blank: true },
    p: { type: "number", desc: "p?", blank: true },
    q: { type: "number", desc: "q?", blank: true },
    d: { type: "date", desc: "d?", blank: true },
  },
  {
    upper: "upper case(s)",
    "upper length": "string length(upper case(s))",
    "from p": "substring(s, p)",
    "p for q": "substring(s, p, q)",
    "named from": "substring(start position: p, string: s)",
    "named length": "substring(length: q, string: s, start position: p)",
    "upper part": 'substring(upper case(s + "ß"), -2)',
    modulo: "modulo(p, q)",
    "named modulo": "modulo(divisor: q, dividend: p)",
    "modulo literal": "modulo(p, -0.3)",
    "modulo rounded": "modulo(decimal(p, 1), 7)",
    "day later": 'd + duration("P1D")',
    "hours earlier": 'd - @"PT30H"',
    "hours later": '@"P2DT23H59M59.5S" + d',
    "month earlier": 'd - @"P1M"',
    "months later": 'd + @"P1Y1M"',
    "months back": 'd + @"-P14M"',
    "moved day": '(d + @"P1M").day',
    "moved twice": '(d + @"P1M" - duration("P1D") - d).days',
    "moved cell": [
      ["d", "=> number"],
      ['< date("2000-01-01") + duration("P1D")', "1"],
      ['[@"2024-02-29" - @"P1Y"..@"2024-02-29" + @"P2M"]', "2"],
      ["-", "3"],
    ],
    "named decimal": "decimal(scale: 1, n: p)",
    "wrong kinds": 'upper case(p) = null and substring(s, "1") = null and modulo(s, q) = null and string length(p) = null',
    "wrong kind": "substring(s, true)",
    lambda: "(function(u, v) u - v * 2)(v: q, u: p)",
    "lambda left out": "(function(u, v) if v = null then u else 0)(u: p)",
    "lambda positional": "(function(a, b) substring(a, b))(s, p)",
    "closed date": 'date(@"2024-02-29T23:59:59.5") + @"P1D"',
    "closed part": '(@"2024-03-31T10:00:00" - @"P1M").day + p',
  },
);

/** Text the case mappings and code point counts are tested on: astral letters, combining marks, letters whose upper case is longer. */
const CODE_POINTS = ["a", "é", "e\u0301", "ß", "ﬁ", "ŉ", "ΐ", "Σ", "ς", "ǅ", "İ", "ı", "ſ", "😀", "𐐨", "𞤢", "ᾳ", "Ω", "Z", " ", "'", "ǰ"];

/** Random states of BUILT_INS: strings of those code points, positions and lengths whole or not, month ends and leap days. */
const builtInStates = (count: number, seed: number): Row[] =>
  fc.sample(
    fc.record({
      s: fc.oneof(
        { arbitrary: fc.array(fc.constantFrom(...CODE_POINTS), { maxLength: 6 }).map((cs) => cs.join("")), weight: 8 },
        { arbitrary: fc.constant(null), weight: 1 },
      ),
      p: fc.oneof(
        fc.integer({ min: -8, max: 8 }),
        fc.constantFrom(0.5, -0.5, 1.5, -1.5, 2.9, -2.9, 0.3, -0.3, 0.05, 1234567.891, -999999.25, 7, -7, 21),
        fc.constant(null),
      ),
      q: fc.oneof(fc.integer({ min: -3, max: 8 }), fc.constantFrom(0, 0.5, 1.5, 2.9, -0.3, 0.3, 0.7, -7, 7, 2.5, -2.5), fc.constant(null)),
      d: fc.oneof(
        fc.constantFrom("2024-02-29", "2024-01-31", "2023-01-31", "2000-02-29", "1999-12-31", "2100-02-28", "2024-03-31", "2023-12-31"),
        fc.date({ min: new Date("1990-01-01"), max: new Date("2040-12-31"), noInvalidDate: true }).map((t) => t.toISOString().slice(0, 10)),
        fc.constant(null),
      ),
    }),
    { numRuns: count, seed },
  );

/** Rows built to land on ties: halves at every place the model rounds to, negative ones too. */
const TIES: Row[] = [0.005, 0.015, 0.025, -0.005, -0.015, 2.5, 3.5, -2.5, 0.05, 0.25, -0.25, 12.345, 1.125].flatMap((a) =>
  [null, 0, 1, 2, -2, 0.4, 8, 3, 7.5].map((b) => ({ a, b })),
);

/** Rows for the split table: each tier and name it tests, others, nulls. */
const SPLIT_ROWS: Row[] = ["gold", "silver", "bronze", null].flatMap((tier) =>
  ["a", "b", "é", "z", "q", "", "x", null].flatMap((name) =>
    [-1, 0, 0.25, 0.5, 2.25, 5, 10, 10.5, 20, 20.5, 50, 60, 100, 200, null].map((amount) => ({ tier, name, amount })),
  ),
);

const schemaOf = (m: ModelInput): Record<string, unknown> => {
  const c = compileModel(m);
  if (!c.ok) throw new Error(JSON.stringify(c.check.stages));
  return c.model.check.input;
};

async function everyEngine(m: ModelInput, states: Row[], naive = false): Promise<Comparison[]> {
  const out: Comparison[] = [];
  for (const e of engines) out.push(await compare(m, states, e, naive));
  return out;
}

describe.each([
  ["nulls, tests, logic, strings", NULLS, SPLIT_ROWS],
  ["roundings and quotients", ROUNDINGS, TIES],
  ["built-ins lowered for generated models", BUILT_INS, builtInStates(1500, 67)],
  [
    "dates",
    DATES,
    [
      { d: "2024-02-29", e: "2023-02-28" },
      { d: "2021-01-31", e: null },
      { d: "2000-01-31", e: "2000-01-31" },
    ],
  ],
])("%s", (_name, m, extra) => {
  it("agrees with evaluate() on every row", { timeout: 120_000 }, async () => {
    const states = [...extra, ...statesFor(schemaOf(m), 1200, 3)];
    for (const c of await everyEngine(m, states)) {
      expect(c.disagreements.slice(0, 3)).toEqual([]);
      expect(c.scored).toBeGreaterThan(states.length / 2);
    }
  });
});

describe("the control run: the naive translation", () => {
  it("fails on nulls (`NOT (x = true)`, SQL's `=`) as on ties", { timeout: 120_000 }, async () => {
    const nulls = await everyEngine(NULLS, statesFor(schemaOf(NULLS), 600, 3), true);
    const ties = await everyEngine(ROUNDINGS, TIES, true);
    for (const c of [...nulls, ...ties]) expect(c.disagreements.length).toBeGreaterThan(0);
    // the null trap itself: a null flag matches `not(true)` in FEEL, nothing in naive SQL
    expect(nulls.flatMap((c) => c.disagreements).some((d) => d.column === "not true cell" && d.state.flag == null)).toBe(true);
  });
});

describe("built-ins lowered for generated models", () => {
  it("compiles in both dialects, a date moved by a constant duration as the dialect's date arithmetic", () => {
    for (const dialect of ["duckdb", "postgres"] as const) {
      const r = compileToSql(BUILT_INS, { dialect });
      expect(r.ok ? [] : r.diagnostics.map((d) => d.message)).toEqual([]);
    }
  });

  it("upper case: no code point a mapping writes is mapped again, so translate and the replaces compose", () => {
    const m = upperCaseMapping();
    const mapped = new Set([...m.from, ...m.longer.map(([from]) => from)]);
    const written = [...m.to, ...m.longer.flatMap(([, to]) => [...to])];
    expect(written.filter((c) => mapped.has(c))).toEqual([]);
    expect([...m.from].length).toBe([...m.to].length);
    // the mapping is JavaScript's own, code point by code point
    expect([...m.from].every((c, i) => c.toUpperCase() === [...m.to][i])).toBe(true);
    expect(m.longer.length).toBeGreaterThan(50);
  });

  it("a lower case compiles in both dialects (strings.test.ts runs it), neither using the dialect's own lower", () => {
    const m = model({ s: { type: "string", desc: "s?" } }, { lower: "lower case(s)" });
    for (const dialect of ["duckdb", "postgres"] as const) {
      const r = compileToSql(m, { dialect });
      expect(r.ok ? [] : r.diagnostics).toEqual([]);
      expect(r.ok && /\blower\(/.test(r.query.sql)).toBe(false);
    }
  });
});
