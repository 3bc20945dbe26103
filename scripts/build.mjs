// Bundles the CLI and the standalone runtime with esbuild (type-checking is `tsc --noEmit`).
import { rmSync } from "node:fs";
import { build } from "esbuild";

const common = { bundle: true, platform: "node", format: "esm", target: "node20", sourcemap: true, logLevel: "warning" };

rmSync("dist", { recursive: true, force: true });
await Promise.all([
  // Code splitting keeps each command's dependencies (fastify, pg, …) out of the others' start-up.
  build({
    ...common,
    // `compiler` is the compiler API as the CLI and service run it, for the benchmark to load.
    entryPoints: { cli: "src/cli/main.ts", compiler: "src/compiler/index.ts" },
    outdir: "dist",
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    packages: "external",
  }),
  // The runtime bundled with its dependencies, so a compiled model can inline it.
  build({ ...common, entryPoints: ["src/runtime/generated-api.ts"], outfile: "dist/runtime.mjs", platform: "neutral", mainFields: ["module", "main"] }),
]);
