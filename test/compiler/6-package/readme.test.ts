// The generated README: inputs, decisions, questions, and every table with its `# why`
// column, rule objects included, as well-formed Markdown tables.
import { describe, expect, it } from "vitest";
import { readme } from "../../../src/compiler/6-package/readme.js";
import { compileSample, SAMPLES } from "./helpers.js";

/** Cells of a Markdown table row, splitting on pipes that are not escaped. */
const cells = (row: string): string[] =>
  row
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/);

/** Every Markdown table in the text, as rows of cells. */
function tables(md: string): string[][][] {
  const out: string[][][] = [];
  let current: string[][] | null = null;
  for (const line of md.split("\n")) {
    if (line.startsWith("|")) (current ??= []).push(cells(line));
    else if (current) {
      out.push(current);
      current = null;
    }
  }
  if (current) out.push(current);
  return out;
}

describe("package README", () => {
  it.each(SAMPLES)("lists every input, decision and question of %s in well-formed tables", (sample) => {
    const model = compileSample(sample);
    const md = readme(model, `pkg-${sample}`, "decimal");
    expect(md).toContain(`# pkg-${sample}`);
    expect(md).toContain(model.hash);
    for (const i of model.ir.inputs) expect(md).toContain(`| \`${i.name}\` |`);
    for (const d of model.ir.decisions) expect(md).toContain(`| \`${d.name}\` |`);
    for (const q of model.ir.questions) expect(md).toContain(q.instructions);
    for (const t of tables(md)) for (const row of t) expect(row.length).toBe(t[0]!.length);
    expect(md).not.toMatch(/outside FEEL/);
  });

  it("writes each table rule by rule, with the why of array rows and of rule objects", () => {
    const md = readme(compileSample("kyc-risk"), "kyc", "decimal");
    const profile = tables(md.slice(md.indexOf("### decision `profile`")))[0]!;
    expect(profile[0]!.map((c) => c.trim())).toEqual([
      "rule",
      "`pep`",
      "`adverse media`",
      "`country risk`",
      "`risk score`",
      "`=> risk: low<medium<high`",
      "`=> review: boolean`",
      "`# why`",
    ]);
    expect(profile.length).toBe(2 + 7);
    // rule 2 is an object `{when: {adverse media: true}, then: {...}, why}`
    expect(profile[3]!.map((c) => c.trim())).toEqual([
      "2",
      "-",
      "`true`",
      "-",
      "-",
      "`high`",
      "`true`",
      "An adverse media hit must be assessed by an analyst.",
    ]);
    expect(profile[2]![7]!.trim()).toBe("Politically exposed persons always need enhanced due diligence and an analyst.");
    expect(md).toContain("### decision `due diligence`");
    expect(md).toContain("Hit policy FIRST");
  });

  it("shows function tables, escapes pipes in types and says when numbers are doubles", () => {
    const md = readme(compileSample("pricing"), "pricing", "double");
    expect(md).toContain("### function `tier discount`");
    expect(md).toContain("`bronze\\|silver\\|gold`");
    expect(md).toMatch(/Numbers are JS doubles.*outside FEEL's semantics/);
  });
});
