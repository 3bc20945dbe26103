// Bundling a compiled model with the runtime it uses (bundle.ts says what the module holds):
// esbuild, tree-shaken, importable from any folder. ES module or CommonJS; numbers as FEEL
// decimals (default) or, with `numbers: "double"`, as JS doubles (outside FEEL: the runtime's
// decimal.ts is swapped for decimal-double.ts at bundle time; the generated code is the same).
// The runtime is bundled from its modules one file each (the TypeScript sources in a checkout, or
// their JavaScript that scripts/build.mjs writes to dist/lib), all marked free of side effects, so
// that what the model's code does not name is left out. With `runtime: "import"` it is not
// bundled: the module imports it from the shared package.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin, transformSync } from "esbuild";
import { withoutComments } from "./uncommented.js";

export type NumberMode = "decimal" | "double";
export type ModuleFormat = "esm" | "cjs";
/** "bundle": the runtime inside the module (default); "import": imported from RUNTIME_PACKAGE. */
export type RuntimeMode = "bundle" | "import";

/** The shared runtime a module built with `runtime: "import"` imports: this project's package. */
export const RUNTIME_PACKAGE = "portable-decision-models/runtime";

/** The language level of every module and package: what docs/packages.md promises. */
export const ECMA_VERSION = 2022;

export interface BundleOptions {
  format?: ModuleFormat;
  numbers?: NumberMode;
  /** minify the module (names, whitespace, syntax) */
  minify?: boolean;
  runtime?: RuntimeMode;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The folder the runtime's modules are in (with the file extension of its modules). */
interface ModuleRoot {
  dir: string;
  ext: ".js" | ".ts";
}

/** The prebuilt modules next to the built CLI (dist/lib), else the TypeScript sources of a checkout. */
function moduleRoot(): ModuleRoot {
  const has = (dir: string, ext: string) => existsSync(join(dir, `compiler/6-package/runtime/index${ext}`));
  const lib = [join(here, "lib"), join(here, "../lib")].find((d) => has(d, ".js"));
  if (lib) return { dir: lib, ext: ".js" };
  const src = [join(here, "../.."), join(here, "../src"), join(here, "../../src")].find((d) => has(d, ".ts"));
  if (src) return { dir: src, ext: ".ts" };
  throw new Error("pdm compile needs the runtime's modules, prebuilt (dist/lib) or as TypeScript sources (src/); neither was found");
}

/** The path of one of the runtime's modules (a path under its folder, without extension), for a bundle to import from directly. */
export function runtimeModule(path: string): string {
  const { dir, ext } = moduleRoot();
  return join(dir, `${path}${ext}`);
}

/** The module a package imports everything from (runtime/index.ts): its path, or the shared package. */
function kitPath(runtime: RuntimeMode = "bundle"): string {
  if (runtime === "import") return RUNTIME_PACKAGE;
  const { dir, ext } = moduleRoot();
  return join(dir, `compiler/6-package/runtime/index${ext}`);
}

/**
 * The runtime modules a bundle can hold a stand-in in place of, for a model whose code cannot reach
 * them (paths under the runtime's folder, without extension): temporal code, and decimal powers and
 * roots (their stand-ins throw: nothing else reaches them), the wide decimal form and its square root
 * (their stand-in answers null, and decimals take the exact form's route to the same result).
 */
const STAND_INS = {
  temporal: ["runtime/temporal/index", "runtime/temporal/absent"],
  wideDecimals: ["runtime/decimal-wide-form", "runtime/decimal-wide-absent"],
  wideSqrt: ["runtime/decimal-wide-sqrt", "runtime/decimal-wide-absent"],
  powers: ["runtime/decimal-functions", "runtime/decimal-powers-absent"],
  exactSqrt: ["runtime/decimal-sqrt", "runtime/decimal-powers-absent"],
  limbPowers: ["runtime/decimal-limbs", "runtime/decimal-powers-absent"],
} as const;

/** A part of the runtime a bundle can leave out (STAND_INS). */
export type RuntimePart = keyof typeof STAND_INS;

/** Each runtime module's TypeScript source as JavaScript without comments, by path (the files do not change while a process runs). */
const UNCOMMENTED = new Map<string, string>();

/**
 * A runtime module's TypeScript source as JavaScript without comments (uncommented.ts); the prebuilt
 * modules (dist/lib) are written so.
 */
function uncommented(path: string): string {
  let code = UNCOMMENTED.get(path);
  if (code === undefined) {
    const ts = readFileSync(path, "utf8");
    const tsconfigRaw = { compilerOptions: { useDefineForClassFields: true } };
    code = withoutComments(transformSync(ts, { loader: "ts", target: `es${ECMA_VERSION}`, tsconfigRaw }).code);
    UNCOMMENTED.set(path, code);
  }
  return code;
}

/**
 * Marks the project's own modules free of side effects (they have none at import), so that esbuild
 * drops each module the model's code does not reach; in double mode resolves the runtime's
 * `decimal.js` to decimal-double, and each part left out to its stand-in (STAND_INS).
 */
function projectModules({ dir, ext }: ModuleRoot, numbers: NumberMode, leaveOut: readonly RuntimePart[]): Plugin {
  const swaps = new Map<string, string>();
  if (numbers === "double") swaps.set(join(dir, "runtime", `decimal${ext}`), join(dir, "runtime", `decimal-double${ext}`));
  for (const part of leaveOut) swaps.set(join(dir, `${STAND_INS[part][0]}${ext}`), join(dir, `${STAND_INS[part][1]}${ext}`));
  const within = dir + sep;
  return {
    name: "pdm-project-modules",
    setup(b) {
      b.onResolve({ filter: /^(\.\.?)?\// }, async (args) => {
        if (args.pluginData === "pdm") return undefined;
        const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: "pdm" });
        if (r.errors.length > 0 || !r.path.startsWith(within)) return r.errors.length > 0 ? { errors: r.errors } : undefined;
        return { path: swaps.get(resolve(r.path)) ?? r.path, sideEffects: false };
      });
      b.onLoad({ filter: /\.ts$/ }, (args) =>
        args.path.startsWith(within) ? { contents: uncommented(args.path), loader: "js" } : undefined,
      );
    },
  };
}

export interface EntrySource {
  /** the entry module's text (ES module syntax), given the path of the module it imports from (kitPath) */
  contents: (kit: string) => string;
  /** more esbuild plugins (virtual modules the entry imports), given the same path */
  plugins?: (kit: string) => Plugin[];
  /** the parts of the runtime the entry's code cannot reach, left out of the bundle (default none) */
  leaveOut?: readonly RuntimePart[];
}

/** Bundles an entry that imports the runtime into one file of the given format. */
export async function bundleWithRuntime(entry: EntrySource, options: BundleOptions = {}): Promise<string> {
  const numbers = options.numbers ?? "decimal";
  const runtime = options.runtime ?? "bundle";
  const root = moduleRoot();
  const kit = kitPath(runtime);
  const result = await build({
    stdin: { contents: entry.contents(kit), resolveDir: root.dir, sourcefile: "model.mjs", loader: "js" },
    // paths in the module's comments relative to the runtime's folder: the same text from any working folder
    absWorkingDir: root.dir,
    bundle: true,
    format: options.format ?? "esm",
    platform: "neutral",
    target: `es${ECMA_VERSION}`,
    mainFields: ["module", "main"],
    external: runtime === "import" ? [RUNTIME_PACKAGE] : [],
    plugins: [...(runtime === "bundle" ? [projectModules(root, numbers, entry.leaveOut ?? [])] : []), ...(entry.plugins?.(kit) ?? [])],
    minify: options.minify === true,
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}
