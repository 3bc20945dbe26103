// docs/diagnostics.md is generated from the diagnostic catalogue (scripts/docs/diagnostics.ts).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DOC_PATH, render } from "../../scripts/docs/diagnostics.js";
import { CATALOGUE } from "../../src/ir/diagnostic-catalogue/index.js";

describe("docs/diagnostics.md", () => {
  it("is what the catalogue renders (run `npx tsx scripts/docs/diagnostics.ts --write` after changing it)", () => {
    expect(readFileSync(DOC_PATH, "utf8")).toBe(render());
  });

  it("has one table row for every code", () => {
    const rows = render()
      .split("\n")
      .map((line) => /^\| `([a-z][a-z0-9.-]*)` \| (error|warning|strict error) \|/.exec(line)?.[1])
      .filter((code) => code !== undefined);
    expect(rows.sort()).toEqual(Object.keys(CATALOGUE).sort());
  });
});
