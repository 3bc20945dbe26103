// A compilation sent from a compile worker carries its IR as bytes, read on the server only when
// asked for: for every sample model the loaded module answers as the in-process one and the IR read
// back is the IR; an IR whose types share their parts (a type of two fields of the type before,
// thirty deep) crosses as it is, its parts still shared, never written out.
import { describe, expect, it } from "vitest";
import { loadSamples } from "../../bench/load-samples.js";
import { compileToSource, loadCompiled } from "../../src/compiler/index.js";
import { received, sendable } from "../../src/server/compile-pool/ir-bytes.js";

/** As the worker's channel carries it (structured clone, the pool's serialization). */
const carried = <T>(value: T): T => structuredClone(value);

describe("the IR as bytes between a compile worker and the server", () => {
  for (const sample of loadSamples()) {
    it(`${sample.name}: answers as compiled here, the IR read on first use and equal`, () => {
      const source = compileToSource(sample.model);
      if (!source.ok) throw new Error(`${sample.name} does not compile`);
      const back = received(carried(sendable(source)));
      expect(Object.getOwnPropertyDescriptor(back, "ir")?.get).toBeTypeOf("function");
      const loaded = loadCompiled(back);
      const here = loadCompiled(source);
      if (!loaded.ok || !here.ok) throw new Error("loads");
      for (const { state } of sample.cases)
        expect(loaded.model.evaluate(state as Record<string, unknown>)).toEqual(here.model.evaluate(state as Record<string, unknown>));
      expect(loaded.model.ir).toEqual(source.ir);
      expect(loaded.model.ir).toBe(loaded.model.ir);
    });
  }

  it("keeps shared parts shared: a type of two fields of the type before, thirty deep", () => {
    const types: Record<string, unknown> = { t0: "number" };
    for (let i = 1; i <= 30; i++) types[`t${i}`] = { a: `t${i - 1}`, b: `t${i - 1}` };
    const model = {
      content: {
        name: "deep",
        types,
        inputs: { x: { type: "t30", desc: "x?", blank: true }, n: { type: "number", desc: "n?" } },
        decisions: { out: "n" },
      },
      questions: { out: { type: "number", instructions: "out?" } },
    };
    const source = compileToSource(model);
    if (!source.ok) throw new Error("compiles");
    const sent = sendable(source);
    if (!sent.ok) throw new Error("compiles");
    expect(sent.irBytes.length).toBeLessThan(1_000_000);
    const back = received(carried(sent));
    if (!back.ok) throw new Error("compiles");
    const x = back.ir.inputs.find((i) => i.name === "x")!;
    // the distinct objects of x's type: its parts shared, a few dozen (written out, 2^30)
    const seen = new Set<object>();
    const walk = (v: unknown): void => {
      if (v === null || typeof v !== "object" || seen.has(v)) return;
      seen.add(v);
      for (const w of Object.values(v)) walk(w);
    };
    walk(x.type);
    expect(seen.size).toBeGreaterThan(30);
    expect(seen.size).toBeLessThan(1_000);
  });
});
