// Reads the sample models in samples/: each folder holds model.json and cases/*.json, one test
// case `{state, expect}` per file (what `pdm test` reads). Shared by the sample tests and the benchmark.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

const SAMPLES_DIR = fileURLToPath(new URL("../samples/", import.meta.url));

interface Expected {
  decisions: Record<string, unknown>;
  answers: Record<string, unknown>;
}

interface SampleCase {
  name: string;
  state: Record<string, unknown>;
  expected: Expected;
}

export interface Sample {
  name: string;
  model: { content: Record<string, unknown>; questions: Record<string, unknown> };
  cases: SampleCase[];
}

export interface ExpectedDiagnostic {
  address: string;
  severity: "error" | "warning" | "info";
  /** other addresses at which reporting the same problem is equally right (e.g. any decision of a cycle) */
  alsoAcceptable?: string[];
  problem?: string;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, "utf8")) as T;

/** The runnable samples: every folder with a cases/ directory, in name order. */
export function loadSamples(): Sample[] {
  return readdirSync(SAMPLES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(SAMPLES_DIR, d.name, "cases")))
    .map((d) => d.name)
    .sort()
    .map(loadSample);
}

export function loadSample(name: string): Sample {
  const dir = join(SAMPLES_DIR, name);
  const cases = readdirSync(join(dir, "cases"))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => {
      const { state, expect } = readJson<{ state: Record<string, unknown>; expect: Expected }>(join(dir, "cases", file));
      return { name: basename(file, ".json"), state, expected: expect };
    });
  return { name, model: readJson(join(dir, "model.json")), cases };
}

export function loadBroken(): { model: Sample["model"]; diagnostics: ExpectedDiagnostic[] } {
  const dir = join(SAMPLES_DIR, "broken");
  return { model: readJson(join(dir, "model.json")), diagnostics: readJson(join(dir, "expected-diagnostics.json")) };
}
