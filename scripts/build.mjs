// Bundles the CLI and the standalone runtime with esbuild (type-checking is `tsc --noEmit`).
// The bundles are written to a fresh folder that then takes the place of dist/ in one rename, so a
// server or command started from dist/ while a build runs never finds it half written.
import { renameSync, rmSync } from "node:fs";
import { build } from "esbuild";

const common = { bundle: true, platform: "node", format: "esm", target: "node20", sourcemap: true, logLevel: "warning" };
const next = `dist.next-${process.pid}`;
const old = `dist.old-${process.pid}`;

rmSync(next, { recursive: true, force: true });
await Promise.all([
  // Code splitting keeps each command's dependencies (fastify, pg, …) out of the others' start-up.
  build({
    ...common,
    // `compiler` is the compiler API as the CLI and service run it, for the benchmark to load.
    entryPoints: { cli: "src/cli/main.ts", compiler: "src/compiler/index.ts" },
    outdir: next,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    packages: "external",
  }),
  // The runtime bundled with its dependencies, so a compiled model can inline it.
  build({
    ...common,
    entryPoints: ["src/runtime/generated-api.ts"],
    outfile: `${next}/runtime.mjs`,
    platform: "neutral",
    mainFields: ["module", "main"],
  }),
]);
try {
  renameSync("dist", old);
} catch (e) {
  if (e.code !== "ENOENT") throw e;
}
renameSync(next, "dist");
rmSync(old, { recursive: true, force: true });
