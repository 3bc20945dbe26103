// `pdm run --explain`: for the rejected lending applicant the terminal shows, for every rule tried
// before the one that fired, the first cell that failed (its column header and its text as the
// model file writes them) and the value that column saw; `--json` prints the explanation itself,
// the one the compiled model (and so the service and a package) gives.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileModel } from "../../src/compiler/index.js";
import type { Explanation } from "../../src/ir/explanation.js";
import { pdmBin } from "../server/spawn.js";

const root = join(import.meta.dirname, "../..");
const modelFile = join(root, "samples/lending/model.json");
const pdm = (args: string[]) => spawnSync(process.execPath, [pdmBin(), ...args], { cwd: root, encoding: "utf8" });
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"));
// the state of the sample's test case, as a state file
const stateFile = join(mkdtempSync(join(tmpdir(), "pdm-explain-")), "high-dti.json");
writeFileSync(stateFile, JSON.stringify(readJson(join(root, "samples/lending/cases/high-dti.json")).state));

describe("pdm run --explain", () => {
  const json = pdm(["run", modelFile, "--state", stateFile, "--explain", "--json"]);
  const explanation = JSON.parse(json.stdout).explanation as Explanation;

  it("prints the compiled model's explanation with --json", () => {
    expect(json.status).toBe(0);
    const compiled = compileModel(readJson(modelFile));
    if (!compiled.ok) throw new Error("the sample does not compile");
    expect(explanation).toEqual(JSON.parse(JSON.stringify(compiled.model.explain(readJson(stateFile)).explanation)));
  });

  it("shows, for the rejected applicant, which cell of which earlier rule failed, in the model's own text", () => {
    const r = pdm(["run", modelFile, "--state", stateFile, "--explain"]);
    expect(r.status).toBe(0);
    const approved = explanation.decisions.approved!;
    expect(approved.value).toBe(false);
    const rows = readJson(modelFile).content.decisions.approved as string[][];
    const header = rows[0]!;
    const failed = approved.table!.rules.filter((rule) => rule.failed);
    expect(failed.length).toBeGreaterThan(0);
    for (const { rule, failed: f } of failed) {
      const cell = rows[rule]![f!.column - 1]!;
      expect(r.stdout).toContain(
        `rule ${rule} failed: ${header[f!.column - 1]} = ${JSON.stringify(f!.value)} does not match ${JSON.stringify(cell)}`,
      );
    }
    expect(r.stdout).toContain(`rule ${approved.table!.matched[0]} matched`);
  });

  it("explains what was evaluated when the state had to be read: the values read", () => {
    const state = readJson(stateFile);
    // nested, and a number as a string: the JSON reader finds the inputs
    const nested = { applicant: { ...state, "credit score": String(state["credit score"]) } };
    const file = join(mkdtempSync(join(tmpdir(), "pdm-explain-")), "nested.json");
    writeFileSync(file, JSON.stringify(nested));
    const r = pdm(["run", modelFile, "--state", file, "--explain", "--json"]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.explanation).toEqual(explanation);
    for (const [name, value] of Object.entries(out.decisions)) expect(out.explanation.decisions[name].value).toEqual(value);
  });
});
