// Human-readable rendering of check results and diagnostics. When the model came from a file,
// each diagnostic also names its line and column there (model-positions.ts).
import type { CheckResult } from "../compiler/index.js";
import type { Diagnostic } from "../ir/diagnostics.js";
import { visibleLine, visibleLines } from "../ir/visible-text.js";
import { locateValues, positionOf, type Position } from "./model-positions.js";

export interface SourceFile {
  /** the file name as the user gave it */
  name: string;
  text: string;
}

/** A diagnostic's lines; the marks under its expression line up with the expression as shown (visibleLine). */
function diagnosticLines(d: Diagnostic, at?: string): string[] {
  const where = d.address ? `${d.address}${at ? ` (${at})` : ""}: ` : "";
  const lines = [`  ${d.severity} ${where}${d.message} [${d.code}]`];
  if (d.source !== undefined && d.span) {
    const shown = (from: number, to: number) => visibleLine(d.source!.slice(from, to)).length;
    const marks = "^".repeat(Math.max(1, shown(d.span.start, d.span.end)));
    lines.push(`      ${d.source}`, `      ${" ".repeat(shown(0, d.span.start))}${marks}`);
  }
  return lines;
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
      lines.push(...diagnosticLines(d, p ? `${file.name}:${p.line}:${p.column}` : undefined));
    }
  }
  // each line one line: a line feed in a name or a message is shown, not obeyed
  return visibleLines(lines);
}
