// A compiled model as one self-contained ES module: the verified body plus the runtime it uses,
// bundled by esbuild (tree-shaken), importable from any folder.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { CompiledModel } from "../compiler.js";

/** The runtime entry: the built bundle next to the CLI, or the TypeScript source in a checkout. */
function runtimeEntry(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, "runtime.mjs"), join(here, "../runtime.mjs"), join(here, "../runtime/generated-api.ts"), join(here, "../src/runtime/generated-api.ts")];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`runtime not found (looked in ${candidates.join(", ")})`);
  return found;
}

export function standaloneSource(model: CompiledModel, runtimePath: string): string {
  return [
    `import * as rt from ${JSON.stringify(runtimePath)};`,
    `const m = rt.entryPoints((function (rt) {\n${model.source}\n})(rt));`,
    `const questions = ${JSON.stringify(model.ir.questions)};`,
    `export const contentHash = ${JSON.stringify(model.hash)};`,
    `export const inputSchema = ${JSON.stringify(model.inputSchema)};`,
    "export const evaluate = m.evaluate;",
    "export const evaluateTraced = m.evaluateTraced;",
    "export const evaluateValues = m.evaluateValues;",
    "export const functions = m.functions;",
    "export const answers = (decisions) => rt.answersFor(questions, decisions);",
  ].join("\n");
}

export async function standaloneModule(model: CompiledModel, format: "esm" | "cjs" = "esm"): Promise<string> {
  const entry = runtimeEntry();
  const result = await build({
    stdin: { contents: standaloneSource(model, entry), resolveDir: dirname(entry), sourcefile: "model.mjs", loader: "js" },
    bundle: true,
    format,
    platform: "neutral",
    mainFields: ["module", "main"],
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}
