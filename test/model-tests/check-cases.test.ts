// A model's cases as part of its check: one error per failing expectation, at the decision or
// question it names, and nothing for what follows from it (decisions reading it, its answer).
import { describe, expect, it } from "vitest";
import { loadSamples, type Sample } from "../../bench/load-samples.js";
import { compileUncached } from "../../src/compiler/index.js";
import { caseDiagnostics } from "../../src/model-tests/check-cases.js";
import type { TestCase } from "../../src/model-tests/cases.js";

const samples = loadSamples();
const casesOf = (s: Sample): TestCase[] => s.cases.map((c) => ({ name: c.name, state: c.state, expect: structuredClone(c.expected) }));
const compiled = (model: Sample["model"]) => {
  const r = compileUncached(model);
  if (!r.ok) throw new Error("does not compile");
  return r.model;
};
/** A value of the same JSON kind that differs from `v`. */
const other = (v: unknown): unknown =>
  typeof v === "number" ? v + 1 : typeof v === "boolean" ? !v : typeof v === "string" ? `${v}!` : "x";

describe("a model's cases in its check", () => {
  it.each(samples)("$name: its own cases pass", (s) => {
    expect(caseDiagnostics(compiled(s.model), casesOf(s))).toEqual([]);
  });

  it.each(samples)("$name: each changed expectation is one error at its decision or question, in its case", (s) => {
    const model = compiled(s.model);
    let tried = 0;
    for (const [k, c] of casesOf(s).entries())
      for (const part of ["decisions", "answers"] as const)
        for (const name of Object.keys(c.expect[part] ?? {})) {
          const changed = casesOf(s)[k]!;
          const expected = changed.expect[part]!;
          const value = expected[name];
          expected[name] = part === "answers" ? { ...(value as object), value: other((value as { value: unknown }).value) } : other(value);
          const found = caseDiagnostics(model, [changed]);
          expect(found.map((d) => `${d.code} ${d.address}`)).toEqual([
            `cases.failed ${part === "answers" ? "questions" : "decisions"}.${name}`,
          ]);
          expect(found[0]!.message).toContain(c.name);
          tried++;
        }
    expect(tried).toBeGreaterThan(5);
  });

  it.each(samples)("$name: a case naming a decision or question the model lacks says so, with the name meant", (s) => {
    const model = compiled(s.model);
    let tried = 0;
    for (const c of casesOf(s))
      for (const part of ["decisions", "answers"] as const)
        for (const name of Object.keys(c.expect[part] ?? {})) {
          // a misspelling: two letters swapped (or one doubled, for a one-letter name)
          const wrong = name.length > 1 ? name[1]! + name[0]! + name.slice(2) : name + name;
          if (wrong === name || Object.hasOwn(c.expect[part]!, wrong)) continue;
          const found = caseDiagnostics(model, [{ ...c, expect: { [part]: { [wrong]: c.expect[part]![name] } } }]);
          const what = part === "decisions" ? "decision" : "question";
          expect(found.map((d) => d.code)).toEqual(["cases.unknown-name"]);
          expect(found[0]!.message).toContain(`the model has no ${what} \`${wrong}\`; did you mean \`${name}\`?`);
          tried++;
        }
    expect(tried).toBeGreaterThan(5);
  });

  it("a changed rule fails at its decision only, not at the decisions and answers computed from it", () => {
    const lending = samples.find((s) => s.name === "lending")!;
    const model = structuredClone(lending.model) as any;
    const rows = model.content.decisions.risk as string[][];
    rows[1]![0] = rows[1]![0]!.replace(">=", "<=");
    const found = caseDiagnostics(compiled(model), casesOf(lending));
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found.map((d) => d.address))).toEqual(new Set(["decisions.risk"]));
  });

  it("a case whose state no longer fits the inputs is an error at the input", () => {
    const lending = samples.find((s) => s.name === "lending")!;
    const [first] = casesOf(lending);
    const state = { ...(first!.state as Record<string, unknown>), "credit score": "high" };
    const found = caseDiagnostics(compiled(lending.model), [{ ...first!, state }]);
    expect(found.map((d) => `${d.code} ${d.address}`)).toEqual(["cases.invalid-state inputs.credit score"]);
  });
});
