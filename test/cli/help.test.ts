// Every command explains itself and fails with a sentence: help, version, usage mistakes, and
// the rough edges a new user met (a missing TCK folder, an admin command in the wrong folder,
// text evidence for `pdm run`). The built CLI in a child process.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pdmBin } from "../server/spawn.js";

const root = join(import.meta.dirname, "../..");
const bin = pdmBin();
const pdm = (args: string[], options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}) =>
  spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? root,
    encoding: "utf8",
    input: options.input,
    env: options.env ?? process.env,
    maxBuffer: 1 << 28,
  });
const STACK = /^\s+at .+\(.+:\d+:\d+\)$/m;

/** The commands `pdm --help` lists: the test walks them, it does not keep its own list. */
function listedCommands(): string[] {
  const out = pdm(["--help"]).stdout;
  const block = out.split("commands:\n")[1]!.split("\n\n")[0]!;
  // a command's line starts two spaces in; its options follow on an indented line of their own
  return block
    .split("\n")
    .filter((l) => /^ {2}\S/.test(l))
    .map((l) => l.trim().split(/\s+/)[0]!);
}

describe("help", () => {
  const commands = listedCommands();

  it("lists at least the documented commands", () => {
    for (const c of ["check", "run", "compile", "score", "serve", "tck", "accounts"]) expect(commands).toContain(c);
  });

  it("every command answers --help and `pdm help <command>` with its usage, options, examples and exit codes", () => {
    for (const c of commands) {
      const a = pdm([c, "--help"]);
      expect(a.status, c).toBe(0);
      for (const part of [`usage: pdm ${c}`, "options:", "examples:", "exit codes:", "--help"])
        expect(a.stdout, `${c}: ${part}`).toContain(part);
      const b = pdm(["help", c]);
      expect(b.status).toBe(0);
      expect(b.stdout).toBe(a.stdout);
    }
  });

  it("every command turns an unknown option into a sentence and exit 2, never a stack trace", () => {
    for (const c of commands) {
      const r = pdm([c, "--no-such-option"]);
      expect(r.status, c).toBe(2);
      expect(r.stderr).toContain(`pdm ${c}: unknown option '--no-such-option'`);
      expect(r.stderr).toContain(`pdm help ${c}`);
      expect(r.stderr).not.toMatch(STACK);
    }
  });

  it("the overview names every command's options, and each command's help describes them", () => {
    const overview = pdm(["--help"]).stdout;
    for (const o of ["--trace", "--json", "--lenient", "--reporter", "--workers"]) expect(overview).toContain(o);
  });

  it("shows options that used to be hidden: run's --trace and --json, check's --lenient", () => {
    expect(pdm(["help", "run"]).stdout).toMatch(/--trace[\s\S]*--json|--json[\s\S]*--trace/);
    expect(pdm(["help", "check"]).stdout).toContain("--lenient");
    expect(pdm(["help", "import-dmn"]).stdout).toContain("--lenient");
  });

  it("prints the version from package.json", () => {
    const r = pdm(["--version"]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version);
  });

  it("names an unknown command and suggests a close one", () => {
    const r = pdm(["chek"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no command "chek"');
    expect(r.stderr).toContain("check");
  });
});

describe("rough edges", () => {
  it("pdm tck on a folder that does not exist: a sentence and exit 2", () => {
    const r = pdm(["tck", "--dir", join(tmpdir(), "no-such-tck-folder")]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("no folder");
    expect(r.stderr).not.toMatch(STACK);
  });

  it("pdm tck on another folder reports its counts and no regression against this kit's baseline", () => {
    const dir = mkdtempSync(join(tmpdir(), "pdm-tck-"));
    const r = pdm(["tck", "--dir", dir, "--quiet"]);
    expect(r.status).toBe(0);
    expect(r.stderr).not.toContain("regression");
  });

  it("npm run tck's entry shares the command's help", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", join(root, "src/cli/tck-main.ts"), "--help"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("usage: pdm tck");
  });

  it("admin commands in a folder with no ledger say so and create nothing", () => {
    const cwd = mkdtempSync(join(tmpdir(), "pdm-elsewhere-"));
    const { DATABASE_URL: _d, PDM_DB: _p, ...env } = process.env;
    for (const args of [
      ["balance", "--account", "dev"],
      ["keys", "list", "--account", "dev"],
      ["topup", "--account", "dev", "--usd", "1"],
      ["accounts", "list"],
    ]) {
      const r = pdm(args, { cwd, env });
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stderr).toContain("no ledger at ./data/pdm.db");
      expect(existsSync(join(cwd, "data"))).toBe(false);
    }
    const created = pdm(["accounts", "create", "--name", "first", "--balance", "2"], { cwd, env });
    expect(created.status).toBe(0);
    expect(created.stderr).toContain("created a new ledger");
    expect(pdm(["balance", "--account", "first"], { cwd, env }).stdout).toContain("balance 2");
  });

  it("pdm run reads text evidence with the embedded reader and shows what it read", () => {
    const text = "Credit score 742. Salaried. She earns 6,100 a month, pays 450 a month on existing debt and asks for a loan of 25,000.";
    const r = pdm(["run", "samples/lending/model.json", "--state", "-", "--json"], { input: text });
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.read["credit score"].value).toBe(742);
    expect(out.read["loan amount"].value).toBe(25000);
    expect(typeof out.decisions.approved).toBe("boolean");
  });

  it("pdm run reads JSON that does not match (a number written as a string) and says where it came from", () => {
    const state = JSON.parse(
      readFileSync(join(root, "samples/lending/cases", readdirSync(join(root, "samples/lending/cases"))[0]!), "utf8"),
    ).state;
    const r = pdm(["run", "samples/lending/model.json", "--state", "-"], {
      input: JSON.stringify({ ...state, "credit score": String(state["credit score"]) }),
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("embedded JSON reader");
    expect(r.stdout).toMatch(/credit score: \d+ +\(read, confidence/);
  });
});
