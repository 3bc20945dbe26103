// Table columns whose heading is worked out by FEEL code, tested as the heading's nearest double
// against the column's literals, with that double taken from certified double-doubles
// (optimise/certify-column.ts, runtime/certified-dd.ts `ddColumn`) where their bound decides it:
// random headings of roots, `abs`, `modulo`, roundings, `floor`, `ceiling`, `min`, `max`,
// quotients, an inlined call and a marked decision, against cells on and about the values they
// land on (perfect squares, near-squares, ties of the roundings, zero divisors, negatives, huge
// and tiny, nulls and strings), must answer what the unoptimised model answers on every path.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import * as runtime from "../../../src/runtime/generated-api.js";
import type { GeneratedModule } from "../../../src/runtime/entry.js";
import { expectEveryState, type CountedModel } from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];

/** Arithmetic and number built-ins over the inputs, a function's call and a marked decision. */
const value: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { arbitrary: fc.constantFrom("a", "b", "c", "a", "b", "first", "2", "0.5", "-3", "0", "7"), weight: 8 },
    { arbitrary: fc.tuple(tie("e"), fc.constantFrom("+", "-", "*", "/"), tie("e")).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 4 },
    { arbitrary: tie("e").map((x) => `sqrt(${x})`), weight: 2 },
    { arbitrary: tie("e").map((x) => `abs(${x})`), weight: 1 },
    { arbitrary: fc.tuple(tie("e"), tie("e")).map(([x, y]) => `modulo(${x}, ${y})`), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom("decimal", "round half up", "round half down", "round up", "round down"),
          tie("e"),
          fc.integer({ min: 0, max: 2 }),
        )
        .map(([f, x, p]) => `${f}(${x}, ${p})`),
      weight: 1,
    },
    { arbitrary: fc.tuple(fc.constantFrom("floor", "ceiling"), tie("e")).map(([f, x]) => `${f}(${x})`), weight: 1 },
    { arbitrary: fc.tuple(fc.constantFrom("min", "max"), tie("e"), tie("e")).map(([f, x, y]) => `${f}(${x}, ${y})`), weight: 1 },
    { arbitrary: fc.tuple(tie("e"), tie("e")).map(([x, y]) => `f(${x}, ${y})`), weight: 1 },
  ),
})).e;

/** A heading that pays on the double-doubles: a root, or a quotient beside more arithmetic. */
const heading: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(value, value).map(([x, y]) => `sqrt(abs(${x})) + ${y}`),
  value.map((x) => `sqrt(${x})`),
  fc.tuple(value, value, value).map(([x, y, z]) => `(${x}) / (${y}) + ${z}`),
  fc.tuple(value, value).map(([x, y]) => `decimal(sqrt(${x}) * ${y}, 2)`),
  fc.tuple(value, value).map(([x, y]) => `modulo((${x}) / 3, ${y}) * 2`),
);

/** Literals the headings land on: whole roots, halves and the roundings' ties, their neighbours. */
const LITERALS = ["-1", "0", "0.5", "1", "1.005", "1.01", "1.5", "2", "2.25", "3", "7", "12", "12.345", "0.333"];
const literal = fc.constantFrom(...LITERALS);
const cell: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom("<", "<=", ">", ">=", ""), literal).map(([o, x]) => `${o} ${x}`.trim()),
  fc
    .tuple(literal, literal, fc.constantFrom("[", "("), fc.constantFrom("]", ")"))
    .map(([x, y, l, r]) => (Number(x) <= Number(y) ? `${l}${x}..${y}${r}` : `${l}${y}..${x}${r}`)),
);

/** A FIRST table over the heading, its rules numbered, ending in the else row. */
const table = fc
  .tuple(heading, fc.array(cell, { minLength: 2, maxLength: 6 }))
  .map(([h, cells]) => [[h, "=> number"], ...cells.map((c, k) => [c, String(k + 1)]), ["-", "0"]]);

