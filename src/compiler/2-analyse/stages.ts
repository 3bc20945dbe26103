// Diagnostics are collected in one list and sorted into the Check stages by their code's prefix.
import type { Diagnostic } from "../../ir/diagnostics.js";
import type { Stage } from "../../ir/check.js";

export const STAGE_NAMES = ["parse", "names", "types", "graph", "tables", "questions"] as const;
export type StageName = (typeof STAGE_NAMES)[number];

const STAGE_OF_PREFIX: Record<string, StageName> = {
  feel: "parse",
  content: "parse",
  input: "parse",
  decision: "parse",
  function: "parse",
  names: "names",
  types: "types",
  graph: "graph",
  tables: "tables",
  questions: "questions",
};

export const stageOf = (code: string): StageName => STAGE_OF_PREFIX[code.split(".")[0]!] ?? "parse";

export function toStages(diagnostics: readonly Diagnostic[]): Stage[] {
  return STAGE_NAMES.map((name) => {
    const ds = diagnostics.filter((d) => stageOf(d.code) === name);
    return { name, ok: !ds.some((d) => d.severity === "error"), diagnostics: ds };
  });
}

/** Warnings as the Check lists them: the message prefixed with its address. */
export const warningLines = (diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.filter((d) => d.severity === "warning").map((d) => (d.address ? `${d.address}: ${d.message}` : d.message));

// Defined in 1-parse, which reads content before analysis; kept here so the analyser's imports stay.
export { err, warn } from "../1-parse/diagnostic-sink.js";
