import { describe, expect, it } from "vitest";
import { lendingRow } from "../../../bench/batch/lending-states.js";
import { loadSample } from "../../../bench/load-samples.js";
import { verifyGenerated } from "../../../src/compiler/4-codegen/verify.js";
import { loadModel, verifiedExplainSource } from "../../../src/compiler/5-load/compiled-model.js";
import { compileModel, compileToSource } from "../../../src/compiler/index.js";

const lending = loadSample("lending");

describe("row models", () => {
  const compiled = compileModel(lending.model);
  if (!compiled.ok) throw new Error("the lending sample does not compile");
  // What a worker gets: the portable part after a trip through structured cloning (postMessage).
  const loaded = loadModel(structuredClone(compiled.model.loadable));

  it("rebuilt from the portable part, decides and validates as the compiled model does", () => {
    expect(loaded.decisions).toEqual(compiled.model.decisions);
    expect(loaded.decisions).toEqual(Object.keys(lending.cases[0]!.expected.decisions));
    const states: Record<string, unknown>[] = [
      ...lending.cases.map((c) => c.state),
      ...Array.from({ length: 50 }, (_, i) => ({ ...lendingRow(i) })),
    ];
    for (const state of states) {
      expect(loaded.validate(state)).toEqual({ ok: true });
      expect(loaded.evaluate(state)).toEqual(compiled.model.evaluate(state));
      expect(loaded.evaluate(state, { exactDecimals: true })).toEqual(compiled.model.evaluate(state, { exactDecimals: true }));
    }
    for (const c of lending.cases) expect(loaded.evaluate(c.state)).toEqual(c.expected.decisions);
  });

  it("reports the same problems for a state that does not match the inputs", () => {
    const bad = [{ ...lendingRow(1), "credit score": 900 }, { ...lendingRow(2), employment: "astronaut", "loan amount": "lots" }, {}];
    for (const state of bad) {
      const result = loaded.validate(state);
      expect(result.ok).toBe(false);
      expect(result).toEqual(compiled.model.validate(state));
    }
  });
});

describe("the explain part of a model's code", () => {
  const compiled = compileModel(lending.model);
  if (!compiled.ok) throw new Error("the lending sample does not compile");
  const loadable = structuredClone(compiled.model.loadable);
  const states = Array.from({ length: 30 }, (_, i) => ({ ...lendingRow(i) }));

  it("is left out of what evaluation loads, and kept in the whole module packages embed", () => {
    expect(loadable.source).not.toMatch(/\bexplain\b/);
    expect(loadable.explainSource).toMatch(/function explain\(/);
    expect(verifyGenerated(loadable.source)).toEqual([]);
    expect(compiled.model.source).toBe(loadable.explainSource);
  });

  it("explains as the compiled model does once the verifier has passed it", () => {
    const loaded = loadModel(loadable, verifiedExplainSource(loadable, verifyGenerated));
    for (const state of states) expect(loaded.explain(state)).toEqual(compiled.model.explain(state));
  });

  it("is never loaded unverified: a model loaded for evaluation only evaluates but cannot explain", () => {
    const loaded = loadModel(loadable);
    for (const state of states) expect(loaded.evaluate(state)).toEqual(compiled.model.evaluate(state));
    expect(() => loaded.explain(states[0]!)).toThrow(/evaluation only/);
  });

  it("is checked before it runs: code the verifier rejects does not run, and evaluation is unaffected", () => {
    const marker = "__pdmExplainRan";
    const tampered = { ...loadable, explainSource: `globalThis.${marker} = true;\n${loadable.explainSource}` };
    const loaded = loadModel(tampered, verifiedExplainSource(tampered, verifyGenerated));
    expect(() => loaded.explain(states[0]!)).toThrow(/did not pass its check/);
    expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
    expect(loaded.evaluate(states[0]!)).toEqual(compiled.model.evaluate(states[0]!));
  });

  it("is checked where it was compiled when asked (a server's compile worker), and loaded without another check", () => {
    const source = compileToSource(loadSample("lending").model, { verifyExplain: true });
    if (!source.ok) throw new Error("the sample does not compile");
    expect(source.loadable.explainVerified).toBe(true);
    const never = () => {
      throw new Error("checked again");
    };
    const loaded = loadModel(source.loadable, verifiedExplainSource(source.loadable, never));
    for (const state of states) expect(loaded.explain(state)).toEqual(compiled.model.explain(state));
    const unchecked = compileToSource(loadSample("lending").model);
    expect(unchecked.ok && unchecked.loadable.explainVerified).toBeUndefined();
  });
});