/** Perfect squares and squares of ties, near them, negative, zero, tiny, huge; nulls and strings now and then. */
const input = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 20 }).map((k) => k * k), weight: 3 },
  {
    arbitrary: fc.tuple(fc.integer({ min: 0, max: 20 }), fc.constantFrom(0.5, 0.005, 0.015, 0.345, 0.25)).map(([k, f]) => (k + f) ** 2),
    weight: 3,
  },
  { arbitrary: fc.integer({ min: -10, max: 10 }), weight: 3 },
  { arbitrary: fc.constantFrom(1.5, 2.25, 1.005, 1.010025, 4.000001, 3.999999, 0.333, 1e-20, 1e300, 2 ** 53 + 2, 0), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(null, "x"), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
);
const state = fc.record(Object.fromEntries(INPUTS.map((n) => [n, input])));

/** `first`: a decision the double-doubles mark (a root), read by the headings that name it. */
const FIRST = "sqrt(abs(a)) / 3 + b";

/** A table of computed columns compiled both ways; its counted steps are the headings the double-doubles take. */
function compile(band: unknown): CountedModel | undefined {
  const model = {
    name: "certified columns",
    inputs: Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: n }])),
    functions: { f: { params: { x: "number", y: "number" }, returns: "number", body: "x / 7 - y" } },
    decisions: { first: FIRST, band },
  } as unknown as ModelInput;
  const fast = compileUncached(model, { optimise: true });
  const slow = compileUncached(model, { optimise: false });
  if (!fast.ok || !slow.ok) return undefined;
  let decided = 0;
  const rt = {
    ...runtime,
    ddColumn: (...a: Parameters<typeof runtime.ddColumn>) => {
      const r = runtime.ddColumn(...a);
      if (r !== undefined) decided++;
      return r;
    },
  };
  const module = new Function("rt", fast.model.source)(rt) as GeneratedModule;
  const code = fast.model.source.split("function explain(")[0]!;
  return {
    steps: code.split("rt.ddColumn(cd").length - 1,
    json(s) {
      decided = 0;
      const out = module.run(null, s, null, true);
      return { out, decided };
    },
    slow: slow.model,
    fast: module,
    source: fast.model.source,
  };
}

