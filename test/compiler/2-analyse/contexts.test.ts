// Context literals: each entry sees the entries before it (and the names outside), nested
// contexts see their enclosing context's earlier entries, entry names may hold spaces and name
// symbols, and an entry name given twice is reported.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, type ModelInput } from "../../../src/compiler/index.js";
import { content, lenient, only, strict, warnings } from "./helpers.js";

function evaluate(expr: string): unknown {
  const r = compileModel({ name: "t", inputs: {}, decisions: { out: expr } } as ModelInput, { strict: false });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
  return r.model.evaluateTraced({}).decisions.out;
}

describe("context literals", () => {
  it("a chain of entries each reading the one before: the running values", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -100, max: 100 }), { minLength: 1, maxLength: 8 }), (steps) => {
        const entries = steps.map((s, i) => `e${i}: ${i === 0 ? "" : `e${i - 1} + `}${s < 0 ? `(${s})` : s}`);
        const running = steps.reduce<number[]>((acc, s) => [...acc, (acc.at(-1) ?? 0) + s], []);
        expect(evaluate(`{${entries.join(", ")}}`)).toEqual(Object.fromEntries(running.map((v, i) => [`e${i}`, v])));
      }),
      { numRuns: 25 },
    );
  });

  it("nested contexts read the enclosing context's earlier entries; an inner entry shadows from the next entry on", () => {
    expect(evaluate("{a: 1, b: {a: a + 1, c: a * 10}, d: b.c + a}")).toEqual({ a: 1, b: { a: 2, c: 20 }, d: 21 });
  });

  it("entry names with spaces and name symbols are read whole where they are declared", () => {
    expect(evaluate('{"first name": "Ann", "a+b": 2, "x.y": 3, r: first name + string(a+b * x.y)}.r')).toBe("Ann6");
  });

  it("an entry refers only to entries before it", () => {
    expect(only(strict(content({ decisions: { d: "{a: b, b: 1}" } })), "names.unknown").message).toMatch(/`b`/);
  });

  it("an entry name given twice: a strict error; lenient, an error result (null, DMN14-178)", () => {
    const c = content({ decisions: { d: '{a: 1, a: "x", b: a}' } });
    expect(only(strict(c), "names.duplicate-entry").message).toContain("`a`");
    expect(warnings(lenient(c)).map((w) => w.code)).toContain("names.duplicate-entry");
    expect(evaluate('{a: 1, a: "x", b: a}')).toBeNull();
    expect(evaluate("{a: 1, b: a}")).toEqual({ a: 1, b: 1 });
  });
});
