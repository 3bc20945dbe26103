// The checks that compare rules (which rule an earlier one shadows, which value two rules leave
// out) index the rules instead of trying every pair. On random tables — bounds, overlaps, gaps,
// `-`, `not(...)`, strings, dates, choices, names, several columns, every hit policy — the whole
// analysis gives exactly the diagnostics (codes, addresses, messages, order) it gives with the
// pairwise reference of coverage-reference.ts in their place.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { AnalysisResult } from "../../../src/compiler/2-analyse/index.js";

type Analyse = typeof import("../../../src/compiler/2-analyse/index.js").analyseModel;

async function analyser(reference: boolean): Promise<Analyse> {
  vi.resetModules();
  if (reference) {
    vi.doMock("../../../src/compiler/2-analyse/tables/shadowed.js", () => import("./coverage-reference.js"));
    vi.doMock("../../../src/compiler/2-analyse/tables/gaps.js", () => import("./coverage-reference.js"));
  } else {
    vi.doUnmock("../../../src/compiler/2-analyse/tables/shadowed.js");
    vi.doUnmock("../../../src/compiler/2-analyse/tables/gaps.js");
  }
  const { analyseModel } = await import("../../../src/compiler/2-analyse/index.js");
  return analyseModel;
}

const inputs = {
  n: { type: "number", desc: "A number" },
  m: { type: "number [0..10]", desc: "A bounded number" },
  d: { type: "date", desc: "A date" },
  s: { type: "string", desc: "A string" },
  c: { type: "red|green|blue", desc: "A colour" },
  b: { type: "boolean", desc: "A flag" },
  limit: { type: "number", desc: "A limit" },
};
type Column = "n" | "m" | "d" | "s" | "c" | "b";

/** few values, so that bounds meet, overlap and leave gaps */
const num = fc.constantFrom("0", "1", "2", "2.5", "3", "5", "-1", "10");
const day = fc.constantFrom("01", "02", "03", "05").map((x) => `date("2024-01-${x}")`);
const ordered = (v: fc.Arbitrary<string>) =>
  fc.oneof(
    v,
    fc.tuple(fc.constantFrom("<", "<=", ">", ">="), v).map(([op, x]) => `${op} ${x}`),
    fc.tuple(fc.constantFrom("[", "("), v, v, fc.constantFrom("]", ")")).map(([a, x, y, b]) => `${a}${x}..${y}${b}`),
  );
const orderedCell = (v: fc.Arbitrary<string>, name: boolean) =>
  fc.oneof(
    { weight: 3, arbitrary: ordered(v) },
    { weight: 2, arbitrary: fc.constant("-") },
    { weight: 1, arbitrary: fc.array(ordered(v), { minLength: 2, maxLength: 3 }).map((xs) => xs.join(", ")) },
    { weight: 1, arbitrary: ordered(v).map((x) => `not(${x})`) },
    { weight: 1, arbitrary: fc.constant(name ? "> limit" : "-") },
  );
const text = fc.constantFrom('"a"', '"b"', '"c"');
const CELLS: Record<Column, fc.Arbitrary<string>> = {
  n: orderedCell(num, true),
  m: orderedCell(num, false),
  d: orderedCell(day, false),
  s: fc.oneof(
    text,
    fc.constant("-"),
    text.map((x) => `not(${x})`),
    fc.tuple(text, text).map(([x, y]) => `${x}, ${y}`),
  ),
  c: fc.constantFrom("red", "green", "blue", "-", "red, green", 'not("blue")', '"green"'),
  b: fc.constantFrom("true", "false", "-"),
};

const table = fc
  .tuple(
    fc.uniqueArray(fc.constantFrom<Column>("n", "m", "d", "s", "c", "b"), { minLength: 1, maxLength: 3 }),
    fc.constantFrom("FIRST", "UNIQUE", "ANY", "RULE ORDER", "COLLECT"),
    fc.boolean(),
  )
  .chain(([columns, hit, elseRow]) =>
    fc.array(fc.tuple(...columns.map((c) => CELLS[c])), { minLength: 1, maxLength: 40 }).map((rows) => ({ columns, hit, elseRow, rows })),
  );

type Table = { columns: Column[]; hit: string; elseRow: boolean; rows: string[][] };

function analyse(run: Analyse, t: Table): AnalysisResult {
  const rows = [
    [...t.columns, "=> number"],
    ...t.rows.map((r, i) => [...r, String(i)]),
    ...(t.elseRow ? [[...t.columns.map(() => "-"), "-1"]] : []),
  ];
  const strict = t.hit === "FIRST";
  const decisions = { t: strict ? rows : { table: rows, hit: t.hit } };
  return run({ name: "t", inputs, decisions }, { strict });
}

describe("indexed rule comparisons", () => {
  it("give the pairwise reference's diagnostics on random tables (generated)", async () => {
    const [indexed, reference] = [await analyser(false), await analyser(true)];
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(table, (t) => {
        const [a, b] = [analyse(indexed, t), analyse(reference, t)];
        expect(a.diagnostics).toEqual(b.diagnostics);
        for (const d of a.diagnostics) seen.set(d.code, (seen.get(d.code) ?? 0) + 1);
      }),
      { numRuns: 400 },
    );
    // the random tables exercise both checks (400 runs give about 230 unreachable rules, 168-266 over
    // eight seeds, and 52-97 inconsistent bounds: the bounds are far enough below to hold on any seed)
    expect(seen.get("tables.unreachable-rule")).toBeGreaterThan(100);
    expect(seen.get("tables.inconsistent-bound")).toBeGreaterThan(20);
  });

  it("give the reference's diagnostics on tables of open bounds, where values fall between rules (generated)", async () => {
    const [indexed, reference] = [await analyser(false), await analyser(true)];
    const open = fc.oneof(
      fc.tuple(fc.constantFrom("<", ">", "<=", ">="), num).map(([op, x]) => `${op} ${x}`),
      fc.tuple(fc.constantFrom("(", "["), num, num, fc.constantFrom(")", "]")).map(([a, x, y, b]) => `${a}${x}..${y}${b}`),
      fc.tuple(num, num).map(([x, y]) => `< ${x}, > ${y}`),
    );
    const rows = fc.array(fc.tuple(open, fc.constantFrom("red", "green", "-")), { minLength: 2, maxLength: 30 });
    let gaps = 0;
    fc.assert(
      fc.property(rows, fc.boolean(), (rows, elseRow) => {
        const t: Table = { columns: ["n", "c"], hit: "FIRST", elseRow, rows };
        const a = analyse(indexed, t);
        expect(a.diagnostics).toEqual(analyse(reference, t).diagnostics);
        gaps += a.diagnostics.filter((d) => d.code === "tables.gap").length;
      }),
      { numRuns: 400 },
    );
    expect(gaps).toBeGreaterThan(20);
  });

  it("give the reference's diagnostics on tables of hundreds of rules (generated)", async () => {
    const [indexed, reference] = [await analyser(false), await analyser(true)];
    const large = fc
      .tuple(fc.uniqueArray(fc.constantFrom<Column>("n", "d", "c", "s"), { minLength: 1, maxLength: 2 }), fc.boolean())
      .chain(([columns, elseRow]) =>
        fc
          .array(fc.tuple(...columns.map((c) => CELLS[c])), { minLength: 100, maxLength: 300 })
          .map((rows): Table => ({ columns, hit: "FIRST", elseRow, rows })),
      );
    fc.assert(
      fc.property(large, (t) => {
        expect(analyse(indexed, t).diagnostics).toEqual(analyse(reference, t).diagnostics);
      }),
      { numRuns: 40 },
    );
  });
});
