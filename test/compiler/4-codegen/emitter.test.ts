// Hoisted functions written with scoped names: the same code written twice is one constant, and
// the names of a scope never meet the module's, nor those written outside it from within.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Emitter } from "../../../src/compiler/4-codegen/emitter.js";

/** A hoisted function of `n` locals whose argument is written outside it, as certified code is. */
function site(em: Emitter, n: number): { fn: string; arg: string } {
  let arg = "";
  const fn = em.scoped(() => {
    const locals = Array.from({ length: n }, () => em.fresh("v"));
    arg = em.outside(() => em.fresh("v"));
    return em.hoist("cf", `(${locals.join(", ")}) => ${locals.join(" + ")}`);
  });
  return { fn, arg };
}

describe("emitter: scoped names", () => {
  it("the same function written again is the same constant; names outside stay the module's", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 12 }), (sizes) => {
        const em = new Emitter();
        const module = new Set<string>();
        const sites = sizes.map((n) => site(em, n));
        for (const [i, n] of sizes.entries()) {
          const first = sizes.indexOf(n);
          expect(sites[i]!.fn).toBe(sites[first]!.fn);
          module.add(sites[i]!.fn);
          // each argument a fresh module name, never one seen before
          expect(module.has(sites[i]!.arg)).toBe(false);
          module.add(sites[i]!.arg);
        }
        expect(em.prelude()).toHaveLength(new Set(sizes).size);
        // no name declared inside a function is a module name
        const inside = em.prelude().join("\n").match(/Zv\d+/g) ?? [];
        for (const name of inside) expect(module.has(name)).toBe(false);
        expect(module.size).toBe(new Set(sizes).size + sizes.length);
      }),
    );
  });
});
