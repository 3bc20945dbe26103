// Bundles the CLI and the standalone runtime with esbuild (type-checking is `tsc --noEmit`).
import { build } from "esbuild";

const common = { bundle: true, platform: "node", format: "esm", target: "node20", sourcemap: true, logLevel: "warning" };

await Promise.all([
  build({ ...common, entryPoints: ["src/cli/main.ts"], outfile: "dist/cli.mjs", packages: "external" }),
  // The runtime bundled with its dependencies, so a compiled model can inline it.
  build({ ...common, entryPoints: ["src/runtime/generated-api.ts"], outfile: "dist/runtime.mjs", platform: "neutral", mainFields: ["module", "main"] }),
]);
