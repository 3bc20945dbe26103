// The `pdm` command as a user runs it: the built CLI in a child process.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { pdmBin } from "../server/spawn.js";

const root = join(import.meta.dirname, "../..");
const pdm = (args: string[], input?: string) => spawnSync(process.execPath, [pdmBin(), ...args], { cwd: root, encoding: "utf8", input });
const sample = (name: string, ...rest: string[]) => join(root, "samples", name, ...rest);

describe("pdm check", () => {
  it("exits 0 on a valid model and lists the stages", () => {
    const r = pdm(["check", sample("lending", "model.json")]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/valid/);
    for (const stage of ["parse", "names", "types", "graph", "tables", "questions"]) expect(r.stdout).toContain(stage);
  });

  it("prints the Check object with --json", () => {
    const r = pdm(["check", sample("lending", "model.json"), "--json"]);
    const check = JSON.parse(r.stdout);
    expect(check.valid).toBe(true);
    expect(Object.keys(check).sort()).toEqual(["content", "input", "stages", "valid", "warnings"]);
    expect(check.input.type).toBe("object");
  });

  it("exits 1 on an invalid model and names the places", () => {
    const r = pdm(["check", sample("broken", "model.json"), "--json"]);
    expect(r.status).toBe(1);
    const check = JSON.parse(r.stdout);
    expect(check.valid).toBe(false);
    const addresses = check.stages.flatMap((s: { diagnostics: { address: string }[] }) => s.diagnostics.map((d) => d.address));
    expect(addresses.some((a: string) => /^decisions\..+\.rule\[\d+\]$/.test(a))).toBe(true);
  });

  it("exits 2 on unreadable input, naming the file and position", () => {
    const dir = mkdtempSync(join(tmpdir(), "pdm-"));
    writeFileSync(join(dir, "bad.json"), '{\n  "content": {,\n}');
    const r = pdm(["check", join(dir, "bad.json")]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad\.json:2:\d+: not valid JSON/);
    expect(pdm(["check", join(dir, "missing.json")]).status).toBe(2);
  });
});

describe("pdm run", () => {
  it("prints decisions and answers matching the expected output", () => {
    const state = readdirSync(sample("lending", "states"))[0]!;
    const r = pdm(["run", sample("lending", "model.json"), "--state", sample("lending", "states", state), "--json"]);
    expect(r.status).toBe(0);
    const expected = JSON.parse(readFileSync(sample("lending", "expected", state), "utf8"));
    expect(JSON.parse(r.stdout)).toEqual(expected);
  });

  it("reads the state from stdin and shows rules with --trace", () => {
    const state = readdirSync(sample("lending", "states"))[0]!;
    const r = pdm(
      ["run", sample("lending", "model.json"), "--state", "-", "--json", "--trace"],
      readFileSync(sample("lending", "states", state), "utf8"),
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    const rules = Object.values(out.trace as Record<string, { rule?: number }>).filter((t) => t.rule !== undefined);
    expect(rules.length).toBeGreaterThan(0);
    for (const t of rules) expect(t.rule).toBeGreaterThanOrEqual(1);
  });

  it("exits non-zero and names the offending input for a state that does not match", () => {
    const r = pdm(["run", sample("lending", "model.json"), "--state", "-"], JSON.stringify({}));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/inputs\./);
  });
});

describe("pdm compile", () => {
  it("writes a self-contained module that evaluates like the compiler, from any folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pdm-compiled-"));
    const out = join(dir, "lending.mjs");
    const r = pdm(["compile", sample("lending", "model.json"), "-o", out]);
    expect(r.status).toBe(0);
    const code = readFileSync(out, "utf8");
    expect(code).not.toMatch(/from\s+["'][^"']+["']/); // no imports left: the runtime is bundled in
    const mod = await import(pathToFileURL(out).href);
    for (const state of readdirSync(sample("lending", "states"))) {
      const expected = JSON.parse(readFileSync(sample("lending", "expected", state), "utf8"));
      const decisions = mod.evaluate(JSON.parse(readFileSync(sample("lending", "states", state), "utf8")));
      expect({ decisions, answers: mod.answers(decisions) }).toEqual(expected);
    }
  });
});
