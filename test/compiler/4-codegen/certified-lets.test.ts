// Certified doubles through a decision's lets (optimise/certify.ts `letsForm`): the value worked out
// with the lets in place of their names, as a context's entries are, the lets themselves worked out
// only where the doubles decline. Random decisions of one to three lets, each over the inputs and
// the lets before it (read by the next one, by the value, or left unread), in chains of two
// decisions and a comparison of them, on values on and near each other, large and tiny, negative,
// nulls and strings, must answer what the unoptimised model answers, through `evaluate`, with a
// trace (which lists every let) and as FEEL values; and only lets whose every evaluation the
// doubles meet as well are taken.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSource } from "../../../src/compiler/index.js";
import { compileCounting, expectAnswers, expectEveryState, ifEdges, nearState, quotientTerms } from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];

const value = (names: string[]): fc.Arbitrary<string> => quotientTerms(names, { powers: true, ifs: true });

type Boxed = { let: Record<string, string>; expr: string };

/**
 * A decision of one to three lets (`part 1`, ...), each over `names` and the lets before it, then
 * a value over all of them: a quotient beside it (so that it pays), a rounding or a comparison.
 */
const decision = (names: string[]): fc.Arbitrary<Boxed> =>
  fc.integer({ min: 1, max: 3 }).chain((n) => {
    const keys = ["part 1", "part 2", "part 3"].slice(0, n);
    const lets = keys.map((_, i) => value([...names, ...keys.slice(0, i)]));
    const all = [...names, ...keys];
    return fc.tuple(fc.tuple(...lets), value(all), value(all), fc.constantFrom(0, 1, 2)).map(([ls, x, y, form]) => ({
      let: Object.fromEntries(keys.map((k, i) => [k, ls[i]!])),
      expr: [`(${x}) / 7 + (${y})`, `decimal((${x}) / 3, 2)`, `if (${x}) / 3 < (${y}) / 7 then 1 else 0`][form]!,
    }));
  });

const STEPS = ["ddAnswer", "ddNearest", "certRound", "certCompare"];
const compile = (decisions: Record<string, unknown>) => compileCounting("certified lets", INPUTS, decisions, STEPS);

