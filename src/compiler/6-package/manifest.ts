// package.json of a generated package: ESM and CommonJS entry points with their declarations,
// the schema as a subpath, and no dependencies.
import type { CompiledModel } from "../5-load/compiled-model.js";
import type { NumberMode } from "./standalone.js";

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

export function manifest(model: CompiledModel, name: string, version: string, numbers: NumberMode): Record<string, unknown> {
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
    engines: { node: ">=20" },
    pdm: { contentHash: model.hash, numbers },
  };
}
