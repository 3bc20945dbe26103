// docs/java-externals.md lists the mapped methods as src/runtime/java/methods.ts has them.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OUTPUT, render } from "../../scripts/docs/java-externals.js";

describe("docs/java-externals.md", () => {
  it("lists the mapped methods as the table has them (run `npx tsx scripts/docs/java-externals.ts --write`)", () => {
    const page = readFileSync(OUTPUT, "utf8");
    expect(page).toBe(render(page));
  });
});
