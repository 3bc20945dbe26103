// A compilation sent from a compile worker carries its IR as text, parsed on the server only when
// asked for: for every sample model the loaded module answers as the in-process one, the IR read
// back is the IR, and loading never reads it.
import { describe, expect, it } from "vitest";
import { loadSamples } from "../../bench/load-samples.js";
import { compileToSource, loadCompiled } from "../../src/compiler/index.js";
import { received, sendable } from "../../src/server/compile-pool/ir-text.js";

describe("the IR as text between a compile worker and the server", () => {
  for (const sample of loadSamples().slice(0, 6)) {
    it(`${sample.name}: answers as compiled here, the IR read on first use and equal`, () => {
      const source = compileToSource(sample.model);
      if (!source.ok) throw new Error(`${sample.name} does not compile`);
      const sent = JSON.parse(JSON.stringify(sendable(source))); // as the worker's channel carries it
      expect(sent).not.toHaveProperty("ir");
      const back = received(sent);
      const parse = JSON.parse;
      let parsed = 0;
      JSON.parse = (...args: Parameters<typeof parse>) => (parsed++, parse(...args));
      try {
        const loaded = loadCompiled(back);
        if (!loaded.ok) throw new Error("loads");
        const here = loadCompiled(source);
        if (!here.ok) throw new Error("loads");
        for (const state of sample.cases.map((c) => c.state))
          expect(loaded.model.evaluate(state as Record<string, unknown>)).toEqual(here.model.evaluate(state as Record<string, unknown>));
        expect(parsed).toBe(0);
        expect(loaded.model.ir).toEqual(JSON.parse(JSON.stringify(source.ir)));
        expect(parsed).toBe(2);
        expect(loaded.model.ir).toBe(loaded.model.ir);
      } finally {
        JSON.parse = parse;
      }
    });
  }
});
