// The limit on generated code (EmitOptions.maxChars, the server's compile workers set it from the
// model's size): a model whose code fits compiles as without a limit; one whose code passes it
// fails the `codegen` stage with codegen.too-large at a decision or function of the model.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileToSource } from "../../../src/compiler/index.js";
import { generatedModel } from "../../support/generate/models.js";

const modelAddresses = (content: Record<string, unknown>): string[] => [
  ...Object.keys((content.decisions ?? {}) as object).map((d) => `decisions.${d}`),
  ...Object.keys((content.functions ?? {}) as object).map((f) => `functions.${f}`),
];

describe("the limit on generated code", () => {
  it("compiles a model whose code fits as without a limit, and refuses one past it where it passed (generated)", () => {
    fc.assert(
      fc.property(generatedModel, (model) => {
        if (!checkModel(model).valid) return;
        const free = compileToSource(model);
        if (!free.ok) throw new Error("a valid model does not compile");
        const size = free.loadable.explainSource.length;
        // the least limit the model compiles under: what the emitter counts, at most its whole code
        let [low, high] = [0, size];
        while (low < high) {
          const mid = Math.floor((low + high) / 2);
          if (compileToSource(model, { maxCodeChars: mid }).ok) high = mid;
          else low = mid + 1;
        }
        expect(high, "the count covers most of the code").toBeGreaterThan(size / 2);
        const fits = compileToSource(model, { maxCodeChars: high });
        expect(fits.ok && fits.loadable.source).toBe(free.loadable.source);
        for (const limit of [high - 1, Math.floor(high / 3)]) {
          const past = compileToSource(model, { maxCodeChars: limit });
          expect(past.ok).toBe(false);
          const stage = past.check.stages.find((s) => s.name === "codegen")!;
          expect(stage.diagnostics).toHaveLength(1);
          expect(stage.diagnostics[0]).toMatchObject({ code: "codegen.too-large", severity: "error" });
          expect(modelAddresses(model.content)).toContain(stage.diagnostics[0]!.address);
          expect(past.check.valid).toBe(false);
        }
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});
