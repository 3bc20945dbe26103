// Table columns computed by FEEL code (a decision, an expression over inputs) are tested on raw JS
// values too (optimise/specialise.ts, runtime/column-double.ts): a string or boolean as it is, a
// number through its nearest double, except where that double is one of the column's literals and
// the decimal is not exactly it. Random tables over such columns, with values on the literals, a
// hair (1e-30) either side of them, thirds that no double holds, and values of other kinds, must
// match the same rules as the unoptimised compilation, for every hit policy the index serves.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import { columnDouble, numberSet } from "../../../src/runtime/column-double.js";
import { Decimal } from "../../../src/runtime/decimal.js";

type Kind = "number" | "string" | "boolean";
type Test =
  { op: "<" | "<=" | ">" | ">=" | "=" | "!="; v: number | string | boolean } | { lo: number; hi: number; li: boolean; hi_: boolean };
type Cell = { any: true } | { any: false; not: boolean; tests: Test[] };

const WORDS = ["gold", "silver", "bronze"];
/** Literals, some fractions and negative: every computed value is drawn near them. */
const POOL = [-7, -0.5, 0, 1, 2.25, 10, 33, 100, 250.5];

/** How a column's value is worked out from its input `x<c>` and the nudge `e`. */
const NUMBER_FORMS = [
  (x: string) => `${x} + e`,
  (x: string) => `${x} / 3 * 3`,
  (x: string) => `v_${x}`,
  // a model function's call in the heading, inlined there
  (x: string) => `nudged(${x}, e)`,
] as const;

const valueText = (v: number | string | boolean) => (typeof v === "string" ? JSON.stringify(v) : String(v));
const testText = (t: Test) =>
  "op" in t ? (t.op === "=" ? valueText(t.v) : `${t.op} ${valueText(t.v)}`) : `${t.li ? "[" : "("}${t.lo}..${t.hi}${t.hi_ ? "]" : ")"}`;
const cellText = (c: Cell) => (c.any ? "-" : c.not ? `not(${c.tests.map(testText).join(", ")})` : c.tests.map(testText).join(", "));

function testArb(kind: Kind): fc.Arbitrary<Test> {
  if (kind === "boolean") return fc.record({ op: fc.constantFrom("=" as const, "!=" as const), v: fc.boolean() });
  if (kind === "string") return fc.record({ op: fc.constantFrom("=" as const, "!=" as const), v: fc.constantFrom(...WORDS) });
  const v = fc.constantFrom(...POOL);
  return fc.oneof(
    fc.record({ op: fc.constantFrom("<" as const, "<=" as const, ">" as const, ">=" as const, "=" as const, "!=" as const), v }),
    fc.tuple(v, v, fc.boolean(), fc.boolean()).map(([a, b, li, hi_]) => ({ lo: Math.min(a, b), hi: Math.max(a, b), li, hi_ })),
  );
}

const cellArb = (kind: Kind): fc.Arbitrary<Cell> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant({ any: true as const }) },
    {
      weight: 5,
      arbitrary: fc.array(testArb(kind), { minLength: 1, maxLength: 3 }).map((tests) => ({ any: false as const, not: false, tests })),
    },
    {
      weight: 2,
      arbitrary: fc.array(testArb(kind), { minLength: 1, maxLength: 2 }).map((tests) => ({ any: false as const, not: true, tests })),
    },
  );

interface Table {
  kinds: Kind[];
  forms: number[];
  rows: Cell[][];
  hit: "FIRST" | "UNIQUE" | "COLLECT" | "RULE ORDER" | "C#";
}

const tableArb: fc.Arbitrary<Table> = fc
  .record({
    kinds: fc.array(fc.constantFrom<Kind>("number", "number", "string", "boolean"), { minLength: 1, maxLength: 3 }),
    forms: fc.array(fc.integer({ min: 0, max: NUMBER_FORMS.length - 1 }), { minLength: 3, maxLength: 3 }),
    rules: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 11 }) }, { weight: 5, arbitrary: fc.integer({ min: 12, max: 120 }) }),
    hit: fc.constantFrom("FIRST" as const, "FIRST" as const, "UNIQUE" as const, "COLLECT" as const, "RULE ORDER" as const, "C#" as const),
  })
  .chain(({ kinds, forms, rules, hit }) =>
    fc.array(fc.tuple(...kinds.map(cellArb)), { minLength: rules, maxLength: rules }).map((rows) => ({ kinds, forms, rows, hit })),
  );

const TYPES: Record<Kind, string> = { number: "number", string: "string", boolean: "boolean" };

