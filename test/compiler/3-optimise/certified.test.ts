// Roundings the optimiser hands to certified doubles answer like the unoptimised model, which
// works every step in decimals: random loans and loans built to land near a rounding boundary,
// through every rounding built-in, in decisions and in table outputs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";

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
    expect(run.match(/rt\.certifiedPlaces\(/g)?.length).toBe(ROUNDINGS.length + 3);
    expect(exact.model.source).not.toContain("certifiedPlaces");
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
