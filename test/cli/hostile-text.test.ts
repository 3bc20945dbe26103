// Hostile model text in what the CLI prints (in process): `pdm check`, `pdm run --explain` and
// `pdm test` show each character a terminal would obey or an editor hide as `\uXXXX`, to a
// terminal or not, and `--json` stays JSON with every value exact; `pdm score` writes CSV cells
// exactly, formula prefixes included (docs/batch.md).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../src/batch/csv.js";
import { print } from "../../src/cli/io.js";
import { visibleLine } from "../../src/ir/visible-text.js";
import { main } from "../../src/cli/main.js";
import { ALL_HOSTILE, hostileModel, RAW_HIDDEN } from "../support/hostile-text.js";
import { tempDir } from "../compiler/6-package/helpers.js";
import { pdmBin } from "../server/spawn.js";

async function pdm(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  } as never);
  return { code, stdout, stderr };
}

function files(): { model: string; state: string; cases: string } {
  const dir = tempDir("pdm-hostile-cli-");
  const model = join(dir, "model.json");
  writeFileSync(model, JSON.stringify(hostileModel(ALL_HOSTILE)));
  const state = { [`in ${ALL_HOSTILE}`]: 1, n: 2, opt: "a" };
  writeFileSync(join(dir, "state.json"), JSON.stringify(state));
  mkdirSync(join(dir, "cases"));
  // a case that fails, so the report quotes names and values
  writeFileSync(
    join(dir, "cases", "c.json"),
    JSON.stringify({ state, expect: { decisions: { [`dec ${ALL_HOSTILE}`]: 4, t: `+${ALL_HOSTILE}` } } }),
  );
  return { model, state: join(dir, "state.json"), cases: join(dir, "cases") };
}

describe("hostile model text printed by the CLI", () => {
  const f = files();
  const runs: Record<string, string[]> = {
    check: ["check", f.model],
    "run --explain": ["run", f.model, "--state", f.state, "--explain"],
    test: ["test", f.model, f.cases],
    "test --reporter junit": ["test", f.model, f.cases, "--reporter", "junit"],
  };

  it.each(Object.entries(runs))("%s prints no character a terminal obeys, and shows each as \\uXXXX", async (_name, args) => {
    const r = await pdm(args);
    const all = r.stdout + r.stderr;
    expect(all).toContain("dec ");
    expect(RAW_HIDDEN.exec(all)?.[0]).toBeUndefined();
    if (!args.includes("junit")) expect(all).toContain("\\u001b]8;;http://evil.example\\u0007");
  });

  it("writes a JUnit file (-o) with no character XML forbids or a CI page would obey", async () => {
    const out = join(tempDir("pdm-hostile-junit-"), "junit.xml");
    expect((await pdm(["test", f.model, f.cases, "--reporter", "junit", "-o", out])).code).toBe(1);
    const junit = readFileSync(out, "utf8");
    expect(RAW_HIDDEN.exec(junit.replace(/\r/g, ""))?.[0]).toBeUndefined();
    expect(junit).toContain("\\u001b]8;;http://evil.example\\u0007");
    expect(junit).not.toMatch(/<img|<script/);
  });

  it("keeps --json output JSON whose values are the model's exactly", async () => {
    const r = await pdm(["run", f.model, "--state", f.state, "--json"]);
    expect(RAW_HIDDEN.exec(r.stdout)).toBeNull();
    const out = JSON.parse(r.stdout) as { decisions: Record<string, unknown> };
    expect(out.decisions[`dec ${ALL_HOSTILE}`]).toBe(3);
    expect(out.decisions.literal).toBe(ALL_HOSTILE);
  });

  it("prints any text so that JSON of it reads back the same, and no hidden character is left", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.integer({ min: 0, max: 0x2070 }).map((c) => String.fromCharCode(c)),
            fc.constant("\ud800"),
            fc.constant("\udc00"),
          ),
        }),
        (s) => {
          let out = "";
          print({ write: (t: string) => (out += t) }, JSON.stringify(s));
          expect(RAW_HIDDEN.exec(out)).toBeNull();
          expect(JSON.parse(out)).toBe(s);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("names holding line breaks in the CLI's text reports", () => {
  /** The files of a model whose input, decisions and case are named after `name`, and a case that fails. */
  function namedFiles(name: string) {
    const dir = tempDir("pdm-lines-");
    const write = (file: string, value: unknown) => (writeFileSync(join(dir, file), JSON.stringify(value)), join(dir, file));
    const content = {
      name: `M ${name}`,
      inputs: { [`in ${name}`]: { type: "number", desc: "d" }, n: { type: "number", desc: "n" } },
    };
    const valid = write("valid.json", { content: { ...content, decisions: { [`dec ${name}`]: "n + 1" } } });
    const invalid = write("invalid.json", { content: { ...content, decisions: { [`bad ${name}`]: "unknownvar + 1" } } });
    const state = { [`in ${name}`]: 1, n: 2 };
    const stateFile = write("state.json", state);
    mkdirSync(join(dir, "cases"));
    writeFileSync(join(dir, "cases", "c.json"), JSON.stringify({ state, expect: { decisions: { [`dec ${name}`]: 99 } } }));
    return { valid, invalid, stateFile, cases: join(dir, "cases") };
  }
  const reports = async (name: string) => {
    const f = namedFiles(name);
    const runs = [
      ["check", f.invalid],
      ["run", f.valid, "--state", f.stateFile, "--explain"],
      ["test", f.valid, f.cases],
    ];
    return Promise.all(
      runs.map(async (args) => {
        const r = await pdm(args);
        return r.stdout + r.stderr;
      }),
    );
  };

  it("prints each report with as many lines as for a plain name, each name whole on its line", async () => {
    const plain = (await reports("plain")).map((out) => out.split("\n").length);
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(fc.constantFrom("\n", "\r\n", "\r", "\u2028", "\t", "a", " ", "- expected 1"), { minLength: 1, maxLength: 6 })
          .map((parts) => `x${parts.join("")}y`),
        async (name) => {
          const outs = await reports(name);
          expect(outs.map((out) => out.split("\n").length)).toEqual(plain);
          for (const out of outs) expect(out.split("\n").some((line) => line.includes(visibleLine(name)))).toBe(true);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe("hostile decision strings in pdm score's CSV", () => {
  it("are written exactly, formula prefixes and all, and read back to the decisions' values", () => {
    const dir = tempDir("pdm-hostile-csv-");
    const model = join(dir, "model.json");
    writeFileSync(model, JSON.stringify(hostileModel(ALL_HOSTILE)));
    const input = join(dir, "in.jsonl");
    const states = [
      { id: "=1+1", [`in ${ALL_HOSTILE}`]: 1, n: -3, opt: "a" },
      { id: "@x", [`in ${ALL_HOSTILE}`]: 1, n: 2, opt: "b" },
    ];
    writeFileSync(input, states.map((s) => JSON.stringify(s)).join("\n"));
    const out = join(dir, "out.csv");
    const r = spawnSync(process.execPath, [pdmBin(), "score", model, "--in", input, "--out", out, "--quiet"], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    const [header, ...rows] = parseCsv(readFileSync(out, "utf8"));
    expect(header).toEqual(["row", "id", `dec ${ALL_HOSTILE}`, "literal", "t", "error"]);
    expect(rows.filter((row) => row.length > 1)).toEqual([
      ["1", "=1+1", "-2", ALL_HOSTILE, `=${ALL_HOSTILE}`, ""],
      ["2", "@x", "3", ALL_HOSTILE, `+${ALL_HOSTILE}`, ""],
    ]);
  });
});
