// A COLLECT SUM table summed on certified double-doubles (codegen/certified-sum.ts): random tables
// of quotients, loops and literals over random states (ties on a rounding's edge, nulls, strings,
// huge and tiny values) answer what the unoptimised model answers on every path, charge no more
// budget steps than the decimals do, and the double-doubles decide many of them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSource } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/compiler/index.js";
import {
  compileCounting,
  expectEveryState,
  meets,
  nearState,
  quotientArithmetic,
  spent,
  type CountedModel,
} from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];

/** A rule's output: a quotient's arithmetic (34 digits), a literal, a loop's sum, a rounding of one. */
const output = fc.oneof(
  { arbitrary: quotientArithmetic(INPUTS), weight: 4 },
  { arbitrary: fc.constantFrom("0", "1", "-2.5", "0.1", "7"), weight: 2 },
  { arbitrary: quotientArithmetic([...INPUTS, "i"]).map((x) => `sum(for i in 1..3 return ${x})`), weight: 1 },
  { arbitrary: quotientArithmetic(INPUTS).map((x) => `decimal(${x}, 2)`), weight: 1 },
);
/** A cell of a number column, most of them wide so that several rules match. */
const cell = fc.constantFrom("-", "-", "-", "< 3", ">= 0", "[-5..5]", "!= 1", "> 100");
const table = fc.array(fc.tuple(cell, cell, output), { minLength: 1, maxLength: 9 }).map((rules) => ({
  table: [["a", "b", "=> number"], ...rules],
  hit: "COLLECT SUM",
}));

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("table sums", INPUTS, decisions, ["ddNearest"], {}, { strict: false });

/** Whether the optimiser marked the decision `name` of these decisions for the double-doubles' sum. */
function marked(decisions: Record<string, unknown>, name: string): boolean {
  const model = { name: "m", inputs: Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: n }])), decisions };
  const r = compileToSource(model as unknown as ModelInput, { optimise: true, strict: false });
  return r.ok && r.ir.decisions.some((d) => d.name === name && d.certifiedSum !== undefined);
}

/**
 * No more budget steps than the decimals' path (a trace), a loop's passes walked for the
 * double-doubles given back where the decimals walk them after all; every budget that path meets met.
 */
function expectSteps(m: CountedModel, s: Record<string, unknown>): void {
  const [steps, exact] = [spent(() => m.json(s)), () => m.fast.run(null, s, {}, true)];
  const most = spent(exact);
  if (typeof steps === "string" || typeof most === "string") return expect(steps, JSON.stringify(s)).toEqual(most);
  expect(steps, JSON.stringify(s)).toBeLessThanOrEqual(most);
  for (const k of [most, most - 1, steps])
    if (k > 0 && meets(exact, k))
      expect(
        meets(() => m.json(s), k),
        `${JSON.stringify(s)} within ${k}`,
      ).toBe(true);
}

describe("COLLECT SUM tables on certified double-doubles", () => {
  it("answer as the decimals do on random tables and states, on every path, within the decimals' steps", () => {
    const tally = { compiled: 0, checked: 0, decided: 0 };
    let sums = 0;
    fc.assert(
      fc.property(table, table, fc.array(nearState(INPUTS), { minLength: 8, maxLength: 8 }), (t, u, states) => {
        // `read` is read by `reader`, so it keeps its decimals; `alone` is read by none
        const decisions = { alone: t, read: u, reader: "read * 2" };
        if (marked(decisions, "alone")) sums++;
        expect(marked(decisions, "read")).toBe(false);
        const m = compile(decisions);
        expectEveryState(m, decisions, states, tally);
        for (const s of states) expectSteps(m!, s);
      }),
      { numRuns: 200 },
    );
    expect(sums).toBeGreaterThan(40);
    expect(tally.decided).toBeGreaterThan(tally.checked / 8);
  });

  it("leave to the decimals a sum of terms that meet on a rounding's edge, and charge a loop's passes once", () => {
    const decisions = {
      edge: {
        table: [
          ["a", "=> number"],
          ["-", "a / 3"],
          ["-", "a / 3"],
          ["-", "-(a / 3) * 2"],
          ["> 0", "decimal(a / 4, 2)"],
        ],
        hit: "COLLECT SUM",
      },
      loop: {
        table: [
          ["a", "=> number"],
          ["-", "sum(for i in 1..50 return a / i)"],
          ["< 0", "sum(for i in 1..20 return a / (i + 1))"],
        ],
        hit: "COLLECT SUM",
      },
    };
    expect(marked(decisions, "edge") && marked(decisions, "loop")).toBe(true);
    const m = compile(decisions)!;
    for (const a of [0.02, 0.1, 0.3, 0.06, -0.02, 1e-20, 1e300, 0, 3, 0.01, null, "x"]) {
      const s = { a, b: 1, c: 1 };
      expect(m.json(s).out, String(a)).toEqual(m.slow.evaluate(s));
      expectSteps(m, s);
    }
  });
});
