// Shared by the package tests: the runnable samples, their compiled models, and packages
// written to a temporary folder outside the repository (as `node_modules/<name>`, so plain
// Node resolves them by name through their `exports`).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileModel, type CompiledModel } from "../../../src/compiler/index.js";
import { writePackage, type PackageOptions } from "../../../src/compiler/6-package/index.js";

export const root = join(import.meta.dirname, "../../..");
const samplesDir = join(root, "samples");

export const SAMPLES = readdirSync(samplesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && readdirSync(join(samplesDir, d.name)).includes("cases"))
  .map((d) => d.name);

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));

export function compileSample(sample: string): CompiledModel {
  const result = compileModel(readJson(join(samplesDir, sample, "model.json")) as Record<string, unknown>);
  if (!result.ok) throw new Error(`${sample} does not compile`);
  return result.model;
}

interface SampleCase {
  state: Record<string, unknown>;
  expect: { decisions: Record<string, unknown>; answers: Record<string, unknown> };
}

const sampleCase = (sample: string, file: string) => readJson(join(samplesDir, sample, "cases", file)) as SampleCase;

/** Every state of a sample by case file name. */
export function states(sample: string): Record<string, Record<string, unknown>> {
  const dir = join(samplesDir, sample, "cases");
  return Object.fromEntries(readdirSync(dir).map((f) => [f, sampleCase(sample, f).state]));
}

export const expected = (sample: string, file: string) => sampleCase(sample, file).expect;

/** A fresh folder in the system's temporary directory (never inside the repository). */
export const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));

/** Writes the package of a model into `<dir>/node_modules/<name>`; returns its folder. */
export async function installPackage(model: CompiledModel, dir: string, options: PackageOptions & { name: string }): Promise<string> {
  const folder = join(dir, "node_modules", options.name);
  await writePackage(model, folder, options);
  return folder;
}

/** Runs a script with plain Node in `dir` and parses what it prints as JSON. */
export function runNode(dir: string, file: string, script: string): unknown {
  writeFileSync(join(dir, file), script);
  return JSON.parse(execFileSync(process.execPath, [join(dir, file)], { cwd: dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }));
}
