// An input is converted from the JSON state on its first read (codegen/module.ts): a number's
// decimal, a date's value, a list's raw array and its check, each once a call and only when some
// code reads it, and at once when problems are heard (so that they come first, as they did when
// every input was converted at the top). Random states (numbers at the edges, numeric strings,
// values of other kinds, dates valid or not, missing inputs) on random decisions that read inputs
// in one branch of an `if` only, in tables over number and date columns, through the list's raw
// items or not at all, must give: unheard, the values the same module gives when problems are heard
// (everything converted at once); heard, the values and problems the unoptimised module (-O0) gives;
// the same values from the FEEL values path (inputs given converted); and the same steps charged.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached } from "../../../src/compiler/index.js";
import { BudgetExceeded, withBudget } from "../../../src/runtime/budget.js";
import { fromJson } from "../../../src/runtime/json.js";
import { collectProblems } from "../../../src/runtime/problems.js";
import { formatValue } from "../../support/reference/show.js";
import { fromEngine } from "../../differential/from-engine.js";

const inputs = {
  n: { type: "number", desc: "n" },
  m: { type: "number", desc: "m" },
  t: { type: "boolean", desc: "t" },
  day: { type: "date", desc: "a day" },
  rows: { type: [{ a: "number", b: "boolean" }], desc: "rows" },
};

/** Decisions that read inputs on some paths only (a branch, a table's rule, a raw loop). */
const expression = fc.constantFrom(
  "if t then n + 1 else 0",
  "if t then 0 else m * 2",
  "if n > 10 then m else n",
  'if t then day + duration("P1D") else null',
  'if day > date("2024-01-01") then n else m',
  "if t = false then count(rows[a > n]) else sum(rows.a)",
  "if t then m else count(rows)",
  "n",
  "day",
  "t",
  "m + n",
  "some r in rows satisfies r.a > m",
  "if n = null then 1 else if m = null then 2 else n / m",
  "if t then (if n > 0 then rows[1].a else m) else null",
  "for r in rows return if r.b then r.a + n else m",
  "0",
);

/** A FIRST table over a number and a date column, its outputs reading m (or not). */
const table = {
  table: [
    ["n", "day", "=> out"],
    ["< 0", "-", "m"],
    ["[0..10]", '>= date("2024-02-29")', "n + m"],
    [">= 1e300", "-", "1"],
    ["-", '< date("1970-01-02")', "day"],
    ["-", "-", "-1"],
  ],
};

const number = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(0, -0, 1, 5, 10, 10.5, -3, 0.1, 1e300, 9007199254740994, 2 ** 53 + 2, 5e-324) },
  { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(null, "7", "1e999", "x", true, [], {}, Infinity) },
);
const day = fc.constantFrom("2024-02-29", "2023-02-29", "1970-01-01", "2024-03-01T00:00:00", "-0001-12-31", "12024-02-29", "", 3, null);
const row = fc.oneof(
  { weight: 6, arbitrary: fc.record({ a: number, b: fc.oneof(fc.boolean(), fc.constant(null)) }) },
  { weight: 1, arbitrary: fc.constantFrom(null, 1, [], Object.create(null) as object) },
);
const state = fc.record(
  {
    n: number,
    m: number,
    t: fc.oneof({ weight: 5, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constantFrom(null, "true", 1) }),
    day,
    rows: fc.oneof({ weight: 5, arbitrary: fc.array(row, { maxLength: 4 }) }, { weight: 1, arbitrary: fc.constantFrom(null, 3) }),
  },
  { requiredKeys: [] },
);

const compile = (decisions: Record<string, unknown>, optimise: boolean) => {
  const r = compileUncached({ content: { name: "lazy inputs", inputs, decisions } }, { optimise, strict: false });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error")));
  return r.model;
};
type Model = ReturnType<typeof compile>;

const shown = (out: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(out).map(([k, v]) => [k, formatValue(fromEngine((v ?? null) as never))]));

/** Each decision as text, or where the step limit stopped it. */
const values = (evaluate: () => Record<string, unknown>, steps: number) => {
  try {
    return shown(withBudget({ steps }, evaluate));
  } catch (e) {
    if (e instanceof BudgetExceeded) return `stopped: ${e.kind}`;
    throw e;
  }
};

const TYPES: Record<string, Parameters<typeof fromJson>[1]> = {
  n: { kind: "number" },
  m: { kind: "number" },
  t: { kind: "boolean" },
  day: { kind: "date" },
};

describe("inputs converted on their first read", () => {
  it("give the values, problems and steps of inputs converted at once", () => {
    fc.assert(
      fc.property(
        fc.array(expression, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.array(fc.tuple(state, fc.integer({ min: 0, max: 30 })), { minLength: 1, maxLength: 6 }),
        (texts, withTable, states) => {
          const decisions: Record<string, unknown> = Object.fromEntries(texts.map((t, i) => [`r${i}`, { type: "any", expr: t }]));
          if (withTable) decisions.tab = table;
          const [fast, plain] = [compile(decisions, true), compile(decisions, false)];
          for (const [s, steps] of states) {
            const what = `${texts.join(" | ")}${withTable ? " + table" : ""} on ${fc.stringify(s)}`;
            for (const limit of [steps, 1e6]) {
              const run = (model: Model) => () => model.evaluateToValues(s);
              const heard = collectProblems(() => values(run(fast), limit));
              expect(heard, what).toEqual(collectProblems(() => values(run(plain), limit)));
              // unheard: each input converted on its first read, if at all
              expect(values(run(fast), limit), what).toEqual(heard.result);
            }
            // the FEEL values path: every input given converted, as the state converts them (a list of rows aside)
            if (!texts.some((t) => t.includes("rows"))) {
              const given = Object.fromEntries(Object.entries(TYPES).map(([k, type]) => [k, fromJson(s[k as keyof typeof s], type)]));
              expect(shown(fast.evaluateValues(given)), what).toEqual(values(() => fast.evaluateToValues(s), 1e6));
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("converts an input read only in a branch not taken, or only by a table's raw tests, never", () => {
    // 1e300 is no double's exact value: its test reads the decimal (left out here)
    const rawOnly = { table: table.table.filter((row) => row[0] !== ">= 1e300") };
    const model = compile({ a: { type: "any", expr: "if t then n + 1 else 0" }, tab: rawOnly }, true);
    const source = model.loadable.source;
    // the number input of the table's column is read raw; its decimal is made only where a FEEL read needs it
    expect(source).toMatch(
      /let i0 = S === null \? \(I\["n"\] \?\? null\) : \(g0 && !ph\d+ \? undefined : rt\.fromJsonPlain\(r0, T\d+\)\);/,
    );
    // converted where it is read, with no closure made at every evaluation
    expect(source).toMatch(/rt\.add\(\(i0 !== undefined \? i0 : \(i0 = rt\.fromJsonPlain\(r0, T\d+\)\)\), /);
    expect(source).not.toMatch(/=> \(i0 !== undefined/);
    expect(model.evaluate({ n: 5, m: 2, t: false, day: "2024-03-01", rows: [] })).toEqual({ a: 0, tab: 7 });
    // with the row that reads the decimal, it is made at once
    expect(compile({ tab: table }, true).loadable.source).toMatch(
      /let i0 = S === null \? \(I\["n"\] \?\? null\) : rt\.fromJsonPlain\(r0, T\d+\);/,
    );
  });
});
