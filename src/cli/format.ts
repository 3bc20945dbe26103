// Human-readable rendering of check results and diagnostics.
import type { CheckResult } from "../compiler/index.js";
import type { Diagnostic } from "../ir/diagnostics.js";

function formatDiagnostic(d: Diagnostic): string {
  const where = d.address ? `${d.address}: ` : "";
  let text = `  ${d.severity} ${where}${d.message} [${d.code}]`;
  if (d.source !== undefined && d.span) {
    text += `\n      ${d.source}\n      ${" ".repeat(d.span.start)}${"^".repeat(Math.max(1, d.span.end - d.span.start))}`;
  }
  return text;
}

export function formatCheck(check: CheckResult, name: string): string {
  const lines = [`${name}: ${check.valid ? "valid" : "invalid"}`];
  for (const stage of check.stages) {
    lines.push(`${stage.ok ? "✓" : "✗"} ${stage.name}`);
    for (const d of stage.diagnostics) lines.push(formatDiagnostic(d));
  }
  return lines.join("\n");
}
