// `pdm compile <model.json> --package <dir>`: an npm package that needs nothing from us —
// package.json, index.js (ESM), index.cjs (CommonJS), index.d.ts / index.d.cts, schema.json and
// README.md. See docs/packages.md.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CompiledModel } from "../5-load/compiled-model.js";
import type { NumberMode, RuntimeMode } from "./standalone.js";
import { packageModules } from "./bundle.js";
import { declarations } from "./dts.js";
import { isValidPackageName, manifest, packageName } from "./manifest.js";
import { readme } from "./readme.js";
import { visibleJson } from "../../ir/visible-text.js";

export { isValidPackageName } from "./manifest.js";

export interface PackageOptions {
  /** npm name (default: from the model's name) */
  name?: string;
  version?: string;
  /** "decimal" (FEEL, default) or "double" (JS doubles, outside FEEL) */
  numbers?: NumberMode;
  /** minify index.js and index.cjs */
  minify?: boolean;
  /** "bundle" (default): the runtime inside; "import": imported from the shared runtime package */
  runtime?: RuntimeMode;
}

/** The package's files by name. */
export async function packageFiles(model: CompiledModel, options: PackageOptions = {}): Promise<Record<string, string>> {
  const numbers = options.numbers ?? "decimal";
  const name = options.name ?? packageName(model.ir.name);
  if (!isValidPackageName(name)) throw new Error(`${JSON.stringify(name)} is not a valid npm package name`);
  const modules = await packageModules(model, { numbers, minify: options.minify === true, runtime: options.runtime ?? "bundle" });
  const dts = declarations(model, numbers);
  return {
    "package.json": `${visibleJson(manifest(model, name, options.version ?? "1.0.0", numbers, options.runtime ?? "bundle"), 2)}\n`,
    "index.js": modules.esm,
    "index.cjs": modules.cjs,
    "index.d.ts": dts,
    // the same declarations for `require`: in a `"type": "module"` package a .d.ts describes ESM
    "index.d.cts": dts,
    "schema.json": `${visibleJson(model.inputSchema, 2)}\n`,
    "README.md": readme(model, name, numbers),
  };
}

/** Writes the package into `dir` (created if needed); returns the file names written. */
export async function writePackage(model: CompiledModel, dir: string, options: PackageOptions = {}): Promise<string[]> {
  const files = await packageFiles(model, options);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return Object.keys(files);
}
