// Bundling a compiled model with the runtime it uses (bundle.ts says what the module holds):
// esbuild, tree-shaken, importable from any folder. ES module or CommonJS; numbers
// as FEEL decimals (default) or, with `numbers: "double"`, as JS doubles (outside FEEL: the
// runtime's decimal.ts is swapped for decimal-double.ts at bundle time; the generated code is
// the same).
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import type { CompiledModel } from "../5-load/compiled-model.js";

export type NumberMode = "decimal" | "double";
export type ModuleFormat = "esm" | "cjs";

export interface BundleOptions {
  format?: ModuleFormat;
  numbers?: NumberMode;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The TypeScript sources (`src/`), from this file in a checkout or from the built CLI in `dist/`. */
function sourceRoot(): string | undefined {
  return [join(here, "../.."), join(here, "../src"), join(here, "../../src")].find((p) => existsSync(join(p, "runtime/generated-api.ts")));
}

/**
 * The runtime entry: the prebuilt bundle next to the CLI, or the TypeScript source in a checkout.
 * Double mode needs the source, since the swap happens while bundling it.
 */
function runtimeEntry(numbers: NumberMode): string {
  const src = sourceRoot();
  const source = src ? [join(src, "runtime/generated-api.ts")] : [];
  const candidates = numbers === "double" ? source : [join(here, "runtime.mjs"), join(here, "../runtime.mjs"), ...source];
  const found = candidates.find((p) => existsSync(p));
  if (!found)
    throw new Error(`runtime${numbers === "double" ? " source" : ""} not found (looked in ${candidates.join(", ") || "no source folder"})`);
  return found;
}

/** The files the API of a package or `-o` module is bundled from (bundle.ts). */
export interface ApiFiles {
  api: string;
  formats: string;
}

/**
 * The package API and the state check's formats: prebuilt next to the CLI (scripts/build.mjs), or
 * the TypeScript sources in a checkout.
 */
export function apiFiles(): ApiFiles {
  const prebuilt = [here, join(here, "..")].find((d) => existsSync(join(d, "package-api.mjs")));
  if (prebuilt) return { api: join(prebuilt, "package-api.mjs"), formats: join(prebuilt, "package-formats.mjs") };
  const src = sourceRoot();
  if (!src)
    throw new Error(
      "pdm compile needs the package API, prebuilt (dist/package-api.mjs) or as TypeScript sources (src/); neither was found",
    );
  const runtime = join(src, "compiler/6-package/runtime");
  return { api: join(runtime, "api.ts"), formats: join(runtime, "formats.ts") };
}

/** Resolves the runtime's `./decimal.js` (and `../decimal.js`) to decimal-double.ts. */
function doubleNumbers(runtimeDir: string): Plugin {
  const decimal = join(runtimeDir, "decimal.js");
  return {
    name: "pdm-double-numbers",
    setup(b) {
      b.onResolve({ filter: /^\.\.?\/(.*\/)?decimal\.js$/ }, (args) =>
        resolve(args.resolveDir, args.path) === decimal ? { path: join(runtimeDir, "decimal-double.ts") } : undefined,
      );
    },
  };
}

/** Lines that build the model's entry points `m` and its `questions` from the runtime `rt`. */
export function modelPrelude(model: CompiledModel, runtimePath: string): string[] {
  return [
    `import * as rt from ${JSON.stringify(runtimePath)};`,
    `const m = rt.entryPoints((function (rt) {\n${model.source}\n})(rt));`,
    `const questions = ${JSON.stringify(model.ir.questions)};`,
  ];
}

export interface EntrySource {
  /** the entry module's text (ES module syntax), given the runtime's path */
  contents: (runtimePath: string) => string;
  /** more esbuild plugins (virtual modules the entry imports) */
  plugins?: Plugin[];
  /** where bare imports of the entry resolve from (default: the runtime's folder) */
  resolveDir?: string;
}

/** Bundles an entry that imports the runtime into one file of the given format. */
export async function bundleWithRuntime(entry: EntrySource, options: BundleOptions = {}): Promise<string> {
  const numbers = options.numbers ?? "decimal";
  const runtime = runtimeEntry(numbers);
  const result = await build({
    stdin: { contents: entry.contents(runtime), resolveDir: entry.resolveDir ?? dirname(runtime), sourcefile: "model.mjs", loader: "js" },
    bundle: true,
    format: options.format ?? "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    plugins: [...(numbers === "double" ? [doubleNumbers(dirname(runtime))] : []), ...(entry.plugins ?? [])],
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}
