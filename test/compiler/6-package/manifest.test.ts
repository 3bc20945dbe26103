import { describe, expect, it } from "vitest";
import { isValidPackageName, manifest, packageName } from "../../../src/compiler/6-package/manifest.js";
import { compileSample } from "./helpers.js";

describe("package names and package.json", () => {
  it("derives an npm name from the model's name", () => {
    expect(packageName("KYC customer risk rating")).toBe("kyc-customer-risk-rating");
    expect(packageName("Prêt à taux zéro (2025)")).toBe("pret-a-taux-zero-2025");
    expect(packageName("_internal model_")).toBe("internal-model");
    expect(packageName("!!!")).toBe("decision-model");
    expect(packageName("x".repeat(300)).length).toBeLessThanOrEqual(214);
    for (const n of ["KYC customer risk rating", "Prêt à taux zéro (2025)", "!!!"]) expect(isValidPackageName(packageName(n))).toBe(true);
  });

  it("accepts scoped names and rejects what npm rejects", () => {
    expect(isValidPackageName("@acme/lending-model")).toBe(true);
    for (const bad of ["Upper", "has space", ".dot", "_under", "", "a/b"]) expect(isValidPackageName(bad)).toBe(false);
  });

  it("points import and require at their files and declarations, with no dependencies", () => {
    const model = compileSample("lending");
    const m = manifest(model, "lending", "2.0.0", "decimal") as Record<string, any>;
    expect(m.exports["."]).toEqual({
      import: { types: "./index.d.ts", default: "./index.js" },
      require: { types: "./index.d.cts", default: "./index.cjs" },
    });
    expect(m).toMatchObject({
      name: "lending",
      version: "2.0.0",
      type: "module",
      main: "./index.cjs",
      types: "./index.d.ts",
      pdm: { contentHash: model.hash, numbers: "decimal" },
    });
    expect(m.dependencies).toBeUndefined();
  });
});
