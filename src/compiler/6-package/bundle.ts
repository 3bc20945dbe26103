// The code of a package and of a `-o` module, which have one API: the generated module, the
// runtime it uses, the public API (runtime/api.ts) and the precompiled state validator, bundled
// by esbuild into one file per module format.
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
import { FORMATS_MODULE, validatorSource } from "../5-load/validator-source.js";

const VALIDATOR_MODULE = "pdm:validator";

/** The two virtual modules: the validator's code and the formats it calls. */
function virtualModules(validator: string, { formats, resolveDir }: ApiFiles): Plugin {
  return {
    name: "pdm-package-modules",
    setup(b) {
      b.onResolve({ filter: /^pdm:/ }, (args) => {
        if (args.path === VALIDATOR_MODULE) return { path: VALIDATOR_MODULE, namespace: "pdm" };
        if (args.path === FORMATS_MODULE) return { path: formats };
        return undefined;
      });
      // resolveDir: the validator's own `require("ajv/dist/runtime/...")` helpers resolve from the project
      b.onLoad({ filter: /.*/, namespace: "pdm" }, () => ({ contents: validator, loader: "js", resolveDir }));
    },
  };
}

/** The module's text: the same API for a package and for `-o` (runtime/api.ts). */
function entrySource(model: CompiledModel, numbers: NumberMode, runtime: string, api: string): string {
  const inputs = model.ir.inputs.map((i) => i.name);
  return [
    ...modelPrelude(model, runtime),
    `import check from ${JSON.stringify(VALIDATOR_MODULE)};`,
    `import { packageApi, InvalidStateError } from ${JSON.stringify(api)};`,
    `const api = packageApi(m, questions, check, ${JSON.stringify(inputs)});`,
    "export { InvalidStateError };",
    // the runtime's own class, the one its generated code throws, so that `instanceof` holds
    "export const DeclaredResultError = rt.DeclaredResultError;",
    `export const contentHash = ${JSON.stringify(model.hash)};`,
    `export const numbers = ${JSON.stringify(numbers)};`,
    `export const inputSchema = ${JSON.stringify(model.inputSchema)};`,
    ...API_EXPORTS.map((name) => `export const ${name} = api.${name};`),
  ].join("\n");
}

/** The functions of the API, in the order the module exports them. */
const API_EXPORTS = ["validate", "evaluate", "evaluateTraced", "explain", "answers", "evaluateUnchecked"] as const;

/** The model's module in the given formats, from one validator compilation. */
async function modules<F extends ModuleFormat>(model: CompiledModel, numbers: NumberMode, formats: F[]): Promise<Record<F, string>> {
  const files = apiFiles();
  const plugins = [virtualModules(model.loadable.validatorSource ?? validatorSource(model.inputSchema), files)];
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
