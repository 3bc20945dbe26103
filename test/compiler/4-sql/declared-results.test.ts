// A strict model's decision held to a constraint of its declared type (`number >= 0`) is an error
// when its value falls outside (DeclaredResultError in every JS entry point). The query tests the
// constraint and leaves such a row unscored (`$scored` false), so the batch engine scores it with the
// JS engine, which writes that error record; a row within is scored in SQL with the JS answer.
// A lenient model (a DMN import) converts such a value to null, which the query does too.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { useEngines } from "./engines.js";

const engines = useEngines("declared results");

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
  it("a strict model's held decision is lowered: a row whose value falls outside is not scored, as evaluate() throws for it", async () => {
    for (const engine of engines) {
      for (const [type, expr] of HELD) {
        const r = compileToSql(model(type, expr), { dialect: engine.dialect });
        expect(r.ok, type).toBe(true);
        if (!r.ok) continue;
        const compiled = compileModel(model(type, expr));
        if (!compiled.ok) throw new Error(`${type} does not compile`);
        const states = fc.sample(fc.record({ a: fc.integer({ min: -20, max: 20 }), b: fc.integer({ min: -20, max: 20 }) }), 60);
        const rows = await engine.run(r.query, states);
        states.forEach((state, i) => {
          let thrown = false;
          let d: unknown;
          try {
            d = compiled.model.evaluate(state).d;
          } catch (e) {
            thrown = (e as { code?: string }).code === "decision.outside-type";
          }
          expect(rows[i]!.$scored, `${type} ${JSON.stringify(state)}`).toBe(!thrown);
          if (!thrown) expect(Number(rows[i]!.d), `${type} ${JSON.stringify(state)}`).toBe(Number(String(d)));
        });
      }
    }
  });

  it("the same bodies under a plain type compile", () => {
    for (const [, expr] of HELD) {
      expect(compileToSql(model("number", expr), { dialect: "duckdb" }).ok, expr).toBe(true);
    }
  });

  it("the held decisions are those whose JS value can be refused: some state makes evaluate() throw", () => {
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
