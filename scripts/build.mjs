// Bundles the CLI with esbuild, writes the runtime's modules that packages are bundled from
// (buildLib), and builds the playground page with vite (type-checking is `tsc --noEmit`).
// The bundles are written to a fresh folder that then takes the place of dist/ in one rename, so a
// server or command started from dist/ while a build runs never finds it half written.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
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

/**
 * The modules packages and `-o` modules are bundled from (src/compiler/6-package/runtime/index.ts and
 * all it imports, decimal-double.ts for --numbers double, and the stand-ins a bundle holds in place of the parts its
 * model's code cannot reach: temporal/absent.ts, decimal-wide-absent.ts, decimal-powers-absent.ts) as JavaScript one file each, not
 * bundled, in <out>/lib: a model's bundle then keeps only the modules its code reaches. They are
 * free of side effects at import, which their package.json says for other bundlers too; the same
 * folder is the shared runtime a `--runtime import` module imports (package.json "exports").
 */
/** A TypeScript module of the project, bundled into <out> (its packages imported) and imported. */
async function importTs(path, out) {
  const file = resolve(out, "build-helper.mjs");
  await build({
    entryPoints: [path],
    outfile: file,
    bundle: true,
    packages: "external",
    format: "esm",
    platform: "node",
    logLevel: "warning",
  });
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(file);
  }
}

async function buildLib(out) {
  const entries = [
    "src/compiler/6-package/runtime/index.ts",
    "src/runtime/decimal-double.ts",
    "src/runtime/temporal/absent.ts",
    "src/runtime/decimal-wide-absent.ts",
    "src/runtime/decimal-powers-absent.ts",
  ];
  const { metafile } = await build({
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    packages: "external",
    outdir: "unused",
    format: "esm",
    logLevel: "warning",
  });
  const { outputFiles } = await build({
    entryPoints: Object.keys(metafile.inputs).filter((f) => f.startsWith("src/")),
    outdir: `${out}/lib`,
    outbase: "src",
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    logLevel: "warning",
  });
  // without comments, as a bundle made from the sources reads them (src/compiler/6-package/uncommented.ts)
  const { withoutComments } = await importTs("src/compiler/6-package/uncommented.ts", out);
  for (const f of outputFiles) {
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, withoutComments(f.text));
  }
  writeFileSync(`${out}/lib/package.json`, `${JSON.stringify({ type: "module", sideEffects: false }, null, 2)}\n`);
}

const { dependencies } = JSON.parse(readFileSync("package.json", "utf8"));
const BUNDLED = ["bullmq", "ioredis", "@duckdb/node-api"];
const common = { bundle: true, platform: "node", format: "esm", target: "node20", sourcemap: true, logLevel: "warning" };
const next = `dist.next-${process.pid}`;

/** This build's name: a hash of the sources and the locked packages (src/cli/lowering-cache.ts keeps a build's lowerings apart). */
function buildId() {
  const hash = createHash("sha256");
  const files = readdirSync("src", { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => join(f.parentPath ?? f.path, f.name))
    .sort();
  for (const f of [...files, "package-lock.json"]) hash.update(f).update("\0").update(readFileSync(f)).update("\0");
  return hash.digest("hex").slice(0, 32);
}
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
    // Every package stays external but BullMQ and ioredis: loaded as dozens of CommonJS modules
    // they cost `pdm score --queue` and `pdm worker` about 0.1 s of CPU at each start; bundled, half
    // that. So does DuckDB's Node API for `pdm score --engine duckdb` (its native bindings stay
    // external). Their `require` of Node's own modules goes through createRequire.
    external: [...Object.keys(dependencies).filter((name) => !BUNDLED.includes(name)), "@duckdb/node-bindings"],
    define: { PDM_BUILD: JSON.stringify(buildId()) },
    banner: { js: 'import { createRequire as __pdmRequire } from "node:module"; const require = __pdmRequire(import.meta.url);' },
  }),
  buildLib(next),
  buildPage(next),
]);
try {
  renameSync("dist", old);
} catch (e) {
  if (e.code !== "ENOENT") throw e;
}
renameSync(next, "dist");
rmSync(old, { recursive: true, force: true });
