// Hostile model text in every file of a package and in the `-o` module: each file still parses as
// what it is, holds no character a terminal obeys or an editor hides, keeps every name's value
// exactly (a JSON or TypeScript string's `\uXXXX` is the character), and the README shows the text
// as text: no HTML, link or emphasis made from it, tables of even rows, code spans that give the
// name back.
import { parse } from "acorn";
import fc from "fast-check";
import { ts } from "ts-morph";
import { beforeAll, describe, expect, it } from "vitest";
import { compileModel, type CompiledModel } from "../../../src/compiler/index.js";
import { packageFiles } from "../../../src/compiler/6-package/index.js";
import { ALL_HOSTILE, HOSTILE_TEXT, hostileModel, RAW_HIDDEN } from "../../support/hostile-text.js";
import { installPackage, runNode, tempDir } from "./helpers.js";

function compiled(text: string): CompiledModel {
  const r = compileModel(hostileModel(text) as never);
  if (!r.ok) throw new Error(`the hostile model does not compile: ${JSON.stringify(r.check.stages)}`);
  return r.model;
}

/** The code spans of a Markdown line as CommonMark reads them (a run of n backticks closes at the next run of exactly n), and the line without them. */
function codeSpans(line: string): { spans: string[]; rest: string } {
  const spans: string[] = [];
  let rest = "";
  let i = 0;
  while (i < line.length) {
    if (line[i] === "\\" && line[i + 1] !== undefined) {
      rest += line.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (line[i] !== "`") {
      rest += line[i++];
      continue;
    }
    const open = /^`+/.exec(line.slice(i))![0];
    let close = -1;
    for (const m of line.slice(i + open.length).matchAll(/`+/g)) {
      if (m[0].length === open.length) {
        close = i + open.length + m.index;
        break;
      }
    }
    if (close < 0) {
      rest += open;
      i += open.length;
      continue;
    }
    let inner = line.slice(i + open.length, close);
    if (inner.startsWith(" ") && inner.endsWith(" ") && inner.trim() !== "") inner = inner.slice(1, -1);
    spans.push(inner);
    rest += "CODE";
    i = close + open.length;
  }
  return { spans, rest };
}

/** The cells of a table row: split at pipes neither escaped nor inside a code span (GFM splits before it reads spans, so a span's pipe must be escaped too). */
const cells = (row: string): number =>
  row
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/).length;

/** Markdown punctuation left unescaped outside code spans: what could start HTML, a link, an image, emphasis or an entity. */
const MARKUP = /(?<!\\)[<>[\]*_&!]/;

/** The README's lines that hold model text: the paragraph under the title, and everything from the inputs' table on (the API table's own markup is the package's). */
const modelLines = (md: string): string[] => {
  const lines = md.split("\n");
  return [lines[2]!, ...lines.slice(lines.indexOf("## Inputs"))];
};

