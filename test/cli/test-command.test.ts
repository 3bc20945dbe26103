// `pdm test` as a user runs it: every sample's cases pass; a changed expected value fails with a
// diff and exit 1; JUnit XML for CI; a DMN TCK test file against an imported model.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pdmBin } from "../server/spawn.js";
import { loadSamples } from "../../bench/load-samples.js";

const root = join(import.meta.dirname, "../..");
const pdm = (args: string[]) => spawnSync(process.execPath, [pdmBin(), ...args], { cwd: root, encoding: "utf8" });
const samples = loadSamples();

/** Each sample's cases in the {state, expect} format, one file each. */
function caseFolder(sample: (typeof samples)[number]): string {
  const dir = mkdtempSync(join(tmpdir(), `pdm-test-${sample.name}-`));
  for (const c of sample.cases) writeFileSync(join(dir, `${c.name}.json`), JSON.stringify({ state: c.state, expect: c.expected }, null, 2));
  return dir;
}

describe("pdm test", () => {
  it.each(samples)("$name: every case kept beside the model passes, named or found by default", (sample) => {
    const model = `samples/${sample.name}/model.json`;
    for (const args of [[model], [model, `samples/${sample.name}/cases`]]) {
      const r = pdm(["test", ...args]);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`${sample.cases.length} passed, 0 failed`);
    }
  });

  it("a changed expected value fails with a diff, the explanation of the decision, and exit 1", () => {
    const lending = samples.find((s) => s.name === "lending")!;
    const dir = caseFolder(lending);
    const file = join(dir, readdirSync(dir)[0]!);
    const c = JSON.parse(readFileSync(file, "utf8"));
    const risk = c.expect.decisions.risk;
    c.expect.decisions.risk = risk === "low" ? "high" : "low";
    writeFileSync(file, JSON.stringify(c));
    const r = pdm(["test", "samples/lending/model.json", dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("decisions.risk");
    expect(r.stdout).toContain(`+ actual   ${JSON.stringify(risk)}`);
    // the explanation of the failing decision: the rule that matched, and for each rule before it the cell that failed
    expect(r.stdout).toMatch(/why:\n\s+risk = "\w+"\n\s+table \(FIRST\) on credit score = /);
    expect(r.stdout).toMatch(/rule \d+ matched/);
    expect(r.stdout).toContain(`${lending.cases.length - 1} passed, 1 failed`);

    const junit = join(dir, "junit.xml");
    const j = pdm(["test", "samples/lending/model.json", dir, "--reporter", "junit", "-o", junit]);
    expect(j.status).toBe(1);
    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain(`tests="${lending.cases.length}" failures="1"`);
    expect(xml.match(/<failure /g)).toHaveLength(1);
  });

  it("runs a DMN TCK test file against the model imported from its DMN", () => {
    const kit = join(root, "..", "shared", "tck", "compliance-level-3");
    const folder = readdirSync(kit).find((f) => f.startsWith("0008-"))!;
    const files = readdirSync(join(kit, folder));
    const dmn = join(
      kit,
      folder,
      files.find((f) => f.endsWith(".dmn"))!,
    );
    const test = join(
      kit,
      folder,
      files.find((f) => f.endsWith("-test-01.xml"))!,
    );
    const model = join(mkdtempSync(join(tmpdir(), "pdm-tck-")), "model.json");
    expect(pdm(["import-dmn", dmn, "-o", model]).status).toBe(0);
    const r = pdm(["test", model, test, "--lenient"]);
    expect(r.status).toBe(0);
    const cases = (readFileSync(test, "utf8").match(/<testCase /g) ?? []).length;
    expect(cases).toBeGreaterThan(0);
    expect(r.stdout).toContain(`${cases} passed, 0 failed`);
  });

  it("says what is wrong with its arguments", () => {
    expect(pdm(["test", "samples/lending/model.json", "--reporter", "tap"]).status).toBe(2);
    const none = pdm(["test", "samples/lending/model.json", join(tmpdir(), "no-such-cases")]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain("no such file or folder");
  });
});
