// A batch engine compiles a model to SQL and then to its JS module: the module then reuses the
// analysis made for SQL (src/compiler/index.ts). Whatever the SQL lowering did with the analysed
// model, the module is the one a fresh compilation gives, and a module that fails (past a code
// limit) leaves the analysis kept for SQL as it was.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileToSource, compileToSql, type ModelInput } from "../../src/compiler/index.js";
import { generatedModel } from "../support/generate/models.js";

/** Another model, compiled to SQL to put the model under test out of the compiler's memory. */
const other = {
  content: { name: "other", inputs: { a: { type: "number", desc: "What is a?" } }, decisions: { b: "a + 1" } },
} as unknown as ModelInput;

describe("a JS module compiled after the SQL query of the same model", () => {
  it("is the module a fresh compilation gives (generated models)", () => {
    expect(compileToSql(other, { dialect: "duckdb" }).ok).toBe(true);
    fc.assert(
      fc.property(generatedModel, fc.boolean(), (model, strict) => {
        if (!checkModel(model, { strict }).valid) return;
        compileToSql(other, { dialect: "duckdb" });
        const fresh = compileToSource(model, { strict });
        for (const dialect of ["duckdb", "postgres"] as const) {
          compileToSql(model, { dialect, strict });
          const after = compileToSource(model, { strict });
          expect(after.ok).toBe(fresh.ok);
          if (!after.ok || !fresh.ok) continue;
          expect(after.loadable).toEqual(fresh.loadable);
          expect(after.check).toEqual(fresh.check);
        }
      }),
      { numRuns: 60, seed: 2811 },
    );
  });

  it("that fails leaves the analysis SQL reuses unchanged", () => {
    fc.assert(
      fc.property(generatedModel, (model) => {
        if (!checkModel(model).valid) return;
        const before = compileToSql(model, { dialect: "duckdb" });
        const failed = compileToSource(model, { maxCodeChars: 1 });
        expect(failed.ok).toBe(false);
        expect(failed.check.valid).toBe(false);
        const again = compileToSql(model, { dialect: "duckdb" });
        expect(again.check.valid).toBe(true);
        expect(again.check.stages).toEqual(before.check.stages);
      }),
      { numRuns: 30, seed: 2812 },
    );
  });
});
