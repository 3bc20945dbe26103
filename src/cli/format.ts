// Human-readable rendering of check results and diagnostics. When the model came from a file,
// each diagnostic also names its line and column there (model-positions.ts).
import type { CheckResult } from "../compiler/index.js";
import type { Diagnostic } from "../ir/diagnostics.js";
import { locateValues, positionOf, type Position } from "./model-positions.js";

export interface SourceFile {
  /** the file name as the user gave it */
  name: string;
  text: string;
}

function formatDiagnostic(d: Diagnostic, at?: string): string {
  const where = d.address ? `${d.address}${at ? ` (${at})` : ""}: ` : "";
  let text = `  ${d.severity} ${where}${d.message} [${d.code}]`;
  if (d.source !== undefined && d.span) {
    text += `\n      ${d.source}\n      ${" ".repeat(d.span.start)}${"^".repeat(Math.max(1, d.span.end - d.span.start))}`;
  }
  return text;
}

/** Each diagnostic's line and column in the file, where its address can be found there. */
function diagnosticPositions(check: CheckResult, source: SourceFile): Map<Diagnostic, Position> {
  const out = new Map<Diagnostic, Position>();
  const root = locateValues(source.text);
  if (!root) return out;
  for (const stage of check.stages) for (const d of stage.diagnostics) if (d.address) out.set(d, positionOf(source.text, root, d.address));
  return out;
}

/** The Check with `line` and `column` added to each diagnostic that has a place in the file. */
export function checkWithPositions(check: CheckResult, source: SourceFile): CheckResult {
  const positions = diagnosticPositions(check, source);
  return { ...check, stages: check.stages.map((s) => ({ ...s, diagnostics: s.diagnostics.map((d) => ({ ...d, ...positions.get(d) })) })) };
}

export function formatCheck(check: CheckResult, source: SourceFile | string): string {
  const file = typeof source === "string" ? { name: source, text: "" } : source;
  const positions = file.text ? diagnosticPositions(check, file) : new Map<Diagnostic, Position>();
  const lines = [`${file.name}: ${check.valid ? "valid" : "invalid"}`];
  for (const stage of check.stages) {
    lines.push(`${stage.ok ? "✓" : "✗"} ${stage.name}${stage.summary ? `: ${stage.summary}` : ""}`);
    for (const d of stage.diagnostics) {
      const p = positions.get(d);
      lines.push(formatDiagnostic(d, p ? `${file.name}:${p.line}:${p.column}` : undefined));
    }
  }
  return lines.join("\n");
}
