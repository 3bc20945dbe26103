import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    pool: "forks",
    globalSetup: ["test/server/global-setup.ts"],
    // the CLI's caches (the DuckDB engine's lowerings) go to a folder of this run's, not the user's
    env: { PDM_CACHE_DIR: join(tmpdir(), `pdm-test-cache-${process.pid}`) },
  },
});
