// Small models for the analyser tests.
import type { Diagnostic } from "../../../src/ir/diagnostics.js";
import { analyseModel, type AnalysisResult } from "../../../src/compiler/2-analyse/index.js";

export type Content = Record<string, unknown>;

/** A strict-valid content with one number input `age`, overridable section by section. */
export function content(parts: Partial<Record<"types" | "inputs" | "decisions" | "functions", unknown>> = {}): Content {
  return {
    name: "test",
    inputs: { age: { type: "number", desc: "Age in years" } },
    decisions: { adult: "age >= 18" },
    ...parts,
  };
}

export const strict = (c: Content, questions?: unknown): AnalysisResult =>
  analyseModel(questions === undefined ? c : { content: c, questions: questions as Record<string, unknown> }, { strict: true });

export const lenient = (c: Content, questions?: unknown): AnalysisResult =>
  analyseModel(questions === undefined ? c : { content: c, questions: questions as Record<string, unknown> }, { strict: false });

export const errors = (r: AnalysisResult): Diagnostic[] => r.diagnostics.filter((d) => d.severity === "error");
export const warnings = (r: AnalysisResult): Diagnostic[] => r.diagnostics.filter((d) => d.severity === "warning");
export const codes = (r: AnalysisResult): string[] => errors(r).map((d) => d.code);

export function only(r: AnalysisResult, code: string): Diagnostic {
  const found = r.diagnostics.filter((d) => d.code === code);
  if (found.length !== 1) throw new Error(`expected one ${code}, got ${JSON.stringify(r.diagnostics, null, 1)}`);
  return found[0]!;
}

export function ok(r: AnalysisResult): NonNullable<AnalysisResult["ir"]> {
  if (!r.ir) throw new Error(`expected a valid model, got ${JSON.stringify(errors(r), null, 1)}`);
  return r.ir;
}

export const stage = (r: AnalysisResult, name: string) => r.stages.find((s) => s.name === name)!;
