// What explain says besides tables: `let`, call and `if` steps in evaluation order with their
// values and branches, multi-hit tables, defaults, and why a null is null.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, type CompiledModel, type ModelInput } from "../../../src/compiler/index.js";
import { modelText } from "../../../src/compiler/model-text.js";
import { explanationLines } from "../../../src/model-tests/explain-text.js";

const input = (type: string) => ({ type, desc: "an input" });

function compile(content: Record<string, unknown>, strict = true): CompiledModel {
  const r = compileModel({ content: { name: "explained", ...content }, questions: {} } as ModelInput, { strict });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics).map((d) => `${d.address}: ${d.message}`)));
  return r.model;
}

describe("steps", () => {
  const model = compile({
    inputs: { x: input("number") },
    functions: { fee: { params: { a: "number" }, returns: "number", body: "a * 2" } },
    decisions: {
      size: { type: "string", let: { base: "fee(x)" }, expr: 'if base > 10 then "big" else "small"' },
    },
  });

  it("records the call, the let entry and the if branch in order, with their values", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), (x) => {
        const { decisions, explanation } = model.explain({ x });
        const big = x * 2 > 10;
        expect(decisions.size).toBe(big ? "big" : "small");
        expect(explanation.decisions.size!.steps).toEqual([
          { address: "functions.fee", kind: "call", value: x * 2 },
          { address: "decisions.size.let.base", kind: "let", value: x * 2 },
          {
            address: "decisions.size",
            kind: "if",
            value: decisions.size,
            branch: big ? "then" : "else",
            condition: { start: 3, end: 12 },
          },
        ]);
      }),
    );
  });
});

describe("nested ifs, as text", () => {
  it("each if taken is one line, outermost first, showing its condition as written", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: -60, max: 60 }),
        (limits, x) => {
          // if x > l0 then (if x > l1 then (… "in") else "out 1") else "out 0"
          const expr = limits.reduceRight((inner, l, i) => `if x > ${l} then (${inner}) else "out ${i}"`, '"in"');
          const model = compile({ inputs: { x: input("number") }, decisions: { d: { type: "string", expr } } });
          const { explanation } = model.explain({ x });
          const taken = limits.findIndex((l) => !(x > l));
          const reached = taken === -1 ? limits : limits.slice(0, taken + 1);
          const value = explanation.decisions.d!.value;
          expect(explanationLines(explanation, modelText(model))).toEqual([
            `  d = ${JSON.stringify(value)}`,
            ...reached.map((l) => `    if x > ${l} took the ${x > l ? "then" : "else"} branch: ${JSON.stringify(value)}`),
          ]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("an if that runs many times (in a loop) is one line that says how many", () => {
    const model = compile({
      inputs: { n: input("number") },
      decisions: { d: { type: "[number]", expr: "for i in 1..3 return if n > 0 then i else 0" } },
    });
    const lines = explanationLines(model.explain({ n: 1 }).explanation, modelText(model));
    expect(lines.filter((l) => l.includes("if n > 0"))).toHaveLength(3);
    const same = compile({
      inputs: { n: input("number") },
      decisions: { d: { type: "[number]", expr: "for i in 1..3 return if n > 0 then 1 else 0" } },
    });
    expect(explanationLines(same.explain({ n: 1 }).explanation, modelText(same))).toEqual([
      "  d = [1,1,1]",
      "    if n > 0 took the then branch: 1 (3 times)",
    ]);
  });
});

describe("tables other than FIRST", () => {
  // lenient: strict models use FIRST tables only
  const model = compile(
    {
      inputs: { n: input("number") },
      decisions: {
        tags: {
          type: "[string]",
          hit: "COLLECT",
          table: [
            ["n", "=> string"],
            ["> 0", '"positive"'],
            ["> 10", '"large"'],
            ["< 0", '"negative"'],
          ],
        },
        total: {
          type: "number",
          hit: "COLLECT SUM",
          table: [
            ["n", "=> number"],
            [">= 0", "1"],
            [">= 5", "10"],
            ["-", "100"],
          ],
        },
      },
    },
    false,
  );

  it("lists every rule and every one that matched", () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), (n) => {
        const { explanation } = model.explain({ n });
        const tags = explanation.decisions.tags!.table!;
        expect(tags.hitPolicy).toBe("COLLECT");
        expect(tags.rules.map((r) => r.rule)).toEqual([1, 2, 3]);
        expect(tags.matched).toEqual([n > 0 && 1, n > 10 && 2, n < 0 && 3].filter((r) => r !== false));
        for (const r of tags.rules) expect(r.failed === undefined).toBe(r.matched);
        const total = explanation.decisions.total!.table!;
        expect(total.hitPolicy).toBe("COLLECT SUM");
        expect(total.matched).toEqual([n >= 0 && 1, n >= 5 && 2, 3].filter((r) => r !== false));
      }),
    );
  });
});

describe("why a value is null", () => {
  const model = compile(
    {
      inputs: { x: input("number"), y: input("any"), d: input("number") },
      decisions: {
        doubled: "x * 2",
        quadrupled: "doubled * 2",
        mixed: "y + 1",
        ratio: "10 / d",
        band: [
          ["x", "=> string"],
          ["> 100", '"high"'],
        ],
        inverse: [
          ["d", "=> number"],
          ["< 0", "null"],
          ["-", "1 / d"],
        ],
      },
    },
    false,
  );
  const cause = (state: Record<string, unknown>, decision: string) => model.explain(state).explanation.decisions[decision]!.nullCause;

  it("names a missing input, and carries it to the decisions that use the null", () => {
    expect(cause({ y: 1, d: 1 }, "doubled")).toMatchObject({ address: "inputs.x", reason: "missing-input" });
    expect(cause({ y: 1, d: 1 }, "quadrupled")).toMatchObject({ address: "inputs.x", reason: "missing-input" });
    expect(cause({ x: null, y: 1, d: 1 }, "doubled")).toMatchObject({ address: "inputs.x", reason: "missing-input" });
  });

  it("names an input that could not be read as its type", () => {
    expect(cause({ x: "twelve", y: 1, d: 1 }, "doubled")).toMatchObject({ address: "inputs.x", reason: "conversion-failed" });
  });

  it("names a type mismatch and an invalid argument where they happen, without quoting the model", () => {
    const mixed = cause({ x: 1, y: "text", d: 1 }, "mixed")!;
    expect(mixed).toMatchObject({ address: "decisions.mixed", reason: "type-mismatch" });
    expect(mixed.detail).not.toContain('"');
    expect(cause({ x: 1, y: 1, d: 0 }, "ratio")).toMatchObject({ address: "decisions.ratio", reason: "invalid-argument" });
  });

  it("places what happens in a rule's output on the rule", () => {
    expect(cause({ x: 1, y: 1, d: 0 }, "inverse")).toMatchObject({ address: "decisions.inverse.rule[2]", reason: "invalid-argument" });
    expect(cause({ x: 1, y: 1, d: -1 }, "inverse")).toMatchObject({ address: "decisions.inverse.rule[1]", reason: "null-operand" });
    expect(cause({ x: 1, y: 1, d: 4 }, "inverse")).toBeUndefined();
  });

  it("says when no rule matched, and gives no cause for a value", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (x) => {
        const band = model.explain({ x, y: 1, d: 1 }).explanation.decisions.band!;
        if (x > 100) expect(band.nullCause).toBeUndefined();
        else expect(band.nullCause).toMatchObject({ address: "decisions.band", reason: "no-rule-matched" });
      }),
    );
  });
});
