// What happens to one real DMN file: import, check (strict, then lenient) and a run on a state
// generated from the imported model's input schema. The classes are the rows of the corpus table.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import fc from "fast-check";
import { checkModel, compileUncached } from "../../../src/compiler/index.js";
import { freeNames } from "../../../src/cli/free-names.js";
import { importDmn } from "../../../src/dmn/index.js";
import type { Diagnostic } from "../../../src/ir/diagnostics.js";
import { arbitraryFor } from "../../support/arbitrary-state.js";

export const OUTCOMES = {
  runs: "imports, checks strictly, runs",
  "runs-lenient": "imports, needs `--lenient`, runs",
  "check-rejects": "import says nothing (exit 0), then `pdm check` rejects",
  "import-error-checks": "import reports an error, the model still checks",
  "import-error-rejected": "import reports an error, `pdm check` rejects",
  "run-fails": "checks, then the run throws",
  crash: "crash",
} as const;

export type Outcome = keyof typeof OUTCOMES;

export interface FileOutcome {
  outcome: Outcome;
  /** the first error's code: of the import, else of the check, else of the run */
  code?: string;
}

export const CORPUS = join(import.meta.dirname, "..", "..", "fixtures", "dmn-corpus");

/** Every .dmn file of the corpus, relative to it, in a stable order. */
export function corpusFiles(dir = CORPUS): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith(".dmn")) out.push(relative(dir, join(d, e.name)));
    }
  };
  walk(dir);
  return out.sort();
}

/** The other .dmn files of the file's folder, as `pdm import-dmn` offers them to `<import>`. */
function siblingsOf(path: string): Record<string, string> {
  const dir = dirname(path);
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir)) if (name.endsWith(".dmn")) out[name] = readFileSync(join(dir, name), "utf8");
  return out;
}

const firstError = (ds: readonly Diagnostic[]): string | undefined => ds.find((d) => d.severity === "error")?.code;

/** A plausible state: one sample of the input schema's arbitrary, the same on every run. */
function plausibleState(schema: Record<string, unknown>, seed: number): Record<string, unknown> {
  return fc.sample(arbitraryFor(schema), { numRuns: 1, seed })[0] as Record<string, unknown>;
}

export function outcomeOf(file: string, dir = CORPUS, seed = 34): FileOutcome {
  const path = join(dir, file);
  try {
    const siblings = siblingsOf(path);
    const name = file.slice(file.lastIndexOf("/") + 1);
    // as `pdm import-dmn` does it
    const imported = importDmn(siblings[name]!, { file: name, siblings, freeNames });
    const importError = firstError(imported.diagnostics);
    if (!imported.content) return { outcome: "import-error-rejected", code: importError };
    const strict = checkModel(imported.content, { strict: true });
    const lenient = strict.valid ? strict : checkModel(imported.content, { strict: false });
    const checkError = firstError(lenient.stages.flatMap((s) => s.diagnostics));
    if (importError) return { outcome: lenient.valid ? "import-error-checks" : "import-error-rejected", code: importError };
    if (!lenient.valid) return { outcome: "check-rejects", code: checkError };
    const compiled = compileUncached(imported.content, { strict: strict.valid });
    if (!compiled.ok) return { outcome: "run-fails", code: firstError(compiled.check.stages.flatMap((s) => s.diagnostics)) };
    try {
      compiled.model.evaluate(plausibleState(compiled.model.inputSchema, seed));
    } catch (e) {
      return { outcome: "run-fails", code: e instanceof Error ? e.name : "throw" };
    }
    return { outcome: strict.valid ? "runs" : "runs-lenient" };
  } catch (e) {
    return { outcome: "crash", code: e instanceof Error ? e.message.slice(0, 120) : String(e) };
  }
}

/** Files per outcome, in the table's order. */
export function tally(outcomes: Record<string, FileOutcome>): Record<Outcome, number> {
  const counts = Object.fromEntries(Object.keys(OUTCOMES).map((k) => [k, 0])) as Record<Outcome, number>;
  for (const o of Object.values(outcomes)) counts[o.outcome]++;
  return counts;
}
