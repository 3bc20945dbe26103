// The package's code: the generated module, the runtime it uses, the public API and the
// precompiled state validator, bundled by esbuild into one file per module format.
import { join } from "node:path";
import type { Plugin } from "esbuild";
import type { CompiledModel } from "../5-load/compiled-model.js";
import { bundleWithRuntime, modelPrelude, sourceRoot, type ModuleFormat, type NumberMode } from "./standalone.js";
import { FORMATS_MODULE, validatorCode } from "./validator-code.js";

const VALIDATOR_MODULE = "pdm:validator";

/** The two virtual modules: the validator's code and the formats it calls. */
function virtualModules(validator: string, src: string): Plugin {
  const formats = join(src, "compiler/6-package/runtime/formats.ts");
  return {
    name: "pdm-package-modules",
    setup(b) {
      b.onResolve({ filter: /^pdm:/ }, (args) => {
        if (args.path === VALIDATOR_MODULE) return { path: VALIDATOR_MODULE, namespace: "pdm" };
        if (args.path === FORMATS_MODULE) return { path: formats };
        return undefined;
      });
      // resolveDir: the validator's own `require("ajv/dist/runtime/...")` helpers resolve from the sources
      b.onLoad({ filter: /.*/, namespace: "pdm" }, () => ({ contents: validator, loader: "js", resolveDir: src }));
    },
  };
}

function entrySource(model: CompiledModel, numbers: NumberMode, runtime: string, src: string): string {
  return [
    ...modelPrelude(model, runtime),
    `import check from ${JSON.stringify(VALIDATOR_MODULE)};`,
    `import { packageApi } from ${JSON.stringify(join(src, "compiler/6-package/runtime/api.ts"))};`,
    "const api = packageApi(m, questions, check);",
    `export const contentHash = ${JSON.stringify(model.hash)};`,
    `export const numbers = ${JSON.stringify(numbers)};`,
    `export const inputSchema = ${JSON.stringify(model.inputSchema)};`,
    "export const evaluate = api.evaluate;",
    "export const evaluateTraced = api.evaluateTraced;",
    "export const answers = api.answers;",
    "export const validate = api.validate;",
  ].join("\n");
}

/** The package's module in both formats, from one validator compilation. */
export async function packageModules(model: CompiledModel, numbers: NumberMode): Promise<Record<ModuleFormat, string>> {
  const src = sourceRoot();
  if (!src) throw new Error("pdm --package needs the compiler's TypeScript sources (src/), which were not found");
  const plugins = [virtualModules(validatorCode(model.inputSchema), src)];
  const bundle = (format: ModuleFormat) =>
    bundleWithRuntime({ contents: (runtime) => entrySource(model, numbers, runtime, src), plugins }, { format, numbers });
  const [esm, cjs] = await Promise.all([bundle("esm"), bundle("cjs")]);
  return { esm, cjs };
}
