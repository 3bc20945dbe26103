// Test cases the runner does not run, each with the reason (reported as IGNORED in the CSV).
// Keyed by folder, then case id ("*" for the whole folder).

const IGNORED: Record<string, Record<string, string>> = {};

export function ignoredReason(folder: string, caseId: string): string | undefined {
  const f = IGNORED[folder];
  return f ? (f[caseId] ?? f["*"]) : undefined;
}
