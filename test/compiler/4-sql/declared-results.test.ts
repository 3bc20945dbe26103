// A strict model's decision held to a constraint of its declared type (`number >= 0`) is an error
// when its value falls outside (DeclaredResultError in every JS entry point),
// which a query cannot raise: the SQL backend refuses such a decision at its address, so `pdm score
// --engine auto` leaves the model to the JS engine instead of writing a value the JS engine refuses.
// A lenient model (a DMN import) converts such a value to null, which the query does too.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";

const model = (type: string, expr: string): ModelInput => ({
  content: {
    name: "declared",
    inputs: { a: { type: "number", desc: "a?" }, b: { type: "number", desc: "b?" } },
    decisions: { d: { type, expr } },
  },
});

/** Declared types whose values the body can fall outside of, and a body that can. */
const HELD: [type: string, expr: string][] = [
  ["number >= 0", "a - b"],
  ["number [0..100]", "a * b"],
  ["number < 10", "a + b"],
];

describe("SQL of decisions held to their declared types", () => {
  it.each(["duckdb", "postgres"] as const)("a strict model's held decision is refused at its address (%s)", (dialect) => {
    for (const [type, expr] of HELD) {
      const r = compileToSql(model(type, expr), { dialect });
      expect(r.ok, type).toBe(false);
      if (r.ok) continue;
      expect(r.diagnostics.map((d) => [d.code, d.address])).toEqual([["sql.unsupported", "decisions.d"]]);
      expect(r.diagnostics[0]!.message).toContain("declared type");
    }
  });

  it("refuses only what the JS module would refuse: the same bodies under a plain type compile", () => {
    for (const [, expr] of HELD) {
      expect(compileToSql(model("number", expr), { dialect: "duckdb" }).ok, expr).toBe(true);
    }
  });

  it("the refused decisions are those whose JS value can be refused: some state makes evaluate() throw", () => {
    for (const [type, expr] of HELD) {
      const compiled = compileModel(model(type, expr));
      if (!compiled.ok) throw new Error(`${type} does not compile`);
      const refused = fc
        .sample(fc.record({ a: fc.integer({ min: -200, max: 200 }), b: fc.integer({ min: -200, max: 200 }) }), 400)
        .some((state) => {
          try {
            compiled.model.evaluate(state);
            return false;
          } catch (e) {
            return (e as { code?: string }).code === "decision.outside-type";
          }
        });
      expect(refused, type).toBe(true);
    }
  });

  it("a lenient model converts instead, and compiles", () => {
    const r = compileToSql(model("number >= 0", "a - b"), { dialect: "duckdb", strict: false });
    expect(r.ok).toBe(true);
  });
});
