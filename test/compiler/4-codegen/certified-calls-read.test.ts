// A marked decision holding inlined calls of model functions, read by other decisions
// (codegen/certified-readers.ts `decimalFree`, codegen/module.ts `readCertified`): its
// double-double is handed to readers that can do without its decimal, the calls' steps charged to
// the budget where the double-double is made and given back where the decimal is made after all.
// Random decisions calling functions with quotients, read by certified arithmetic, a table
// heading or a comparison, on states on and near each other, zero divisors, large and tiny, nulls
// and strings, must answer what the unoptimised model answers on every path; spend the steps the
// same model with a bare read of the decision (whose decimal is then made) spends, and no more than
// the decimals' path, meeting the budgets it meets; and leave the decimals' divisions out of most
// evaluations.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import * as runtime from "../../../src/runtime/generated-api.js";
import type { GeneratedModule } from "../../../src/runtime/entry.js";
import { expectEveryPath, meets, nearState, quotientTerms, spent, plainArithmetic } from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];
const FUNCTIONS = {
  f: { params: { x: "number", y: "number" }, returns: "number", body: "x / 7 - y" },
  g: { params: { x: "number" }, returns: "number", body: "x * x + 1" },
};

/** Arithmetic over the inputs without a quotient. */
const plain = plainArithmetic(INPUTS);

/** A decision with a quotient holding one or two inlined calls. */
const first: fc.Arbitrary<string> = fc
  .tuple(quotientTerms(INPUTS), plain, plain, fc.integer({ min: 0, max: 3 }))
  .map(
    ([x, y, z, shape]) =>
      [`f(${x}, ${y}) / 3 + c`, `f(a, ${y}) * 2 + g(${z}) / 9`, `(${x} + f(b, c)) / 3`, `g(f(${y}, ${z})) / 7 - b`][shape]!,
  );

/** Readers of `first` that can do without its decimal: certified arithmetic, a table heading over raw cells, a comparison. */
const readers: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(plain, fc.constantFrom("arithmetic", "heading", "compared"))
  .map(([x, also]) => ({
    second: `first * 2 - (${x})`,
    ...(also === "heading" && {
      band: [
        [`first * 3 - (${x})`, "=> number"],
        ["< 0", "1"],
        ["[0..2)", "2"],
        ["2", "3"],
        ["-", "0"],
      ],
    }),
    ...(also === "compared" && { compared: "if first > 0.5 then 1 else 0" }),
  }));

/** The model compiled both ways; `evaluate`'s path counting the decimals' divisions. */
function compile(decisions: Record<string, unknown>) {
  const model = {
    name: "certified calls read",
    inputs: Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: n }])),
    functions: FUNCTIONS,
    decisions,
  } as unknown as ModelInput;
  const fast = compileUncached(model, { optimise: true });
  const slow = compileUncached(model, { optimise: false });
  if (!fast.ok || !slow.ok) return undefined;
  let divisions = 0;
  const rt = {
    ...runtime,
    div: (...a: Parameters<typeof runtime.div>) => {
      divisions++;
      return runtime.div(...a);
    },
  };
  const module = new Function("rt", fast.model.source)(rt) as GeneratedModule;
  const json = (s: Record<string, unknown>) => module.run(null, s, null, true);
  const counted = (s: Record<string, unknown>) => ((divisions = 0), json(s), divisions);
  return { fast: module, slow: slow.model, json, counted };
}

describe("marked decisions holding inlined calls, read by others on their double-double", () => {
  it("answer as the decimals do, charge the calls' steps once, and leave the decimal out where the readers decide", () => {
    let [states, withoutDivision] = [0, 0];
    fc.assert(
      fc.property(first, readers, fc.array(nearState(INPUTS), { minLength: 8, maxLength: 8 }), (f, r, drawn) => {
        const decisions = { first: f, ...r };
        // beside it, the same with a reader that needs the decimal: made after the double-double
        const bare = { ...decisions, bare: "first" };
        const [m, b] = [compile(decisions), compile(bare)];
        if (!m || !b) return;
        for (const s of drawn) {
          const where = `${JSON.stringify(decisions)} on ${JSON.stringify(s)}`;
          expectEveryPath(m.fast, m.slow, () => m.json(s), s, where);
          expectEveryPath(b.fast, b.slow, () => b.json(s), s, `${where} (bare)`);
          // the calls' steps charged once, whether the decimal was made or not
          const steps = spent(() => m.json(s));
          expect(
            spent(() => b.json(s)),
            where,
          ).toEqual(steps);
          // no more steps than the decimals' path, and every budget it meets met
          const exact = () => m.fast.run(null, s, {}, true);
          const most = spent(exact);
          if (typeof steps === "string" || typeof most === "string") expect(steps, where).toEqual(most);
          else {
            expect(steps, where).toBeLessThanOrEqual(most);
            for (const k of [most, most - 1, 2])
              if (k > 0 && meets(exact, k))
                expect(
                  meets(() => m.json(s), k),
                  `${where} within ${k}`,
                ).toBe(true);
          }
          states++;
          if (m.counted(s) === 0) withoutDivision++;
        }
      }),
      { numRuns: 100 },
    );
    // the start made `first`'s decimal (its divisions) on every evaluation
    expect(states).toBeGreaterThan(500);
    expect(withoutDivision).toBeGreaterThan(states / 2);
  });
});
