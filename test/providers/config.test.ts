import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV } from "../../src/providers/config.js";

describe("provider configuration", () => {
  it("documents exactly the environment variables it reads", () => {
    const docs = readFileSync(new URL("../../docs/providers.md", import.meta.url), "utf8");
    const documented = [...docs.matchAll(/^\| `(PDM_[A-Z0-9_]+)`/gm)].map((m) => m[1]);
    expect([...new Set(documented)].sort()).toEqual(Object.keys(ENV).sort());
  });
});