const visible = (s: string) =>
  s
    .replace(/\r\n|[\r\n\t]/g, " ")
    .replace(new RegExp(RAW_HIDDEN.source, "g"), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

describe("hostile model text in a package", () => {
  let model: CompiledModel;
  let files: Record<string, string>;
  beforeAll(async () => {
    model = compiled(ALL_HOSTILE);
    files = await packageFiles(model, { name: "hostile-pkg" });
  });

  it("leaves no character a terminal obeys or an editor hides in any file", () => {
    for (const [name, text] of Object.entries(files)) expect(RAW_HIDDEN.exec(text)?.[0], name).toBeUndefined();
  });

  it("keeps the model's name and the schema's names exactly in package.json and schema.json", () => {
    const manifest = JSON.parse(files["package.json"]!) as { description: string };
    expect(manifest.description.startsWith(`M ${ALL_HOSTILE}: `)).toBe(true);
    const schema = JSON.parse(files["schema.json"]!) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toContain(`in ${ALL_HOSTILE}`);
  });

  it("writes index.d.ts that TypeScript parses, with every name as the model writes it", () => {
    const file = ts.createSourceFile("index.d.ts", files["index.d.ts"]!, ts.ScriptTarget.Latest, true);
    expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
    const members = (name: string) =>
      file.statements
        .filter(ts.isInterfaceDeclaration)
        .find((s) => s.name.text === name)!
        .members.map((m) => (m.name && (ts.isStringLiteral(m.name) || ts.isIdentifier(m.name)) ? m.name.text : "?"));
    expect(members("Input")).toEqual([`in ${ALL_HOSTILE}`, "n", "opt"]);
    expect(members("Decisions")).toEqual([`dec ${ALL_HOSTILE}`, "literal", "t"]);
  });

  it("writes modules acorn parses and that answer with the hostile strings intact", async () => {
    for (const name of ["index.js", "index.cjs"])
      parse(files[name]!, { ecmaVersion: "latest", sourceType: name.endsWith(".js") ? "module" : "script" });
    const dir = tempDir("pdm-hostile-");
    await installPackage(model, dir, { name: "hostile-pkg" });
    const state = { [`in ${ALL_HOSTILE}`]: 1, n: 2, opt: "a" };
    const out = runNode(
      dir,
      "run.mjs",
      `import { evaluate } from "hostile-pkg"; console.log(JSON.stringify(evaluate(${JSON.stringify(state)})));`,
    ) as Record<string, unknown>;
    expect(out).toEqual({ [`dec ${ALL_HOSTILE}`]: 3, literal: ALL_HOSTILE, t: `=${ALL_HOSTILE}` });
  });

  it("shows the README's model text as text: no markup made from it, even table rows, code spans that give each name back", () => {
    const md = files["README.md"]!;
    const spans: string[] = [];
    let columns = 0;
    for (const line of modelLines(md)) {
      const read = codeSpans(line);
      spans.push(...read.spans);
      expect(MARKUP.exec(read.rest.replace(/<br>/g, ""))?.[0], line).toBeUndefined();
      if (!line.startsWith("|")) columns = 0;
      else if (columns === 0) columns = cells(line);
      else expect(cells(line), line).toBe(columns);
    }
    const names = spans.map((s) => s.replace(/\\\|/g, "|"));
    for (const name of [`in ${ALL_HOSTILE}`, `dec ${ALL_HOSTILE}`, `=${ALL_HOSTILE}`]) expect(names).toContain(visible(name));
  });
});

describe("each hostile text alone in a README", () => {
  it.each(Object.entries(HOSTILE_TEXT))("%s: no raw hidden character, no markup, even rows", async (_kind, text) => {
    const md = (await packageFiles(compiled(text), { name: "hostile-pkg" }))["README.md"]!;
    expect(RAW_HIDDEN.exec(md)).toBeNull();
    for (const line of modelLines(md)) expect(MARKUP.exec(codeSpans(line).rest.replace(/<br>/g, ""))?.[0], line).toBeUndefined();
  });

  it("descriptions of any text make no markup and keep every table row even", async () => {
    const model = compiled("x");
    const { readme } = await import("../../../src/compiler/6-package/readme.js");
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom("<", ">", "[", "]", "*", "_", "&", "!", "|", "`", "\\", "\n", "\r", "\u202e", "\x1b", "a", " ", "#", "-"),
        }),
        (desc) => {
          const inputs = model.ir.inputs.map((i) => ({ ...i, desc }));
          const md = readme({ ...model, ir: { ...model.ir, name: desc, inputs } }, "p", "decimal");
          for (const line of modelLines(md)) expect(MARKUP.exec(codeSpans(line).rest.replace(/<br>/g, ""))?.[0], line).toBeUndefined();
          const paragraph = md.split("\n")[2]!;
          expect(/^(?:[-+=#>]|\d+[.)])/.test(paragraph) && !paragraph.startsWith("\\")).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
