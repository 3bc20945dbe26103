// Bundles the CLI and the standalone runtime with esbuild, and the playground page with vite
// (type-checking is `tsc --noEmit`).
// The bundles are written to a fresh folder that then takes the place of dist/ in one rename, so a
// server or command started from dist/ while a build runs never finds it half written.
import { renameSync, rmSync } from "node:fs";
import { build } from "esbuild";

/** The playground page (web/) into <out>/web, served by `pdm serve` and `pdm playground`; skipped without the dev dependencies. */
async function buildPage(out) {
  let vite;
  try {
    vite = await import("vite");
  } catch {
    console.warn("build: vite is not installed (npm install without --omit=dev builds it): the playground page is left out");
    return;
  }
  await vite.build({
    root: "web",
    base: "/",
    logLevel: "warn",
    configFile: false,
    build: { outDir: `../${out}/web`, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1024 },
  });
}

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
  // The runtime bundled with its dependencies, so a compiled model can inline it; likewise the API
  // of packages and `-o` modules and the formats of their state validator.
  build({
    ...common,
    entryPoints: {
      runtime: "src/runtime/generated-api.ts",
      "package-api": "src/compiler/6-package/runtime/api.ts",
      "package-formats": "src/compiler/6-package/runtime/formats.ts",
    },
    outdir: next,
    outExtension: { ".js": ".mjs" },
    platform: "neutral",
    mainFields: ["module", "main"],
  }),
  buildPage(next),
]);
try {
  renameSync("dist", old);
} catch (e) {
  if (e.code !== "ENOENT") throw e;
}
renameSync(next, "dist");
rmSync(old, { recursive: true, force: true });
