// Models written outside the lowering's shapes (test/fixtures/sql-outside: pricing tiers, loan
// affordability, rating bands, household lists, ticket dates, string normalisation, a scorecard,
// if ladders, some/every, rounding modes, three-valued booleans, loyalty functions), as a DMN user
// writes them. Each either compiles and agrees with evaluate() on every one of 500 random states
// (ties at .5 of the rounding places, nulls, month ends, zero divisors, empty lists), in each
// dialect; or is refused with sql.unsupported at an address, for the reason recorded here.
import { describe, expect, it } from "vitest";
import { checkModel, compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare, expectAgreesInEach, expectRefusedAtDecision } from "./differential.js";
import { useEngines } from "./engines.js";
import { OUTSIDE, outsideStates } from "./outside-models.js";

/** The models refused, by dialect: the address and the reason of the first refusal. */
const REFUSED: Record<string, Partial<Record<"duckdb" | "postgres", [string, RegExp]>>> = {
  "02-loan-affordability": {
    // a rate of percent / 1200, unrounded, is a quotient DuckDB cannot hold exactly
    duckdb: ["decisions.monthly rate", /a quotient not rounded to literal places/],
    // (1 + r) ** -n of a 34-digit quotient: more digits than FEEL's 34
    postgres: ["decisions.payment", /a product may need more than 34 digits/],
  },
  "08-income-tax": {
    duckdb: ["decisions.effective rate", /a quotient not rounded to literal places/],
    postgres: ["decisions.effective rate", /a product may need more than 34 digits/],
  },
};

const STATES = 500;
const engines = useEngines("models written outside the lowering's shapes");

describe.each(OUTSIDE)("%s", (name, model) => {
  it("checks valid", () => expect(checkModel(model).valid).toBe(true));

  it.each(["duckdb", "postgres"] as const)("compiles to %s, or is refused with sql.unsupported at the recorded address", (dialect) => {
    const r = compileToSql(model, { dialect });
    const refused = REFUSED[name]?.[dialect];
    expect(r.ok).toBe(refused === undefined);
    if (r.ok || !refused) return;
    for (const d of r.diagnostics) {
      expect(d.code).toBe("sql.unsupported");
      expect(d.address).toMatch(/^(inputs|decisions|functions)\./);
    }
    expect([r.diagnostics[0]!.address, refused[1].test(r.diagnostics[0]!.message)]).toEqual([refused[0], true]);
  });

  it("agrees with evaluate() on every row of 500 random states, in each dialect that compiles it", { timeout: 300_000 }, async () => {
    const states = outsideStates(checkModel(model).input, STATES, name.length * 101 + 7);
    for (const engine of engines.filter((e) => !REFUSED[name]?.[e.dialect])) {
      const c = await compare(model, states, engine);
      expect(c.disagreements.slice(0, 3), engine.dialect).toEqual([]);
      // not vacuous: most rows are scored by SQL and compared decision by decision
      expect(c.scored, engine.dialect).toBeGreaterThan(STATES / 2);
    }
  });
});

// Found by the models above, reduced: `=` of a list against `[]` or `[null]` (typed as text[], which
// PostgreSQL cannot compare with numeric[], boolean[] or date[]: the query failed), and of lists whose
// items differ in kind (DuckDB answered false where FEEL's answer is null; PostgreSQL failed).
describe("= of lists, reduced from the outside models", () => {
  const LISTS = {
    l: { type: ["number [0..100]"], desc: "l?", blank: true },
    b: { type: ["boolean"], desc: "b?" },
    dates: { type: ["date"], desc: "dates?", blank: true },
    t: { type: ["string"], desc: "t?" },
    n: { type: "number [0..100]", desc: "n?" },
  };
  const EXPRS = [
    "l = []",
    "[] = l",
    "l != [null]",
    "l[item > n] = []",
    "b = []",
    "dates != []",
    "(for x in dates return x) = []",
    "t = []",
    "l = [1, null]",
  ];

  it("of a list against a list of null items only: every row agrees with evaluate() in each dialect", { timeout: 300_000 }, async () => {
    const scored = new Map<string, number>();
    for (const [i, expr] of EXPRS.entries()) {
      const m = { content: { name: "lists", inputs: LISTS, decisions: { e: expr } } } as ModelInput;
      await expectAgreesInEach(m, outsideStates(checkModel(m).input, 200, i + 1), engines, scored, true);
    }
    for (const engine of engines) expect(scored.get(engine.dialect)).toBeGreaterThan(EXPRS.length * 100);
  });

  it.each(["l = t", "t != b", "dates = l"])("%s, lists whose items differ in kind: refused", (expr) =>
    expectRefusedAtDecision(LISTS, expr, "a comparison of lists whose items differ in kind"),
  );
});

// Found by the outside models: a refused function called by two decisions was reported twice.
it("a refused function called by several decisions is reported once, at the function", () => {
  const m = {
    content: {
      name: "recursion",
      functions: { fact: { params: { k: "number" }, returns: "number", body: "if k <= 1 then 1 else k * fact(k - 1)" } },
      inputs: { a: { type: "number [0..9]", desc: "a?" } },
      decisions: { f: "fact(a)", g: "fact(a + 1) - 1", h: "a + 1" },
    },
  } as ModelInput;
  for (const dialect of ["duckdb", "postgres"] as const) {
    const r = compileToSql(m, { dialect });
    expect(r.ok ? [] : r.diagnostics.map((d) => [d.code, d.address]), dialect).toEqual([["sql.unsupported", "functions.fact"]]);
  }
});
