// The code of a package and of a `-o` module, which have one API: the generated module, the
// runtime it uses, the public API (runtime/api.ts) and the state check written from the input
// schema (5-load/state-check-source.ts), bundled by esbuild into one file per module format.
import { dirname } from "node:path";
import type { Plugin } from "esbuild";
import type { CompiledModel } from "../5-load/compiled-model.js";
import {
  apiFiles,
  bundleWithRuntime,
  modelPrelude,
  type ApiFiles,
  type BundleOptions,
  type ModuleFormat,
  type NumberMode,
} from "./standalone.js";
import { stateCheckSource } from "../5-load/state-check-source.js";

const CHECK_MODULE = "pdm:state-check";

/** The virtual module of the state check: the written check over the formats, and the formats (for the problems of a refused state). */
function checkModule(model: CompiledModel, { formats }: ApiFiles): Plugin {
  const contents = [
    `import { formats } from ${JSON.stringify(formats)};`,
    "export { formats };",
    `export const check = (function (F) {\n${stateCheckSource(model.inputSchema)}\n})(formats);`,
  ].join("\n");
  return {
    name: "pdm-package-modules",
    setup(b) {
      b.onResolve({ filter: /^pdm:state-check$/ }, () => ({ path: CHECK_MODULE, namespace: "pdm" }));
      b.onLoad({ filter: /.*/, namespace: "pdm" }, () => ({ contents, loader: "js", resolveDir: dirname(formats) }));
    },
  };
}

/** The module's text: the same API for a package and for `-o` (runtime/api.ts). */
function entrySource(model: CompiledModel, numbers: NumberMode, runtime: string, api: string): string {
  const inputs = model.ir.inputs.map((i) => i.name);
  return [
    ...modelPrelude(model, runtime),
    `import { check, formats } from ${JSON.stringify(CHECK_MODULE)};`,
    `import { packageApi, InvalidStateError } from ${JSON.stringify(api)};`,
    `export const inputSchema = ${JSON.stringify(model.inputSchema)};`,
    `const api = packageApi(m, questions, { check, schema: inputSchema, formats }, ${JSON.stringify(inputs)});`,
    "export { InvalidStateError };",
    // the runtime's own class, the one its generated code throws, so that `instanceof` holds
    "export const DeclaredResultError = rt.DeclaredResultError;",
    `export const contentHash = ${JSON.stringify(model.hash)};`,
    `export const numbers = ${JSON.stringify(numbers)};`,
    ...API_EXPORTS.map((name) => `export const ${name} = api.${name};`),
  ].join("\n");
}

/** The functions of the API, in the order the module exports them. */
const API_EXPORTS = ["validate", "evaluate", "evaluateTraced", "explain", "answers", "evaluateUnchecked"] as const;

/** The model's module in the given formats. */
async function modules<F extends ModuleFormat>(model: CompiledModel, numbers: NumberMode, formats: F[]): Promise<Record<F, string>> {
  const files = apiFiles();
  const plugins = [checkModule(model, files)];
  const bundle = (format: ModuleFormat) =>
    bundleWithRuntime({ contents: (runtime) => entrySource(model, numbers, runtime, files.api), plugins }, { format, numbers });
  const texts = await Promise.all(formats.map(bundle));
  return Object.fromEntries(formats.map((f, i) => [f, texts[i]!])) as Record<F, string>;
}

/** The package's module in both formats. */
export const packageModules = (model: CompiledModel, numbers: NumberMode): Promise<Record<ModuleFormat, string>> =>
  modules(model, numbers, ["esm", "cjs"]);

/** One self-contained module (`pdm compile -o`): the package's code in one format, importable from any folder. */
export async function standaloneModule(
  model: CompiledModel,
  format: ModuleFormat = "esm",
  options: Omit<BundleOptions, "format"> = {},
): Promise<string> {
  return (await modules(model, options.numbers ?? "decimal", [format]))[format];
}
