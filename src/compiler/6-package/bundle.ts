// The code of a package and of a `-o` module, which have one API: the generated module, the
// runtime it uses, the public API (runtime/api.ts) and the state check written from the input
// schema (5-load/state-check-source.ts), bundled by esbuild into one file per module format.
// The entry imports from the runtime each function the generated code calls, by name (runtime-names.ts),
// and hands the generated code those alone as its `rt`: a bundle holds no more of the runtime.
import type { Plugin } from "esbuild";
import type { CompiledModel } from "../5-load/compiled-model.js";
import { builtinNames, runtimeNames } from "./runtime-names.js";
import {
  bundleWithRuntime,
  type BundleOptions,
  type ModuleFormat,
  type NumberMode,
  type RuntimeMode,
  type RuntimePart,
} from "./standalone.js";
import { stateCheckSource } from "../5-load/state-check-source.js";
import { ROUNDING_MODES } from "../../runtime/builtins/number.js";

const CHECK_MODULE = "pdm:state-check";

/** The virtual module of the state check: the written check over the formats, and the formats (for the problems of a refused state). */
function checkModule(model: CompiledModel, kit: string): Plugin {
  const contents = [
    `import { formats } from ${JSON.stringify(kit)};`,
    "export { formats };",
    `export const check = (function (F) {\n${stateCheckSource(model.inputSchema)}\n})(formats);`,
  ].join("\n");
  return {
    name: "pdm-package-modules",
    setup(b) {
      b.onResolve({ filter: /^pdm:state-check$/ }, (args) => ({ path: CHECK_MODULE, namespace: "pdm", pluginData: args.resolveDir }));
      b.onLoad({ filter: /.*/, namespace: "pdm" }, (args) => ({ contents, loader: "js", resolveDir: args.pluginData as string }));
    },
  };
}

/** What the entry itself takes from the runtime, under names no generated one can take (`$` is none of theirs). */
const OWN = ["entryPoints", "DeclaredResultError", "packageApi", "InvalidStateError"] as const;

/**
 * The runtime functions through which a temporal value can come about: reading a temporal input,
 * a temporal literal, the built-ins that make one (range() reads them from its string too) and
 * external functions. Generated code that calls none of them makes none.
 */
const TEMPORAL_SOURCES = [
  "fromJson",
  "itemConverter",
  "temporalLiteral",
  "temporalBuiltins",
  "rangeBuiltins",
  "externalFunction",
  "epochDay",
];

/** The runtime functions and built-ins through which generated code reaches a part of the runtime. */
interface Reach {
  names: readonly string[];
  builtins: readonly string[];
}

/**
 * How the model's code reaches each part of the runtime a bundle can leave out, temporal code aside
 * (which divides: a model that makes a temporal value reaches the wide form). The wide decimal form: through a quotient (a
 * division that does not end, held unevaluated until arithmetic turns it wide); should a way be
 * missed, only speed is lost (runtime/decimal-wide-absent.ts). Powers and roots: through the
 * operator and the built-ins that take them (a rounding to a negative scale takes a power of ten).
 */
const REACH: Record<Exclude<RuntimePart, "temporal">, Reach> = {
  wideDecimals: { names: ["div", "pow", "certDiv", "certPow", "certPowerMemo", "roundQuotient"], builtins: ["mean", "sqrt"] },
  wideSqrt: { names: [], builtins: ["sqrt"] },
  powers: { names: ["pow", "certPow", "certPowerMemo"], builtins: ["sqrt", "log", "exp", ...Object.keys(ROUNDING_MODES)] },
  limbPowers: { names: ["pow", "certPow", "certPowerMemo"], builtins: Object.keys(ROUNDING_MODES) },
};

/** The parts of the runtime the model's code cannot reach (its bundle leaves them out). */
function unreached(model: CompiledModel): RuntimePart[] {
  const names = runtimeNames(model.source);
  const builtins = builtinNames(model.source);
  const temporal = names.some((n) => TEMPORAL_SOURCES.includes(n));
  const reached = (r: Reach) => names.some((n) => r.names.includes(n)) || builtins.some((n) => r.builtins.includes(n));
  const parts = (Object.keys(REACH) as (keyof typeof REACH)[]).filter(
    (part) => !reached(REACH[part]) && !(temporal && part === "wideDecimals"),
  );
  return temporal ? parts : ["temporal", ...parts];
}

/** The module's text: the same API for a package and for `-o` (runtime/api.ts). */
function entrySource(model: CompiledModel, numbers: NumberMode, kit: string): string {
  const inputs = model.ir.inputs.map((i) => i.name);
  const names = runtimeNames(model.source);
  const imports = [...OWN, ...names.filter((n) => !(OWN as readonly string[]).includes(n))];
  return [
    `import { ${imports.map((n) => `${n} as $${n}`).join(", ")} } from ${JSON.stringify(kit)};`,
    `const m = $entryPoints((function (rt) {\n${model.source}\n})({ ${names.map((n) => `${n}: $${n}`).join(", ")} }));`,
    `const questions = ${JSON.stringify(model.ir.questions)};`,
    `import { check, formats } from ${JSON.stringify(CHECK_MODULE)};`,
    `export const inputSchema = ${JSON.stringify(model.inputSchema)};`,
    `const api = $packageApi(m, questions, { check, schema: inputSchema, formats }, ${JSON.stringify(inputs)});`,
    "export { $InvalidStateError as InvalidStateError };",
    // the runtime's own class, the one its generated code throws, so that `instanceof` holds
    "export { $DeclaredResultError as DeclaredResultError };",
    `export const contentHash = ${JSON.stringify(model.hash)};`,
    `export const numbers = ${JSON.stringify(numbers)};`,
    ...API_EXPORTS.map((name) => `export const ${name} = api.${name};`),
  ].join("\n");
}

/** The functions of the API, in the order the module exports them. */
const API_EXPORTS = ["validate", "evaluate", "evaluateTraced", "explain", "answers", "evaluateUnchecked"] as const;

export interface ModuleOptions {
  numbers?: NumberMode;
  minify?: boolean;
  runtime?: RuntimeMode;
}

/** The model's module in the given formats. */
async function modules<F extends ModuleFormat>(model: CompiledModel, options: ModuleOptions, formats: F[]): Promise<Record<F, string>> {
  const numbers = options.numbers ?? "decimal";
  if (numbers === "double" && options.runtime === "import")
    throw new Error("the shared runtime computes with decimals: --numbers double needs the runtime bundled in");
  const leaveOut = unreached(model);
  const bundle = (format: ModuleFormat) => {
    const settings: BundleOptions = { ...options, format, numbers };
    return bundleWithRuntime(
      { contents: (kit) => entrySource(model, numbers, kit), plugins: (kit) => [checkModule(model, kit)], leaveOut },
      settings,
    );
  };
  const texts = await Promise.all(formats.map(bundle));
  return Object.fromEntries(formats.map((f, i) => [f, texts[i]!])) as Record<F, string>;
}

/** The package's module in both formats. */
export const packageModules = (model: CompiledModel, options: ModuleOptions): Promise<Record<ModuleFormat, string>> =>
  modules(model, options, ["esm", "cjs"]);

/** One self-contained module (`pdm compile -o`): the package's code in one format, importable from any folder. */
export async function standaloneModule(model: CompiledModel, format: ModuleFormat = "esm", options: ModuleOptions = {}): Promise<string> {
  return (await modules(model, options, [format]))[format];
}
