// The shape of the built-in catalogue itself: one entry per name, each callable by that name,
// with signatures a call can tell apart and a description for the reference.
import { describe, expect, it } from "vitest";
import { BUILTINS, builtinDef } from "../../src/runtime/builtins/index.js";
import { BUILTIN_KINDS, fitsPositional, requiredCount } from "../../src/runtime/builtins/def.js";
import { builtin } from "../../src/runtime/index.js";

describe("the built-in catalogue", () => {
  it("declares each name once", () => {
    const names = BUILTINS.map((d) => d.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it.each(BUILTINS.map((d) => [d.name, d] as const))("%s: callable by its name, signatures well-formed, described", (name, def) => {
    expect(builtinDef(name)).toBe(def);
    expect(builtin(name)?.name).toBe(name);
    expect(Object.keys(BUILTIN_KINDS)).toContain(def.kind);
    expect(def.description).toMatch(/^\S[^\n]*\.$/);
    expect(def.signatures.length).toBeGreaterThan(0);
    for (const s of def.signatures) {
      expect(new Set(s.params).size, s.params.join(", ")).toBe(s.params.length);
      expect(requiredCount(s)).toBeGreaterThanOrEqual(0);
      if (!s.variadic) expect(requiredCount(s)).toBeLessThanOrEqual(s.params.length);
    }
    // a positional call resolves to the first signature that fits its count: a later one that can
    // never be reached positionally must be reachable by name
    def.signatures.forEach((s, i) => {
      const counts = Array.from({ length: s.params.length + 3 }, (_, n) => n).filter((n) => fitsPositional(s, n));
      const reached = counts.some((n) => def.signatures.findIndex((t) => fitsPositional(t, n)) === i);
      expect(reached || (!s.variadic && !s.positionalOnly), `${name}(${s.params.join(", ")})`).toBe(true);
    });
  });

  it("knows no other names", () => {
    expect(builtinDef("nonesuch")).toBeUndefined();
    expect(builtin("nonesuch")).toBeNull();
    expect(builtinDef("toString")).toBeUndefined();
  });
});
