// The compiled side of a generated model as a `-o` module (`pdm compile -o … --numbers …`), for the
// benchmark's BENCH_GENERATED_NUMBERS: made by the built CLI beside the compiler module measured
// (its `main`, in this process), written to a scratch folder of the process (removed when it exits;
// the profiler reads the module's lines back) and imported; its `evaluateUnchecked` is the
// counterpart of the compiled model's `evaluate` (no state check).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Evaluate } from "./doubles-js.js";

export type NumberMode = "decimal" | "double";

type Cli = { main: (args: string[]) => Promise<number> };

/** The prefix of the scratch folder's name, by which the profiler knows a module's samples. */
export const MODULE_FOLDER = "pdm-generated-";

let folder: string | undefined;
let made = 0;

function scratch(): string {
  if (folder === undefined) {
    const dir = mkdtempSync(join(tmpdir(), MODULE_FOLDER));
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    folder = dir;
  }
  return folder;
}

/** The model's content as a `-o` module compiled by the CLI at `cli` with `numbers` (leniently when not `strict`), imported: its unchecked entry. */
export async function moduleEvaluate(cli: string, content: unknown, numbers: NumberMode, { strict = true } = {}): Promise<Evaluate> {
  const { main } = (await import(pathToFileURL(cli).href)) as Cli;
  const base = join(scratch(), `model-${made++}`);
  writeFileSync(`${base}.json`, JSON.stringify(content));
  const lenient = strict ? [] : ["--lenient"];
  const status = await main(["compile", `${base}.json`, "-o", `${base}.mjs`, "--numbers", numbers, ...lenient]);
  if (status !== 0) throw new Error(`pdm compile --numbers ${numbers} exited ${status}`);
  const mod = (await import(pathToFileURL(`${base}.mjs`).href)) as { evaluateUnchecked: Evaluate };
  return (state) => mod.evaluateUnchecked(state);
}