/** Column c reads the input x<c>: a number through an expression or a decision, a string or boolean through a decision. */
function modelOf(t: Table): ModelInput {
  const header = t.kinds.map((k, c) => (k === "number" ? NUMBER_FORMS[t.forms[c]!]!(`x${c}`) : `v_x${c}`));
  const decisions: Record<string, unknown> = {};
  t.kinds.forEach((k, c) => {
    decisions[`v_x${c}`] = k === "number" ? `x${c} + e` : k === "boolean" ? `not(not(x${c}))` : `x${c}`;
  });
  const multi = t.hit === "COLLECT" || t.hit === "RULE ORDER";
  decisions.out = {
    ...(multi ? { type: ["number"] } : {}),
    hit: t.hit,
    table: [[...header, "=> out: number"], ...t.rows.map((row, k) => [...row.map(cellText), String(k)])],
  };
  return {
    name: "computed columns",
    inputs: {
      ...Object.fromEntries(t.kinds.map((k, c) => [`x${c}`, { type: TYPES[k], desc: `column ${c}` }])),
      e: { type: "number", desc: "a nudge" },
    },
    functions: { nudged: { params: { p: "number", q: "number" }, returns: "number", body: "p + q" } },
    decisions,
  } as unknown as ModelInput;
}

const valueArb = (kind: Kind): fc.Arbitrary<unknown> => {
  const odd = fc.constantFrom(null, "7", true, "gold", 3);
  if (kind === "boolean") return fc.oneof({ weight: 8, arbitrary: fc.boolean() }, { weight: 1, arbitrary: odd });
  if (kind === "string") return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...WORDS, "other") }, { weight: 1, arbitrary: odd });
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...POOL) },
    { weight: 2, arbitrary: fc.double({ min: -10, max: 260, noNaN: true }) },
    { weight: 1, arbitrary: odd },
  );
};
/** On a literal, a hair either side of it, a third, or not a number. */
const nudgeArb = fc.constantFrom<unknown>(0, 0, 0, "1e-30", "-1e-30", "0.3333333333333333333333333333333333", 1e-300, null);

describe("tables over computed columns", () => {
  it("match the same rules as the unoptimised chain of tests, for every value near the literals", () => {
    let raw = 0;
    fc.assert(
      fc.property(
        tableArb.chain((t) =>
          fc.tuple(fc.constant(t), fc.array(fc.tuple(fc.tuple(...t.kinds.map(valueArb)), nudgeArb), { minLength: 1, maxLength: 25 })),
        ),
        ([t, states]) => {
          const model = modelOf(t);
          const optimised = compileUncached(model, { optimise: true, strict: false });
          const chain = compileUncached(model, { optimise: false, strict: false });
          if (!optimised.ok || !chain.ok) throw new Error("the random table does not compile");
          expect(chain.model.source).not.toMatch(/rt\.columnDouble\(/);
          // the heading's call is inlined where the table is evaluated (explanations keep the call)
          const run = optimised.model.source.slice(0, optimised.model.source.indexOf("function explain("));
          if (t.kinds.some((k, c) => k === "number" && t.forms[c] === 3)) expect(run).not.toMatch(/(?<!function )\bfn0\(/);
          if (/rt\.columnDouble\(|typeof cy\d+ === "(string|boolean)"/.test(optimised.model.source)) raw++;
          for (const [values, e] of states) {
            const state = { e, ...Object.fromEntries(values.map((v, c) => [`x${c}`, v])) };
            expect(optimised.model.evaluateTraced(state)).toEqual(chain.model.evaluateTraced(state));
            expect(optimised.model.evaluate(state)).toEqual(chain.model.evaluate(state));
          }
        },
      ),
      { numRuns: Number(process.env.COMPUTED_COLUMN_RUNS ?? 60) },
    );
    expect(raw).toBeGreaterThan(30);
  });

  it("gives a literal's double only for a decimal that is exactly that literal", () => {
    const literals = numberSet([0, 2.25, 100]);
    expect(columnDouble(new Decimal("2.25"), literals)).toBe(2.25);
    expect(columnDouble(new Decimal("2.25000000000000000000000000001"), literals)).toBeUndefined();
    expect(columnDouble(new Decimal("99.99999999999999999999999"), literals)).toBeUndefined();
    expect(columnDouble(new Decimal("1e-400"), literals)).toBeUndefined();
    expect(columnDouble(new Decimal("-0"), literals) === 0).toBe(true);
    // off the literals, the nearest double decides every comparison with them
    expect(columnDouble(new Decimal("2.2500000001"), literals)).toBe(2.2500000001);
    expect(columnDouble(new Decimal(1).div(3), literals)).toBe(1 / 3);
    expect(columnDouble("2.25", literals)).toBeUndefined();
    expect(columnDouble(null, literals)).toBeUndefined();
  });
});
