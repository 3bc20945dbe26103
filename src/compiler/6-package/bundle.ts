// The code of a package and of a `-o` module, which have one API: the generated module, the
// runtime it uses, the public API (runtime/api.ts) and the state check written from the input
// schema (5-load/state-check-source.ts), bundled by esbuild into one file per module format.
// The entry imports from the runtime each function the generated code calls, by name (runtime-names.ts),
// and hands the generated code those alone as its `rt`: a bundle holds no more of the runtime.
import type { Plugin } from "esbuild";
import type { CompiledModel } from "../5-load/compiled-model.js";
import { builtinMaker, builtinNames, builtinsByGroup, runtimeNames } from "./runtime-names.js";
import type { BuiltinGroup } from "../../runtime/builtins/index.js";
import {
  bundleWithRuntime,
  type BundleOptions,
  type ModuleFormat,
  type NumberMode,
  type RuntimeMode,
  type RuntimePart,
  runtimeModule,
} from "./standalone.js";
import { stateCheckSource } from "../5-load/state-check-source.js";

const CHECK_MODULE = "pdm:state-check";

/** Whether a schema names a string format anywhere (a `format` keyword). */
function namesFormat(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(namesFormat);
  if (schema === null || typeof schema !== "object") return false;
  return Object.entries(schema).some(([k, v]) => (k === "format" && typeof v === "string") || namesFormat(v));
}

/**
 * The virtual module of the state check: the written check over the formats, and the formats (for
 * the problems of a refused state); none for a schema that names no format, which neither reads.
 */
function checkModule(model: CompiledModel, kit: string): Plugin {
  const contents = [
    namesFormat(model.inputSchema) ? `import { formats } from ${JSON.stringify(kit)};` : "const formats = {};",
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
 * operator and the built-ins that take them.
 */
const REACH: Record<Exclude<RuntimePart, "temporal">, Reach> = {
  wideDecimals: { names: ["div", "pow", "certDiv", "certPow", "certPowerMemo", "roundQuotient"], builtins: ["mean", "sqrt"] },
  wideSqrt: { names: [], builtins: ["sqrt"] },
  exactSqrt: { names: [], builtins: ["sqrt"] },
  powers: { names: ["pow", "certPow", "certPowerMemo"], builtins: ["sqrt", "log", "exp"] },
  limbPowers: { names: ["pow", "certPow", "certPowerMemo"], builtins: [] },
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

/**
 * The module of each group of built-ins (a path under the runtime's folder, without extension),
 * which exports the maker of each of its built-ins (runtime/builtins/def.ts).
 */
export const GROUP_MODULES: Readonly<Record<BuiltinGroup, string>> = {
  conversionBuiltins: "runtime/builtins/conversion",
  temporalBuiltins: "runtime/temporal/builtins",
  booleanBuiltins: "runtime/builtins/boolean",
  stringBuiltins: "runtime/builtins/string",
  regexBuiltins: "runtime/builtins/regex",
  listBuiltins: "runtime/builtins/list",
  aggregateBuiltins: "runtime/builtins/aggregate",
  numberBuiltins: "runtime/builtins/number",
  contextBuiltins: "runtime/builtins/context",
  rangeBuiltins: "runtime/builtins/range",
};

const isGroup = (name: string): name is BuiltinGroup => Object.hasOwn(GROUP_MODULES, name);

/**
 * The groups of built-ins the code takes by name, each as the JS of an array of just those
 * built-ins, made by their makers, with the imports of the makers: a bundle then holds no other
 * built-in. A group the code reaches otherwise is handed over whole (not listed here).
 */
function groupsByMaker(source: string): { imports: string[]; groups: Map<string, string> } {
  const imports: string[] = [];
  const groups = new Map<string, string>();
  for (const [group, use] of builtinsByGroup(source)) {
    if (use.whole || !isGroup(group)) continue;
    const makers = use.names.map(builtinMaker);
    imports.push(
      `import { ${makers.map((m) => `${m} as $$${m}`).join(", ")} } from ${JSON.stringify(runtimeModule(GROUP_MODULES[group]))};`,
    );
    groups.set(group, `[${makers.map((m) => `$$${m}()`).join(", ")}]`);
  }
  return { imports, groups };
}

/** The module's text: the same API for a package and for `-o` (runtime/api.ts). */
function entrySource(model: CompiledModel, numbers: NumberMode, kit: string, runtime: RuntimeMode): string {
  const inputs = model.ir.inputs.map((i) => i.name);
  const byMaker = runtime === "bundle" ? groupsByMaker(model.source) : { imports: [], groups: new Map<string, string>() };
  const names = runtimeNames(model.source);
  const taken = names.filter((n) => !(OWN as readonly string[]).includes(n) && !byMaker.groups.has(n));
  const imports = [...OWN, ...taken];
  const handed = names.map((n) => `${n}: ${byMaker.groups.get(n) ?? `$${n}`}`);
  return [
    `import { ${imports.map((n) => `${n} as $${n}`).join(", ")} } from ${JSON.stringify(kit)};`,
    ...byMaker.imports,
    `const m = $entryPoints((function (rt) {\n${model.source}\n})({ ${handed.join(", ")} }));`,
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
      {
        contents: (kit) => entrySource(model, numbers, kit, options.runtime ?? "bundle"),
        plugins: (kit) => [checkModule(model, kit)],
        leaveOut,
      },
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
