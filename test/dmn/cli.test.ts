import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/commands/import-dmn.js";
import { decision, dmn, input, literal } from "./helpers.js";

function io() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const text = (s: PassThrough) => () => (s.read() as Buffer | null)?.toString() ?? "";
  return { io: { stdout, stderr }, out: text(stdout), err: text(stderr) };
}

describe("pdm import-dmn", () => {
  const dir = mkdtempSync(join(tmpdir(), "import-dmn-"));
  const good = join(dir, "good.dmn");
  writeFileSync(good, dmn(input("x", "number") + decision("y", literal("x + 1"), "number")));
  const bad = join(dir, "bad.dmn");
  writeFileSync(bad, dmn(decision("y", `<literalExpression expressionLanguage="urn:js"><text>1</text></literalExpression>`)));

  it("prints the content and exits 0", async () => {
    const t = io();
    expect(await run([good], t.io)).toBe(0);
    const content = JSON.parse(t.out());
    expect(content.decisions).toEqual({ y: { type: "number", expr: "x + 1" } });
  });

  it("writes -o and exits 1 with the diagnostics on stderr when something could not be mapped", async () => {
    const t = io();
    const out = join(dir, "bad.json");
    expect(await run([bad, "-o", out], t.io)).toBe(1);
    expect(JSON.parse(readFileSync(out, "utf8")).name).toBe("test model");
    expect(t.err()).toContain("dmn.expression.language");
  });

  it("exits 2 on a file that is not DMN", async () => {
    const notDmn = join(dir, "x.dmn");
    writeFileSync(notDmn, "<html/>");
    const t = io();
    expect(await run([notDmn], t.io)).toBe(2);
    expect(t.err()).toContain("not <definitions>");
  });

  it("says when the model needs lenient checking, and how", async () => {
    const table = `<decisionTable hitPolicy="UNIQUE"><input><inputExpression typeRef="number"><text>x</text></inputExpression></input><output typeRef="string"/>
      <rule><inputEntry><text>&lt; 5</text></inputEntry><outputEntry><text>"low"</text></outputEntry></rule>
      <rule><inputEntry><text>&gt;= 5</text></inputEntry><outputEntry><text>"high"</text></outputEntry></rule></decisionTable>`;
    const unique = join(dir, "unique.dmn");
    writeFileSync(unique, dmn(input("x", "number") + decision("band", table, "string")));
    const t = io();
    expect(await run([unique], t.io)).toBe(0);
    expect(t.err()).toMatch(/^note: the model uses DMN features outside the strict format \(decisions\.band.*--lenient/m);
    const quiet = io();
    expect(await run([good], quiet.io)).toBe(0);
    expect(quiet.err()).not.toContain("--lenient");
  });
});
