// Roundings the optimiser hands to certified doubles answer like the unoptimised model, which
// works every step in decimals: random loans and loans built to land near a rounding boundary,
// through every rounding built-in, in decisions and in table outputs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";

/** An input read where it is converted on its first read (codegen's lazy inputs). */
const INPUT_READ = String.raw`\(i\d+ !== undefined \? i\d+ : \(i\d+ = rt\.fromJsonPlain\(r\d+, T\d+\)\)\)`;
/** An input a certified function reads raw when the state holds a JS number, else as above. */
const RAW_READ = String.raw`\(typeof r\d+ === "number" \? r\d+ : ${INPUT_READ}\)`;
/** A list input a certified loop reads from its raw JSON array, null where it reads the FEEL list (codegen/raw-items.ts `rawListRead`). */
const RAW_LIST = String.raw`rt\.ddRawList\(r\d+\)`;
/** That list's FEEL value, passed where the raw array is null. */
const FEEL_LIST = String.raw`\(${RAW_LIST} !== null \? null : ${INPUT_READ}\)`;
/** A call of a certified function on names, input reads and raw lists, the exact path after its `??`. */
const CERTIFIED_CALL = new RegExp(String.raw`\(cf\d+\((?:[^()]|${RAW_READ}|${INPUT_READ}|${RAW_LIST}|${FEEL_LIST})*\) \?\? `, "g");
const ROUNDINGS = ["decimal", "floor", "ceiling", "round up", "round down", "round half up", "round half down"];
const PAYMENT = "loan * rate / (1 - (1 + rate) ** -months)";

const model = {
  name: "loan payments",
  inputs: {
    loan: { type: "number", desc: "loan" },
    rate: { type: "number", desc: "monthly rate" },
    months: { type: "number", desc: "term" },
  },
  decisions: {
    ...Object.fromEntries(ROUNDINGS.map((r, i) => [`p${i}`, `${r}(${PAYMENT}, ${i % 4})`])),
    // a quotient inside, and the rounding in a table's outputs
    ratio: "decimal(loan / months / 12, 4)",
    banded: [
      ["months", "=> number"],
      ["<= 60", `decimal(-${PAYMENT} * 2, 2)`],
      ["-", `round half up(${PAYMENT} / 3, 2)`],
    ],
  },
} as unknown as ModelInput;

describe("certified roundings", () => {
  const certified = compileUncached(model, { optimise: true });
  const exact = compileUncached(model, { optimise: false });
  if (!certified.ok || !exact.ok) throw new Error("the model does not compile");

  it("are marked by the optimiser only", () => {
    // in `run`; the explain function that follows it evaluates the same expressions again
    const run = certified.model.source.split("function explain(")[0]!;
    // each a call of its certified function (codegen/certified-code.ts), the exact path after `??`
    expect(run.match(CERTIFIED_CALL)?.length).toBe(ROUNDINGS.length + 3);
    expect(exact.model.source).not.toContain("certRound");
  });

  it("answer like the decimal path, near boundaries too", () => {
    const loan = fc.oneof(
      fc.integer({ min: 0, max: 5_000_000_00 }).map((c) => c / 100),
      // a principal that makes a payment of k + ½ cents at 0.5% a month over 12 months
      fc.integer({ min: 100, max: 100_000 }).map((k) => Number((((k + 0.5) / 100) * 11.6189).toFixed(4))),
      fc.constantFrom(0, -1000, null, "x"),
    );
    const rate = fc.oneof(
      fc.integer({ min: 0, max: 2000 }).map((bp) => bp / 100_000),
      fc.constantFrom(0.005, 0, -0.5),
    );
    const months = fc.oneof(fc.integer({ min: 0, max: 480 }), fc.constantFrom(12, 2.5, -12));
    fc.assert(
      fc.property(loan, rate, months, (l, r, m) => {
        const state = { loan: l, rate: r, months: m };
        expect(certified.model.evaluate(state)).toEqual(exact.model.evaluate(state));
        expect(certified.model.evaluate(state, { exactDecimals: true })).toEqual(exact.model.evaluate(state, { exactDecimals: true }));
      }),
      { numRuns: 1500 },
    );
  });
});

describe("certified loops and aggregates", () => {
  const appraisal = {
    name: "appraisal",
    inputs: {
      investment: { type: "number", desc: "investment" },
      flows: { type: "[number]", desc: "cash flows" },
      rate: { type: "number", desc: "discount rate" },
    },
    decisions: {
      npv: "decimal(sum(for i in 1..count(flows) return flows[i] / (1 + rate) ** i) - investment, 2)",
      growth: "round half up(investment * (1 + rate) ** count(flows), 2)",
      each: "floor(sum(for f in flows return f / (1 + rate)) / count(flows), 3)",
      back: "decimal(sum(for i in count(flows)..1 return flows[-i] * 1.5 ** i) / 3, 1)",
      // `item`, `partial` and a filter with a condition are not the program's: left to the exact path
      kept: "decimal(sum(for i in 1..count(flows) return count(partial) / 7), 2)",
      picked: "decimal(count(flows[item > 0]) / 7, 2)",
    },
  } as unknown as ModelInput;
  const certified = compileUncached(appraisal, { optimise: true });
  const exact = compileUncached(appraisal, { optimise: false });
  if (!certified.ok || !exact.ok) throw new Error("the model does not compile");

  it("are marked where a loop, a power or an inner quotient pays", () => {
    const run = certified.model.source.split("function explain(")[0]!;
    expect(run.match(CERTIFIED_CALL)?.length).toBe(4);
  });

  it("answer like the decimal path on random states, near and on boundaries, and on what is not a list of numbers", () => {
    const flow = fc.oneof(
      fc.integer({ min: -5_000_000, max: 40_000_000 }).map((c) => c / 100),
      fc.integer({ min: -30, max: 30 }).map((t) => t / 10),
    );
    const flows = fc.oneof(
      { weight: 8, arbitrary: fc.array(flow, { minLength: 1, maxLength: 25 }) },
      { weight: 1, arbitrary: fc.constantFrom([], null, [1, null, 2], 5) },
    );
    const rate = fc.oneof(
      fc.integer({ min: 0, max: 2000 }).map((bp) => bp / 10_000),
      fc.constant(0),
    );
    fc.assert(
      fc.property(flows, rate, fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(0, 0.005, 0.01, 0.0051), (f, r, k, off) => {
        // at rate 0 an investment k + off below the flows' exact sum lands on or near a cent boundary
        const total = Array.isArray(f) ? f.reduce<number>((a, b) => a + Math.round(Number(b ?? 0) * 100), 0) : 0;
        const investment = Number(((total - k * 100) / 100 - off).toFixed(4));
        const state = { investment, flows: f, rate: r };
        expect(certified.model.evaluate(state)).toEqual(exact.model.evaluate(state));
      }),
      { numRuns: 1500 },
    );
  });
});