describe("certified doubles through a decision's lets", () => {
  it("answer as the decimals do on random lets and chains, on every path", () => {
    const tally = { compiled: 0, checked: 0, decided: 0 };
    fc.assert(
      fc.property(
        decision(INPUTS),
        decision([...INPUTS, "first"]),
        fc.array(nearState(INPUTS), { minLength: 8, maxLength: 8 }),
        (first, second, states) => {
          const decisions = { first, second, compared: "if first >= second then 1 else 0" };
          expectEveryState(compile(decisions), decisions, states, tally);
        },
      ),
      { numRuns: 200 },
    );
    // the doubles decide, not only decline
    expect(tally.compiled).toBeGreaterThan(100);
    expect(tally.decided).toBeGreaterThan(tally.checked / 4);
  });

  it("take lets only when every let they work out the doubles evaluate too", () => {
    const inForm = (x: Boxed) => {
      const inputs = Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: n }]));
      const r = compileToSource({ name: "lets", inputs, decisions: { x } } as never, { optimise: true });
      if (!r.ok) throw new Error(`${JSON.stringify(x)} does not compile`);
      return r.ir.decisions[0]!.certifiedOutput?.lets === true;
    };
    // lets read on every evaluation of the value, or plain names and literals
    expect(inForm({ let: { p: "a / 3" }, expr: "p * b + 1" })).toBe(true);
    expect(inForm({ let: { p: "a", q: "2", r: "a / 3 * b" }, expr: "r + q" })).toBe(true);
    expect(inForm({ let: { p: "a / 3", q: "p + 1" }, expr: "q * b" })).toBe(true);
    expect(inForm({ let: { p: "a / 3 + 1" }, expr: "if b > 0 then p else p * 2" })).toBe(true);
    // a let worked out but not read (a division by a zero b, a string), or read in one branch only:
    // the double-doubles work it out before the value (certified-lets-first.test.ts)
    expect(inForm({ let: { p: "a / b" }, expr: "c / 3 + 1" })).toBe(true);
    expect(inForm({ let: { p: "a / b" }, expr: "if c > 0 then p + 1 else c / 3" })).toBe(true);
    // a let holding a loop, or read inside a loop, is worked out once before the value and read by
    // name (its passes charged once, as the decimals charge them: certified-lets-loops.test.ts)
    expect(inForm({ let: { p: "sum(for i in 1..3 return a / i)" }, expr: "if c > 0 then p + 1 else c / 3" })).toBe(true);
    expect(inForm({ let: { p: "sum(for i in 1..3 return a / i)" }, expr: "p + 1" })).toBe(true);
    expect(inForm({ let: { p: "sum(for i in 1..3 return a / i)" }, expr: "p / 7 + p" })).toBe(true);
    expect(inForm({ let: { p: "a / 3" }, expr: "sum(for i in 1..3 return p / i) + b / 7" })).toBe(true);
    // ... but a list let holding a loop read twice is refused (its loop would be walked twice)
    expect(inForm({ let: { l: "for i in 1..3 return a / i" }, expr: "sum(l) / 7 + max(l)" })).toBe(false);
    const m = compile({
      x: { let: { p: "a / 3 + 1", q: "p * p" }, expr: "q / 7 - p" },
      y: { let: { p: "x / b" }, expr: "decimal(p * 3, 4)" },
    })!;
    expect(m.steps).toBe(2);
    // the answers as the decimals give them, on the edges of a quotient
    expect(expectAnswers(m, [...ifEdges(), { a: null, b: 1, c: 1 }, { a: "x", b: 1, c: 1 }])).toBeGreaterThan(0);
  });

  it("decide without the lets, and list every let in a trace", () => {
    const m = compile({ x: { let: { p: "a / 3 + 1", q: "p * b" }, expr: "q / 7 - p" } })!;
    expect(m.json({ a: 1, b: 2, c: 0 }).decided).toBeGreaterThan(0);
    const trace: Parameters<typeof m.fast.run>[2] = {};
    m.fast.run(null, { a: 1, b: 2, c: 0 }, trace, true);
    expect(Object.keys(trace.x!.lets)).toEqual(["p", "q"]);
    // the lets' own decimals: (1 / 3 + 1) * 2 to 34 digits
    expect(String(trace.x!.lets.q)).toBe("2.666666666666666666666666666666666");
  });

  it("work out each let once, however often it is read, and decide a let compared with itself", () => {
    // a chain of lets, each reading the one before three times: put in place of their names, the
    // value holds 3^5 copies of the first let; the code must not
    const lets: Record<string, string> = { "p 1": "a / 3 + b" };
    for (let k = 2; k <= 6; k++) lets[`p ${k}`] = `p ${k - 1} * p ${k - 1} - p ${k - 1} / 7`;
    const counted = ["ddAdd", "ddSub", "ddMul", "ddDiv", "ddTest", "ddNearest"];
    const chain = compileCounting("certified lets", INPUTS, { x: { let: lets, expr: "p 6 / 9 + c" } }, counted)!;
    // per let a product, a quotient and a difference; the first's two; the value's two and its answer
    expect(chain.steps).toBeGreaterThan(0);
    expect(chain.steps).toBeLessThanOrEqual(3 * 5 + 2 + 3);
    expect(
      expectAnswers(chain, [
        { a: 1, b: 0.5, c: 2 },
        { a: -0.25, b: 0.1, c: 0 },
        { a: 0, b: 0, c: 1e-5 },
      ]),
    ).toBeGreaterThan(0);
    // FEEL's let is one decimal: compared with itself it is equal, which the doubles decide
    // whatever its bound (`p >= p` of a quotient), not leave to the decimals on every state
    const self = compileCounting(
      "certified lets",
      INPUTS,
      { x: { let: { p: "a + 403" }, expr: "(if p >= p then b else 15) * (a / 7)" } },
      STEPS,
    )!;
    const states = [
      { a: 0.37, b: 1, c: 0 },
      { a: -2.5, b: 0.1, c: 0 },
      { a: 1e-5, b: 3, c: 0 },
    ];
    expect(expectAnswers(self, states)).toBe(states.length);
  });
});
