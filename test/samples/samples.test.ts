// End-to-end check of the compiler on the sample models: every state's decisions and answers
// must equal the hand-computed files in samples/*/expected, and the broken model must be
// rejected with a diagnostic at every address listed in samples/broken/expected-diagnostics.json.
import { describe, expect, it } from "vitest";
import { checkModel, compileModel } from "../../src/compiler/index.js";
import { loadBroken, loadSamples, type ExpectedDiagnostic } from "../../bench/load-samples.js";
import { TABLE200_CASES, table200Model } from "../../bench/models/table200.js";
import type { Diagnostic } from "../../src/ir/diagnostics.js";

function compileOrFail(model: Parameters<typeof compileModel>[0]) {
  const result = compileModel(model);
  if (!result.ok) {
    const problems = result.check.stages.flatMap((s) => s.diagnostics).map((d) => `${d.address ?? "?"}: ${d.code} ${d.message}`);
    expect.fail(`model did not compile:\n${problems.join("\n")}`);
  }
  return result.model;
}

describe("sample models", () => {
  for (const sample of loadSamples()) {
    describe(sample.name, () => {
      it("compiles in strict mode", () => {
        const result = compileModel(sample.model);
        expect(result.ok).toBe(true);
      });

      for (const c of sample.cases) {
        it(c.name, () => {
          const model = compileOrFail(sample.model);
          const decisions = model.evaluate(c.state);
          expect(decisions).toEqual(c.expected.decisions);
          expect(model.answers(decisions)).toEqual(c.expected.answers);
        });
      }
    });
  }

  describe("table200 (generated)", () => {
    for (const c of TABLE200_CASES) {
      it(c.name, () => {
        const model = compileOrFail(table200Model());
        const decisions = model.evaluate(c.state);
        expect(decisions).toEqual(c.expected);
        expect(model.answers(decisions)).toEqual({
          fee: { value: c.expected.fee, distribution: [{ value: c.expected.fee, p: 1 }] },
        });
      });
    }
  });
});

/** A diagnostic at the expected address or inside it (a table's rule, a let entry) counts. */
const within = (actual: string | undefined, expected: string): boolean =>
  actual !== undefined && (actual === expected || actual.startsWith(`${expected}.`) || actual.startsWith(`${expected}[`));

const matches = (d: Diagnostic, e: ExpectedDiagnostic): boolean =>
  d.severity === e.severity && [e.address, ...(e.alsoAcceptable ?? [])].some((a) => within(d.address, a));

describe("broken sample", () => {
  const { model, diagnostics: expected } = loadBroken();
  const check = checkModel(model);
  const reported = check.stages.flatMap((s) => s.diagnostics);

  it("is invalid", () => {
    expect(check.valid).toBe(false);
  });

  for (const e of expected) {
    it(`reports ${e.severity} at ${e.address} (${e.problem ?? ""})`, () => {
      const found = reported.some((d) => matches(d, e));
      expect(found, `reported:\n${reported.map((d) => `${d.severity} ${d.address} ${d.code}`).join("\n")}`).toBe(true);
    });
  }

  it("does not compile", () => {
    expect(compileModel(model).ok).toBe(false);
  });
});
