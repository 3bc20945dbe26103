// Expressions nest at most MAX_EXPRESSION_DEPTH deep: deeper text is a `feel.too-deep` diagnostic,
// never a RangeError, and everything within the limit goes through every phase (inference,
// folding, codegen, the verifier's parse of the generated code) and runs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepestOver, MAX_EXPRESSION_DEPTH } from "../../../../src/compiler/1-parse/feel/depth.js";
import { parseExpression } from "../../../../src/compiler/1-parse/feel/index.js";
import { compileUncached } from "../../../../src/compiler/index.js";
import { withBudget } from "../../../../src/runtime/budget.js";

/** Ways to put one level around an expression: each adds one node, one level of the parser, and nothing deeper beside. */
const ONE_LEVEL: ((x: string) => string)[] = [
  (x) => `[${x}]`,
  (x) => `-${x}`,
  (x) => `abs(${x})`,
  (x) => `if true then ${x} else 0`,
  (x) => `{a: ${x}}`,
  (x) => `1 + (${x})`,
];
/** And every other construct that nests: loops, filters, lambdas, all the phases must take them at any depth that parses. */
const WRAPPERS: ((x: string) => string)[] = [
  ...ONE_LEVEL,
  (x) => `for i in [1] return ${x}`,
  (x) => `every i in [${x}] satisfies true`,
  (x) => `[1][${x} > 0]`,
  (x) => `(function(y) y)(${x})`,
  (x) => `{a: 1}.a + ${x}`,
];

const nested = (wrappers: readonly ((x: string) => string)[]): string => wrappers.reduce((inner, w) => w(inner), "1");

/** The deepest nesting of one wrapper that parses. */
function deepestParsing(w: (x: string) => string): string {
  let k = MAX_EXPRESSION_DEPTH;
  while (parseExpression(nested(Array(k).fill(w))).diagnostics.length > 0) k--;
  return nested(Array(k).fill(w));
}

describe("the depth limit", () => {
  it("generated nesting parses within the limit and is feel.too-deep beyond it, never a throw", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ONE_LEVEL), { minLength: 0, maxLength: MAX_EXPRESSION_DEPTH + 60 }), (wrappers) => {
        const r = parseExpression(nested(wrappers));
        // the depth is the wrappers' plus the leaf's
        if (wrappers.length + 1 <= MAX_EXPRESSION_DEPTH) expect(r.diagnostics).toEqual([]);
        else expect(r.diagnostics.map((d) => d.code)).toEqual(["feel.too-deep"]);
      }),
      { numRuns: 60 },
    );
  });

  it("operator chains nest without the parser recursing: a chain past the limit is feel.too-deep", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20_000 }), fc.constantFrom("+", "*", "and", "or", "**", "-"), (n, op) => {
        const r = parseExpression(Array(n).fill("1").join(` ${op} `));
        expect(r.diagnostics.map((d) => d.code)).toEqual(n <= MAX_EXPRESSION_DEPTH ? [] : ["feel.too-deep"]);
      }),
      { numRuns: 40 },
    );
  });

  it("brackets past any stack are feel.too-deep, with the limit in the message", () => {
    const r = parseExpression("(".repeat(200_000) + "1" + ")".repeat(200_000));
    expect(r.diagnostics[0]?.code).toBe("feel.too-deep");
    expect(r.diagnostics[0]?.message).toContain(String(MAX_EXPRESSION_DEPTH));
  });

  it("never throws on any mix of nesting constructs: it parses or is feel.too-deep", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WRAPPERS), { maxLength: MAX_EXPRESSION_DEPTH + 60 }), (wrappers) => {
        const codes = parseExpression(nested(wrappers)).diagnostics.map((d) => d.code);
        expect(codes.length === 0 || (codes.length === 1 && codes[0] === "feel.too-deep")).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it.each(WRAPPERS.map((w) => [w("x"), w] as const))("%s nested as deep as it parses compiles and runs", (_shape, w) => {
    const r = compileUncached({ content: { name: "deep", inputs: {}, decisions: { d: deepestParsing(w) } }, questions: {} });
    expect(r.ok ? [] : r.check.stages.flatMap((s) => s.diagnostics)).toEqual([]);
    if (r.ok) expect(() => withBudget({ steps: 100_000 }, () => r.model.evaluate({}))).not.toThrow();
  });

  it("a decision past the limit is a check error at its address", () => {
    const text = nested(Array(MAX_EXPRESSION_DEPTH).fill(ONE_LEVEL[0]));
    const r = compileUncached({ content: { name: "deep", inputs: {}, decisions: { d: text } }, questions: {} });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.check.stages.flatMap((s) => s.diagnostics)[0]).toMatchObject({ code: "feel.too-deep", address: "decisions.d" });
  });

  it("each iteration context of a `for` or `some`/`every` is a level (a loop in the one before): as many as parse compile and run, more are feel.too-deep", () => {
    const contexts = (k: number) => Array.from({ length: k }, (_, i) => (i === 0 ? "v0 in [1]" : `v${i} in [v${i - 1}]`)).join(", ");
    const forms = [(k: number) => `for ${contexts(k)} return v${k - 1}`, (k: number) => `some ${contexts(k)} satisfies v${k - 1} > 0`];
    for (const form of forms) {
      let k = MAX_EXPRESSION_DEPTH;
      while (parseExpression(form(k)).diagnostics.length > 0) k--;
      expect(k).toBeGreaterThan(MAX_EXPRESSION_DEPTH - 10);
      const ok = compileUncached({ content: { name: "loops", inputs: {}, decisions: { d: form(k) } }, questions: {} });
      expect(ok.ok ? [] : ok.check.stages.flatMap((s) => s.diagnostics)).toEqual([]);
      if (ok.ok) expect(() => withBudget({ steps: 100_000 }, () => ok.model.evaluate({}))).not.toThrow();
      // 2,000 of them wrote loops too deep for the check of the generated code to parse
      const deep = compileUncached({ content: { name: "loops", inputs: {}, decisions: { d: form(2000) } }, questions: {} });
      expect(deep.ok ? [] : deep.check.stages.flatMap((s) => s.diagnostics).map((d) => [d.code, d.address])).toEqual([
        ["feel.too-deep", "decisions.d"],
      ]);
    }
  });

  it("finds the same node as a direct walk of the tree, on random trees of nodes, arrays and spans", () => {
    // the walk as first written: entries in order on one stack of [value, depth] pairs
    const direct = (root: unknown, limit: number): unknown => {
      const stack: [unknown, number][] = [[root, 0]];
      while (stack.length > 0) {
        const [value, depth] = stack.pop()!;
        if (Array.isArray(value)) {
          for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], depth]);
          continue;
        }
        if (value === null || typeof value !== "object") continue;
        const d = !Array.isArray(value) && "kind" in value ? depth + 1 : depth;
        if (d > limit) return value;
        for (const [k, v] of Object.entries(value)) if (k !== "span") stack.push([v, d]);
      }
      return null;
    };
    const { tree } = fc.letrec((t) => ({
      tree: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.constantFrom(null, 1, "x", true),
        fc.array(t("tree"), { maxLength: 4 }),
        fc.record({ kind: fc.constantFrom("a", "b"), left: t("tree"), right: t("tree") }, { requiredKeys: ["kind"] }),
        fc.record({ items: t("tree"), span: t("tree") }),
      ),
    }));
    fc.assert(
      fc.property(tree, fc.integer({ min: 0, max: 6 }), (root, limit) => {
        expect(deepestOver(root, limit)).toBe(direct(root, limit));
      }),
      { numRuns: 2000 },
    );
  });
});
