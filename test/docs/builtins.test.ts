// docs/builtins.md is generated from the built-in catalogue and must not drift from it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OUTPUT, render } from "../../scripts/docs/builtins.js";
import { BUILTINS } from "../../src/runtime/builtins/index.js";

describe("docs/builtins.md", () => {
  it("is what scripts/docs/builtins.ts renders (run `npx tsx scripts/docs/builtins.ts --write`)", () => {
    expect(readFileSync(OUTPUT, "utf8")).toBe(render());
  });

  it("lists every built-in with each of its parameter names", () => {
    const doc = render();
    for (const d of BUILTINS) {
      const row = doc.split("\n").find((line) => line.startsWith(`| \`${d.name}(`));
      expect(row, d.name).toBeDefined();
      for (const p of d.signatures.flatMap((s) => s.params)) expect(row, `${d.name}: ${p}`).toContain(p);
      expect(row).toContain(d.description);
    }
  });
});
