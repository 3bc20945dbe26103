// Builds the CLI once before the spawned-server suites, then snapshots bin/ and dist/ into a
// private folder so that another build running meanwhile (which empties dist/) cannot pull the
// files from under a spawned server. A failed build does not abort unrelated suites: the error is
// handed to the tests that need the CLI.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    pdmBuildError: string | null;
    /** the snapshot's bin/pdm.mjs */
    pdmBin: string;
  }
}

export default function setup(project: TestProject): () => void {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  // Inside node_modules so the bundle's external packages resolve from the project.
  const snapshot = join(root, "node_modules", ".cache", `pdm-e2e-${process.pid}`);
  try {
    execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "pipe" });
    mkdirSync(snapshot, { recursive: true });
    cpSync(join(root, "bin"), join(snapshot, "bin"), { recursive: true });
    cpSync(join(root, "dist"), join(snapshot, "dist"), { recursive: true });
    project.provide("pdmBuildError", null);
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string };
    project.provide("pdmBuildError", err.stderr?.toString() || err.message);
  }
  project.provide("pdmBin", join(snapshot, "bin", "pdm.mjs"));
  return () => rmSync(snapshot, { recursive: true, force: true });
}
