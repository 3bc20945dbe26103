// An inlined call whose function's body is a rounding (`decimal(p * r / (1 - (1 + r) ** -n), 2)`)
// is worked out in certified doubles from the call's arguments, as if the body were written where
// the call is (optimise/certify.ts, codegen/inlined.ts): `years * 12` in doubles, no decimal made
// for it, and the call's steps charged. It answers and traces as the unoptimised model (-O0, where
// each call is a call), on random loans, near the cent's boundaries, and with arguments of the
// wrong type or null (which make the call null).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type CompiledModel, type ModelInput } from "../../../src/compiler/index.js";

/** An input read where it is converted on its first read (codegen's lazy inputs). */
const INPUT_READ = String.raw`\(i\d+ !== undefined \? i\d+ : \(i\d+ = rt\.fromJsonPlain\(r\d+, T\d+\)\)\)`;
/** a number input read raw where the state holds a number, its decimal otherwise (codegen/raw-inputs.ts) */
const RAW_INPUT_READ = String.raw`\(typeof r\d+ === "number" \? r\d+ : ${INPUT_READ}\)`;

const model = {
  name: "amortisation",
  inputs: {
    principal: { type: "number", desc: "principal" },
    "annual rate": { type: "number", desc: "annual rate" },
    years: { type: "number", desc: "years" },
    income: { type: "number", desc: "income" },
  },
  functions: {
    "monthly payment": {
      params: { principal: "number", "annual rate": "number", months: "number" },
      returns: "number",
      body: "decimal(principal * (annual rate / 12) / (1 - (1 + annual rate / 12) ** -months), 2)",
    },
    "of income": { params: { payment: "number", income: "number" }, returns: "number", body: "round half up(payment / income * 100, 1)" },
  },
  decisions: {
    payment: "monthly payment(principal, annual rate, years * 12)",
    // a call as another's argument, and one inside a function's body
    share: "of income(monthly payment(principal, annual rate / 2, years * 12 + 6), income)",
    total: "monthly payment(principal, annual rate, 12) * 12",
  },
} as unknown as ModelInput;

function compiled(optimise: boolean): CompiledModel {
  const c = compileUncached(model, { optimise });
  if (!c.ok) throw new Error("the model does not compile");
  return c.model;
}

/** the traced answers, or what was thrown */
function outcome(m: CompiledModel, state: Record<string, unknown>): unknown {
  try {
    return m.evaluateTraced(state, { exactDecimals: true });
  } catch (e) {
    return { threw: (e as Error).message };
  }
}

describe("inlined calls of a rounding", () => {
  const [inlined, called] = [compiled(true), compiled(false)];

  it("are worked out in doubles from the arguments as written at the call site", () => {
    const run = inlined.source.slice(inlined.source.indexOf("function run("), inlined.source.indexOf("function explain("));
    // payment: the certified function reads the three inputs, raw; `years * 12` is its own arithmetic
    expect(run).toMatch(new RegExp(String.raw`d0 = \(cf\d+\(${RAW_INPUT_READ}, ${RAW_INPUT_READ}, ${RAW_INPUT_READ}\) \?\? `));
    // the steps of the calls each certified function stands for, charged by it (given back where it cannot decide)
    const charged = [...inlined.source.matchAll(/rt\.tick\((\d+)\); let Ztk\d+ = (\d+);/g)].map((m) => [m[1], m[2]].join(" "));
    // payment's, total's and share's inner call 2 each, share's two calls 4
    expect(charged.sort()).toEqual(["2 2", "2 2", "2 2", "4 4"]);
  });

  it("answer and trace as the calls do, near boundaries and on arguments the parameters refuse", () => {
    const principal = fc.oneof(
      fc.integer({ min: 0, max: 5_000_000_00 }).map((c) => c / 100),
      // a principal whose payment at 6 % over a year lands near half a cent
      fc.integer({ min: 100, max: 100_000 }).map((k) => Number((((k + 0.5) / 100) * 11.6189).toFixed(4))),
      fc.constantFrom(0, -1000, null, "x"),
    );
    const rate = fc.oneof(
      fc.integer({ min: 0, max: 2500 }).map((bp) => bp / 10_000),
      fc.constantFrom(0.06, 0, -12, null, "0.05"),
    );
    const years = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constantFrom(1, 2.5, -1, null, true));
    const income = fc.oneof(
      fc.integer({ min: 1, max: 2_000_000 }).map((c) => c / 100),
      fc.constantFrom(0, null),
    );
    fc.assert(
      fc.property(principal, rate, years, income, (p, r, y, i) => {
        const state = { principal: p, "annual rate": r, years: y, income: i };
        expect(outcome(inlined, state)).toEqual(outcome(called, state));
      }),
      { numRuns: 1500 },
    );
  });
});
