// The forms the certified doubles work out (optimise/certify.ts `expand`) put a context's entries and
// an inlined call's arguments in place of their names: a name read twice doubles what stands for it,
// so the form of a short model could be exponential in it, walked by the optimiser and written out as
// code. Past MOST_FORM_NODES the value stays on the exact path: the code stays small, the answer the same.
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";

const doublings = (k: number) => Array.from({ length: k + 1 }, (_, i) => `a${i}: ${i === 0 ? "n" : `a${i - 1} + a${i - 1}`}`).join(", ");

const MODELS: Record<string, (k: number) => ModelInput> = {
  "a context's entries each the one before twice": (k) =>
    ({
      name: "t",
      inputs: { n: { type: "number", desc: "n" } },
      decisions: { out: `{${doublings(k)}}.a${k} / 3` },
    }) as unknown as ModelInput,
  "an inlined function adding its argument to itself, nested": (k) =>
    ({
      name: "t",
      inputs: { n: { type: "number", desc: "n" } },
      functions: { f: { params: { x: "number" }, returns: "number", body: "x + x" } },
      decisions: { out: `${"f(".repeat(k)}n${")".repeat(k)} / 3` },
    }) as unknown as ModelInput,
};

describe("certified forms", () => {
  for (const [name, modelOf] of Object.entries(MODELS)) {
    it(`${name}: code of a size with the model's, the answer the exact path's`, () => {
      for (const k of [3, 12, 40]) {
        const [optimised, plain] = [compileUncached(modelOf(k), { optimise: true }), compileUncached(modelOf(k), { optimise: false })];
        if (!optimised.ok || !plain.ok) throw new Error(`${name}, ${k}: does not compile`);
        expect(optimised.model.source.length, `${name}, ${k}`).toBeLessThan(20_000);
        for (const n of [3, 1.5, -7]) expect(optimised.model.evaluate({ n })).toEqual(plain.model.evaluate({ n }));
        expect(optimised.model.evaluate({ n: 3 }).out).toBe(2 ** k);
      }
    });
  }
});
