// The kit's CSV result format and the console summary.
import type { CaseResult } from "./runner.js";

const quote = (s: string): string => `"${s.replace(/"/g, '""').replace(/\r?\n/g, " ")}"`;

/** `"folder","test file","case id","SUCCESS|ERROR|IGNORED","detail"`, one line per case. */
export function toCsv(results: readonly CaseResult[]): string {
  return results.map((r) => [r.folder, r.testFile, r.caseId, r.status, r.detail].map(quote).join(",")).join("\n") + "\n";
}

export interface Totals {
  passed: number;
  failed: number;
  ignored: number;
}

export function totals(results: readonly CaseResult[]): Totals {
  const t: Totals = { passed: 0, failed: 0, ignored: 0 };
  for (const r of results) {
    if (r.status === "SUCCESS") t.passed++;
    else if (r.status === "ERROR") t.failed++;
    else t.ignored++;
  }
  return t;
}

/** Per-folder lines, then the ignored count, then `N passed, N failed` as the last line. */
export function summary(results: readonly CaseResult[]): string {
  const byFolder = new Map<string, CaseResult[]>();
  for (const r of results) byFolder.set(r.folder, [...(byFolder.get(r.folder) ?? []), r]);
  const lines: string[] = [];
  for (const [folder, rs] of byFolder) {
    const t = totals(rs);
    const ignored = t.ignored > 0 ? ` (${t.ignored} ignored)` : "";
    lines.push(`${folder.padEnd(48)} ${String(t.passed).padStart(4)}/${t.passed + t.failed}${ignored}`);
  }
  const t = totals(results);
  if (t.ignored > 0) lines.push(`${t.ignored} ignored`);
  lines.push(`${t.passed} passed, ${t.failed} failed`);
  return lines.join("\n") + "\n";
}
