// Conditions joined by `||` or `&&` nest with the logarithm of their number, and mean what the
// flat chain means; a table cell of 20,000 values compiles (its chain of 20,000 `||` overflowed the
// stack of the check that parses the generated code) and answers as the values say.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { joined } from "../../../src/compiler/4-codegen/joined.js";
import { compileUncached } from "../../../src/compiler/index.js";

/** The deepest nesting of brackets in a text. */
function nesting(text: string): number {
  let [depth, deepest] = [0, 0];
  for (const c of text) {
    if (c === "(") deepest = Math.max(deepest, ++depth);
    else if (c === ")") depth--;
  }
  return deepest;
}

describe("joined conditions", () => {
  it("evaluate as the flat chain, in brackets nested with the logarithm of their number", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 3000 }),
        fc.constantFrom("||" as const, "&&" as const),
        (values, op) => {
          const text = joined(values.map(String), op);
          const value = new Function(`return ${text};`)() as boolean;
          expect(value).toBe(op === "||" ? values.some(Boolean) : values.every(Boolean));
          expect(nesting(text)).toBeLessThanOrEqual(Math.ceil(Math.log(values.length) / Math.log(32)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a cell of 20,000 values compiles and answers as they say", () => {
    const values = Array.from({ length: 20_000 }, (_, i) => i * 2);
    const rows = [
      ["x", "=> number"],
      [values.join(", "), "1"],
      ["-", "0"],
    ];
    const r = compileUncached({ content: { name: "cell", inputs: { x: { type: "number", desc: "What is x?" } }, decisions: { d: rows } } });
    expect(r.ok ? [] : r.check.stages.flatMap((s) => s.diagnostics).map((d) => d.code)).toEqual([]);
    if (!r.ok) return;
    for (const x of [0, 2, 39_998, 1, 39_999, 40_000, -2])
      expect(r.model.evaluate({ x }).d).toBe(x % 2 === 0 && x >= 0 && x < 40_000 ? 1 : 0);
  });

  it("a table of 6,000 columns compiles, its explain code checked too, and answers and explains as its cells say", () => {
    const n = 6000;
    const columns = Array.from({ length: n }, (_, i) => `x${i}`);
    const inputs = Object.fromEntries(columns.map((c) => [c, { type: "number", desc: `What is ${c}?` }]));
    const rows = [
      [...columns, "=> number"],
      [...columns.map((_, i) => `> ${i}`), "1"],
      [...columns.map(() => "-"), "0"],
    ];
    const r = compileUncached({ content: { name: "wide", inputs, decisions: { d: rows } } }, { verifyExplain: true });
    expect(
      r.ok
        ? []
        : r.check.stages
            .flatMap((s) => s.diagnostics)
            .filter((d) => d.severity === "error")
            .map((d) => d.code),
    ).toEqual([]);
    if (!r.ok) return;
    const state = (failing: number) => Object.fromEntries(columns.map((c, i) => [c, i === failing ? i : i + 1]));
    for (const failing of [-1, 0, 2500, n - 1]) {
      const want = failing < 0 ? 1 : 0;
      expect(r.model.evaluate(state(failing)).d).toBe(want);
      expect(r.model.explain(state(failing)).decisions.d).toBe(want);
    }
  });
});
