// The `pdm` command as a user runs it: the built CLI in a child process.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { pdmBin } from "../server/spawn.js";

const root = join(import.meta.dirname, "../..");
const pdm = (args: string[], input?: string) => spawnSync(process.execPath, [pdmBin(), ...args], { cwd: root, encoding: "utf8", input });
const sample = (name: string, ...rest: string[]) => join(root, "samples", name, ...rest);
/** The first of the lending sample's test cases: {state, expect}. */
const lendingCase = () => JSON.parse(readFileSync(sample("lending", "cases", readdirSync(sample("lending", "cases"))[0]!), "utf8"));

describe("pdm check", () => {
  it("exits 0 on a valid model and lists the stages", () => {
    const r = pdm(["check", sample("lending", "model.json")]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/valid/);
    for (const stage of ["parse", "names", "types", "graph", "tables", "questions"]) expect(r.stdout).toContain(stage);
  });

  it("says how many cases ran, and when there were none", () => {
    const count = readdirSync(sample("lending", "cases")).length;
    const r = pdm(["check", sample("lending", "model.json")]);
    expect(r.stdout).toContain(`✓ cases: ${count} cases ran, all passed`);
    const empty = mkdtempSync(join(tmpdir(), "pdm-check-none-"));
    const none = pdm(["check", sample("lending", "model.json"), "--cases", empty]);
    expect([none.status, none.stdout]).toEqual([0, expect.stringContaining(`✓ cases: no cases found in ${empty}`)]);
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

  it("runs the cases beside the model: a model that fails one is invalid at the decision; --no-cases skips them", () => {
    const dir = mkdtempSync(join(tmpdir(), "pdm-check-cases-"));
    const model = JSON.parse(readFileSync(sample("lending", "model.json"), "utf8"));
    const first = model.content.decisions.risk[1] as string[];
    first[0] = first[0]!.replace(">=", "<=");
    writeFileSync(join(dir, "model.json"), JSON.stringify(model));
    const given = pdm(["check", join(dir, "model.json"), "--cases", sample("lending", "cases"), "--json"]);
    expect(given.status).toBe(1);
    const stage = JSON.parse(given.stdout).stages.find((s: { name: string }) => s.name === "cases");
    expect(stage.ok).toBe(false);
    expect(new Set(stage.diagnostics.map((d: { address: string; code: string }) => `${d.code} ${d.address}`))).toEqual(
      new Set(["cases.failed decisions.risk"]),
    );
    expect(pdm(["check", join(dir, "model.json")]).status).toBe(0);
    mkdirSync(join(dir, "cases"));
    writeFileSync(join(dir, "cases", "one.json"), JSON.stringify(lendingCase()));
    const beside = pdm(["check", join(dir, "model.json")]);
    expect([beside.status, beside.stdout.includes("✗ cases")]).toEqual([1, true]);
    expect(pdm(["check", join(dir, "model.json"), "--no-cases"]).status).toBe(0);
    expect(pdm(["check", sample("lending", "model.json")]).stdout).toContain("✓ cases");
  });

  it("exits 2 on unreadable input, naming the file and position", () => {
    const dir = mkdtempSync(join(tmpdir(), "pdm-"));
    writeFileSync(join(dir, "bad.json"), '{\n  "content": {,\n}');
    const r = pdm(["check", join(dir, "bad.json")]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad\.json:2:\d+: not valid JSON/);
    expect(pdm(["check", join(dir, "missing.json")]).status).toBe(2);
    // faults whose JSON.parse message names no position: a token out of place, an early end, binary bytes, text
    const faults: [string, string][] = [
      ['{\n  "a": [1,,2]\n}', "2:11"],
      ['{\n  "a": 1', "2:9"],
      ["\u0000\u0001\u0002", "1:1"],
      ["model: yes\n", "1:1"],
    ];
    for (const [text, at] of faults) {
      writeFileSync(join(dir, "odd.json"), text);
      const odd = pdm(["check", join(dir, "odd.json")]);
      expect([odd.status, odd.stderr.split("\n")[0]!.replace(/: not valid JSON.*/, "")]).toEqual([2, `${join(dir, "odd.json")}:${at}`]);
    }
    // the last of them as the SQL compile's column mapping
    const columns = pdm(["compile", sample("lending", "model.json"), "--sql", "duckdb", "--columns", join(dir, "odd.json")]);
    expect([columns.status, columns.stderr.split("\n")[0]!.replace(/: not valid JSON.*/, "")]).toEqual([
      2,
      `--columns ${join(dir, "odd.json")}:1:1`,
    ]);
  }, 300_000);
});

describe("pdm compile --sql, pdm check --sql: the --columns mapping", () => {
  it("is an error naming the entry and the file when an entry names no input, in every dialect, before anything is written", () => {
    const dir = mkdtempSync(join(tmpdir(), "pdm-columns-"));
    const model = sample("lending", "model.json");
    const file = join(dir, "columns.json");
    const out = join(dir, "query.sql");
    // a misspelt input (the nearest named), and a name like none (the inputs listed)
    const strays: [string, RegExp][] = [
      ["anual income", /did you mean "annual income"\?/],
      ["zz", /its inputs: "credit score", "annual income"/],
    ];
    for (const [stray, hint] of strays) {
      writeFileSync(file, JSON.stringify({ "credit score": "score", [stray]: "x" }));
      for (const dialect of ["duckdb", "postgres"]) {
        for (const args of [
          ["compile", model, "--sql", dialect, "--columns", file, "-o", out],
          ["check", model, "--sql", dialect, "--columns", file, "--no-cases"],
        ]) {
          const r = pdm(args);
          expect([args.join(" "), r.status, r.stdout]).toEqual([args.join(" "), 2, ""]);
          expect(r.stderr).toContain(`--columns ${file}: the entry ${JSON.stringify(stray)} names no input of the model`);
          expect(r.stderr).toMatch(hint);
          expect(existsSync(out)).toBe(false);
        }
      }
    }
    // the mapping without the stray entry compiles, and maps its input
    writeFileSync(file, JSON.stringify({ "credit score": "score" }));
    const ok = pdm(["compile", model, "--sql", "duckdb", "--columns", file]);
    expect([ok.status, ok.stdout]).toEqual([0, expect.stringContaining('"score"')]);
  }, 300_000);
});

describe("pdm run", () => {
  it("prints decisions and answers matching the expected output", () => {
    const { state, expect: expected } = lendingCase();
    const dir = mkdtempSync(join(tmpdir(), "pdm-state-"));
    writeFileSync(join(dir, "state.json"), JSON.stringify(state));
    const r = pdm(["run", sample("lending", "model.json"), "--state", join(dir, "state.json"), "--json"]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(expected);
  });

  it("reads the state from stdin and shows rules with --trace", () => {
    const r = pdm(["run", sample("lending", "model.json"), "--state", "-", "--json", "--trace"], JSON.stringify(lendingCase().state));
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

/** A model whose decision `days` is declared `number >= 0`, which an end before the start breaks. */
const DAYS_MODEL = {
  name: "days",
  inputs: { start: { type: "date", desc: "When does it start?" }, end: { type: "date", desc: "When does it end?" } },
  decisions: { days: { type: "number >= 0", expr: "(end - start).days" } },
};
const BACKWARDS = { start: "2026-01-31", end: "2026-01-01" };
const OUTSIDE = "decision `days` is outside its declared type number >= 0 for this state: it is -30";

function daysModelFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), "pdm-days-")), "days.json");
  writeFileSync(file, JSON.stringify(DAYS_MODEL));
  return file;
}

describe("pdm run, a decision outside its declared type", () => {
  it("exits 1 naming the decision, the constraint and the value, and prints no decisions", () => {
    const r = pdm(["run", daysModelFile(), "--state", "-", "--json"], JSON.stringify(BACKWARDS));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim()).toBe(`decisions.days: ${OUTSIDE} [decision.outside-type]`);
  });

  it("the compiled module throws its DeclaredResultError", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "pdm-days-mod-")), "days.mjs");
    expect(pdm(["compile", daysModelFile(), "-o", out]).status).toBe(0);
    const mod = await import(pathToFileURL(out).href);
    expect(mod.evaluate({ start: "2026-01-01", end: "2026-01-03" })).toEqual({ days: 2 });
    for (const entry of ["evaluate", "evaluateTraced", "explain", "evaluateUnchecked"]) {
      let thrown: unknown;
      try {
        mod[entry](BACKWARDS);
      } catch (e) {
        thrown = e;
      }
      expect(thrown, entry).toBeInstanceOf(mod.DeclaredResultError);
      expect((thrown as Error).message).toBe(OUTSIDE);
      expect(thrown).toMatchObject({ address: "decisions.days", code: "decision.outside-type", declaredType: "number >= 0" });
    }
  });
});

