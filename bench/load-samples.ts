// Reads the sample models in samples/: each folder holds model.json, states/*.json and
// expected/*.json with matching file names. Shared by the sample tests and the benchmark.
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

/** The runnable samples: every folder with a states/ directory, in name order. */
export function loadSamples(): Sample[] {
  return readdirSync(SAMPLES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(SAMPLES_DIR, d.name, "states")))
    .map((d) => d.name)
    .sort()
    .map(loadSample);
}

export function loadSample(name: string): Sample {
  const dir = join(SAMPLES_DIR, name);
  const cases = readdirSync(join(dir, "states"))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({
      name: basename(file, ".json"),
      state: readJson<Record<string, unknown>>(join(dir, "states", file)),
      expected: readJson<Expected>(join(dir, "expected", file)),
    }));
  return { name, model: readJson(join(dir, "model.json")), cases };
}

export function loadBroken(): { model: Sample["model"]; diagnostics: ExpectedDiagnostic[] } {
  const dir = join(SAMPLES_DIR, "broken");
  return { model: readJson(join(dir, "model.json")), diagnostics: readJson(join(dir, "expected-diagnostics.json")) };
}
