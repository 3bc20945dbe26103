// package.json of a generated package: ESM and CommonJS entry points with their declarations,
// the schema as a subpath, and no dependencies (but the shared runtime, as a peer, when the
// modules import it rather than bundle it).
import type { CompiledModel } from "../5-load/compiled-model.js";
import { RUNTIME_PACKAGE, type NumberMode, type RuntimeMode } from "./standalone.js";

/** An npm package name from a model name: `KYC customer risk rating` → `kyc-customer-risk-rating`. */
export function packageName(modelName: string): string {
  const name = modelName
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[-._~]+|[-._~]+$/g, "")
    .slice(0, 200)
    .replace(/[-._~]+$/, "");
  return name || "decision-model";
}

/** Names npm accepts: lowercase, URL-safe, optionally scoped. */
export const isValidPackageName = (name: string): boolean =>
  /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/.test(name) && name.length <= 214;

const PACKAGE_FILES = ["index.js", "index.cjs", "index.d.ts", "index.d.cts", "schema.json", "README.md"];

/** The package the shared runtime is in (RUNTIME_PACKAGE is a subpath of it). */
const RUNTIME_OWNER = RUNTIME_PACKAGE.slice(0, RUNTIME_PACKAGE.indexOf("/"));

export function manifest(
  model: CompiledModel,
  name: string,
  version: string,
  numbers: NumberMode,
  runtime: RuntimeMode = "bundle",
): Record<string, unknown> {
  return {
    name,
    version,
    description: `${model.ir.name}: a decision model compiled by pdm${numbers === "double" ? " (numbers as JS doubles, outside FEEL)" : ""}`,
    type: "module",
    main: "./index.cjs",
    module: "./index.js",
    types: "./index.d.ts",
    exports: {
      ".": {
        import: { types: "./index.d.ts", default: "./index.js" },
        require: { types: "./index.d.cts", default: "./index.cjs" },
      },
      "./schema.json": "./schema.json",
      "./package.json": "./package.json",
    },
    files: PACKAGE_FILES,
    sideEffects: false,
    ...(runtime === "import" ? { peerDependencies: { [RUNTIME_OWNER]: "*" } } : {}),
    engines: { node: ">=20" },
    pdm: { contentHash: model.hash, numbers },
  };
}