describe("pdm run names the state keys that are not inputs", () => {
  it("warns on stderr of a key it ignored, and runs", () => {
    const r = pdm(
      ["run", sample("lending", "model.json"), "--state", "-", "--json"],
      JSON.stringify({ ...lendingCase().state, notes: "x" }),
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toContain("warning: state.notes: `notes` is not an input of the model and was ignored");
  });

  it("names the input a misspelt key probably means when that input is not established", () => {
    const { state } = lendingCase();
    const { "credit score": score, ...rest } = state;
    const r = pdm(["run", sample("lending", "model.json"), "--state", "-"], JSON.stringify({ ...rest, "credit scroe": score }));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("state.credit scroe: `credit scroe` is not an input; did you mean `credit score`?");
  });
});

describe("pdm run refuses what the service refuses, with the same message", () => {
  const caseFile = () => readdirSync(sample("lending", "cases"))[0]!;
  // the state of a sample case, as JSON text
  const stateText = () =>
    JSON.stringify((JSON.parse(readFileSync(sample("lending", "cases", caseFile()), "utf8")) as { state: unknown }).state, null, 2);
  const numberInput = () => Object.entries(JSON.parse(stateText()) as Record<string, unknown>).find(([, v]) => typeof v === "number")![0];

  it("a lone surrogate names its JSON path", () => {
    const r = pdm(["run", sample("lending", "model.json"), "--state", "-"], stateText().replace(/^\{/, '{"note": ["ok", "\\ud800"],'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("-: state.note[1]: the string holds a lone surrogate U+D800 at character 1");
  });

  it("nesting past the limit names its JSON path and the limit", () => {
    const r = pdm(["run", sample("lending", "model.json"), "--state", "-"], `{"deep": ${"[".repeat(5000)}${"]".repeat(5000)}}`);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/state\.deep(\[0\])+: arrays and objects nest deeper than 128 levels/);
  });

  it("a number that overflows to Infinity is out of range, naming the input", () => {
    const name = numberInput();
    const text = stateText().replace(new RegExp(`("${name}"\\s*:\\s*)[-0-9.eE+]+`), (_m, head: string) => `${head}1e999999`);
    const r = pdm(["run", sample("lending", "model.json"), "--state", "-"], text);
    expect(r.status).toBe(1);
    // the bound is the input's own when it has one, else the largest double
    expect(r.stderr).toMatch(new RegExp(`inputs\\.${name}: \`${name}\` must be <= [0-9.e+]+ \\(got Infinity\\) \\[state\\.range\\]`));
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
    for (const file of readdirSync(sample("lending", "cases"))) {
      const { state: input, expect: expected } = JSON.parse(readFileSync(sample("lending", "cases", file), "utf8"));
      // the package's API: answers take the state
      expect({ decisions: mod.evaluate(input), answers: mod.answers(input) }).toEqual(expected);
    }
  });
});