describe("table columns worked out by FEEL code, on certified double-doubles", () => {
  it("test the heading's double where the bound decides it, the decimals otherwise, as the unoptimised model answers", () => {
    // compiled: models whose heading is taken (a counted step); all: every model that compiles
    const tally = { all: 0, compiled: 0, checked: 0, decided: 0 };
    fc.assert(
      fc.property(table, fc.array(state, { minLength: 8, maxLength: 8 }), (band, states) => {
        const m = compile(band);
        if (m) tally.all++;
        expectEveryState(m, { band }, states, tally);
      }),
      { numRuns: 150 },
    );
    // most headings are taken, and the double-doubles decide, not only decline
    expect(tally.compiled).toBeGreaterThan(tally.all / 2);
    expect(tally.decided).toBeGreaterThan(tally.checked / 10);
  });

  it("leave to the decimals a heading on a literal, a rounding's tie, a negative root or a zero divisor", () => {
    const m = compile([
      ["decimal(sqrt(a) * b, 2) + modulo(c, b) / 3", "=> number"],
      ["< 1.01", "1"],
      ["[1.01..2)", "2"],
      ["2", "3"],
      ["(2..12.345]", "4"],
      ["-", "0"],
    ])!;
    expect(m.steps).toBe(1);
    const states: Record<string, unknown>[] = [];
    for (const k of [0, 1, 2, 3, 12]) {
      for (const f of [0, 0.005, 0.0049999, 0.0050001, 0.345, 0.5]) {
        for (const x of [k + f, -(k + f)]) {
          for (const b of [1, 0, -1, 0.5]) states.push({ a: x * x, b, c: 0 }, { a: x * x + 1e-12, b, c: 3 }, { a: -x * x - 1, b, c: 1 });
        }
      }
    }
    // squares of ties written exactly (1.005², 2.015², 12.345²): `decimal` rounds the tie to even
    for (const a of [1.010025, 4.060225, 152.399025, 4, 0.25]) for (const c of [0, 1e16, 7, null, "x"]) states.push({ a, b: 1, c });
    let decided = 0;
    for (const s of states) {
      const r = m.json(s);
      expect(r.out, JSON.stringify(s)).toEqual(m.slow.evaluate(s));
      decided += r.decided;
    }
    expect(decided).toBeGreaterThan(states.length / 10);
    expect(decided).toBeLessThan(states.length);
    // FEEL's a / b × b a hair off a: its nearest double is a's, the literal's, on whichever side the hair lies
    const hair = compile([
      ["a / b * b", "=> number"],
      ["< 1", "1"],
      ["1", "2"],
      ["(1..2)", "3"],
      ["2", "4"],
      ["> 7", "5"],
      ["-", "0"],
    ])!;
    expect(hair.steps).toBe(1);
    for (const a of [0.5, 1, 2, 3, 7, 12]) {
      for (const b of [3, 7, 9, 11, 0.3, 1])
        expect(hair.json({ a, b, c: 0 }).out, `${a}, ${b}`).toEqual(hair.slow.evaluate({ a, b, c: 0 }));
    }
  });

  it("round a root that is a tie as the decimals do, where neither outcome is a literal", () => {
    // √((k + 0.005)²) is k + 0.005 exactly: rounded to 2 places it is a tie (k + 0.004 and k + 0.006
    // are not, and are decided), and 3 × either outcome
    // (3k or 3k + 0.03) is no literal of the column, so the double-doubles' answer is taken as it is
    const cells = Array.from({ length: 13 }, (_, k) => [
      [`(${3 * k - 1}..${3 * k + 0.015})`, String(2 * k + 1)],
      [`[${3 * k + 0.015}..${3 * k + 1})`, String(2 * k + 2)],
    ]).flat();
    const states: Record<string, unknown>[] = [];
    for (let k = 0; k <= 12; k++) {
      for (const f of [4, 5, 6, 15, 25]) {
        // (k + f/1000)², written exactly: k² + 2kf/1000 + f²/10⁶
        const a = Number(`${k * k + (2 * k * f) / 1000}`) + (f * f) / 1e6;
        for (const b of [1, 3, 7, 13]) for (const c of [0, 1e16, 123456789.5, 3e9]) states.push({ a: Number(a.toPrecision(12)), b, c });
      }
    }
    // FEEL's (c + a) / b × b − c is a hair off a (its 34 digits those of c + a): a root of it rounds
    // as that hair says, which the double-doubles know only to the bound the sum carries into the root
    const roots = ["sqrt(a)", "sqrt((c + a) / b * b - c)"];
    for (const rounding of ["decimal", "round half up", "round half down", "round up", "round down"].flatMap((r) =>
      roots.map((x) => `${r}(${x}, 2)`),
    )) {
      const m = compile([[`${rounding} * 3`, "=> number"], ...cells, ["-", "0"]])!;
      expect(m.steps, rounding).toBe(1);
      let decided = 0;
      for (const s of states) {
        const r = m.json(s);
        expect(r.out, `${rounding} on ${JSON.stringify(s)}`).toEqual(m.slow.evaluate(s));
        decided += r.decided;
      }
      expect(decided, rounding).toBeGreaterThan(0);
    }
  });

  it("are taken for a heading that pays, not for a bare name or short integer work", () => {
    const columns = (h: string) =>
      compile([
        [h, "=> number"],
        ["< 2", "1"],
        ["-", "0"],
      ])?.steps;
    expect(columns("sqrt(a)")).toBe(1);
    expect(columns("f(a, b) * c")).toBe(1);
    expect(columns("first * 2")).toBe(1);
    expect(columns("a + b * 2")).toBe(0);
    expect(columns("a")).toBe(0);
  });
});
