// `pdm compile --package` and `--numbers`, through the CLI's entry (in process).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../../src/cli/main.js";
import { root, tempDir } from "./helpers.js";

async function pdm(args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const code = await main(args, { stdout, stderr });
  return { code, stderr: String(stderr.read() ?? "") };
}

const lending = join(root, "samples/lending/model.json");

describe("pdm compile --package", () => {
  it("writes the package into the folder, named after the model unless --name says otherwise", async () => {
    const dir = join(tempDir("pdm-cli-package-"), "out");
    const r = await pdm(["compile", lending, "--package", dir]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/wrote package/);
    expect(readdirSync(dir).sort()).toEqual([
      "README.md",
      "index.cjs",
      "index.d.cts",
      "index.d.ts",
      "index.js",
      "package.json",
      "schema.json",
    ]);
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name).toBe("personal-loan-approval");
    const named = join(tempDir("pdm-cli-package-"), "named");
    expect((await pdm(["compile", lending, "--package", named, "--name", "@acme/loans"])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(named, "package.json"), "utf8")).name).toBe("@acme/loans");
  });

  it("compiles -o with --numbers double into doubles, and says it is outside FEEL", async () => {
    const out = join(tempDir("pdm-cli-double-"), "lending.mjs");
    const r = await pdm(["compile", lending, "-o", out, "--numbers", "double"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/outside FEEL/);
    const mod = await import(pathToFileURL(out).href);
    const state = JSON.parse(readFileSync(join(root, "samples/lending/cases/exact-decimal.json"), "utf8")).state;
    expect(mod.evaluate(state)["debt to income"]).toBe(0.30000000000000004);
  });

  it("rejects a missing output, an unknown number mode and a bad name", async () => {
    expect((await pdm(["compile", lending])).code).toBe(2);
    const bogus = await pdm(["compile", lending, "-o", "x.mjs", "--numbers", "float"]);
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toMatch(/--numbers must be decimal or double/);
    expect((await pdm(["compile", lending, "--package", tempDir("pdm-cli-"), "--name", "Bad Name"])).code).toBe(2);
  });
});
