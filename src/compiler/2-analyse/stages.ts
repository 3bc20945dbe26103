// Diagnostics are collected in one list and sorted into the Check stages by their code's stage
// in the diagnostic catalogue.
import type { Diagnostic } from "../../ir/diagnostics.js";
import type { Stage } from "../../ir/check.js";
import { catalogueEntry, CHECK_STAGES, type CheckStageName } from "../../ir/diagnostic-catalogue/index.js";

const STAGE_NAMES = CHECK_STAGES;
export type StageName = CheckStageName;

const isCheckStage = (s: string | undefined): s is StageName => (STAGE_NAMES as readonly (string | undefined)[]).includes(s);

/** The Check stage of a code; a code of no Check stage is shown under `parse` rather than lost. */
export function stageOf(code: string): StageName {
  const stage = catalogueEntry(code)?.stage;
  return isCheckStage(stage) ? stage : "parse";
}

export function toStages(diagnostics: readonly Diagnostic[]): Stage[] {
  return STAGE_NAMES.map((name) => {
    const ds = diagnostics.filter((d) => stageOf(d.of ?? d.code) === name);
    return { name, ok: !ds.some((d) => d.severity === "error"), diagnostics: ds };
  });
}

/** Warnings as the Check lists them: the message prefixed with its address. */
export const warningLines = (diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.filter((d) => d.severity === "warning").map((d) => (d.address ? `${d.address}: ${d.message}` : d.message));
