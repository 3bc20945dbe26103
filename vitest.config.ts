import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    pool: "forks",
    globalSetup: ["test/server/global-setup.ts"],
  },
});
