// Model text in a package's index.d.ts (descriptions, instructions, the model's name) sits in
// comments; whatever it holds, it cannot close the comment or the line and add declarations, nor
// start a JSDoc tag an editor obeys (`@deprecated` strikes the name through, `@type` retypes it,
// `{@link}` makes a link).
import fc from "fast-check";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { declarations } from "../../../src/compiler/6-package/dts.js";
import { compileModel } from "../../../src/compiler/index.js";

function model(text: string) {
  const r = compileModel({
    content: {
      name: `m ${text}`,
      inputs: { age: { type: "number", desc: text } },
      decisions: { adult: { type: "boolean", desc: text, expr: "age >= 18" } },
    },
    questions: { adult: { type: "noul", instructions: text, criteria: { true: "adult", false: "minor" } } },
  });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages));
  return r.model;
}

/** The names the file exports and how many syntax errors it has, from TypeScript's own parser. */
function shape(dts: string): { exports: string[]; errors: number } {
  const file = ts.createSourceFile("index.d.ts", dts, ts.ScriptTarget.Latest, true);
  const exported = (s: ts.Statement) =>
    ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const names = file.statements
    .filter(exported)
    .flatMap((s) =>
      ts.isVariableStatement(s)
        ? s.declarationList.declarations.map((d) => d.name.getText())
        : [(s as ts.DeclarationStatement).name?.getText() ?? "?"],
    );
  const errors = (file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length;
  return { exports: names.sort(), errors };
}

/** Every JSDoc tag and inline link in the file's comments, as TypeScript reads them. */
function tagsAndLinks(dts: string): string[] {
  const file = ts.createSourceFile("index.d.ts", dts, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    for (const doc of ts.getJSDocCommentsAndTags(node)) {
      if (ts.isJSDoc(doc)) {
        for (const tag of doc.tags ?? []) found.push(`@${tag.tagName.text}`);
        if (typeof doc.comment !== "string")
          for (const part of doc.comment ?? []) if (part.kind !== ts.SyntaxKind.JSDocText) found.push(part.getText());
      } else found.push(doc.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Text a description shows, read back from the comment TypeScript parsed (`\@` and `*\/` are the comment's escapes). */
const shown = (comment: string) => comment.replace(/\\@/g, "@").replace(/\*\\\//g, "*/");

describe("index.d.ts comments", () => {
  const baseline = shape(declarations(model("plain words"), "decimal"));

  it("hostile descriptions neither break the file nor declare anything", () => {
    const hostile = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            "*/",
            "/*",
            "/**",
            "\u2028",
            "\u2029",
            "\n",
            "\r\n",
            "`",
            "'",
            '"',
            "export declare const pwned: 1;",
            "}",
            "@type {x}",
          ),
          fc.string({ maxLength: 5 }),
        ),
        { minLength: 1, maxLength: 8 },
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(hostile, (text) => {
        expect(shape(declarations(model(`x ${text}`), "decimal"))).toEqual(baseline);
      }),
      { numRuns: 60 },
    );
  });

  it("the classic injection stays inside its comment", () => {
    const dts = declarations(model("*/ export declare const pwned: 1; /*"), "decimal");
    expect(shape(dts)).toEqual(baseline);
    expect(dts).toContain("*\\/ export declare const pwned");
  });

  it("no description starts a JSDoc tag or a link, and each reads back whole", () => {
    const word = fc.constantFrom("deprecated", "type {x}", "param a", "link http://evil.example", "see", "returns", "x", " ", "\t");
    const hostile = fc
      .array(fc.oneof(fc.constantFrom("@", "{@", "{@link http://evil.example}", "\n", "\n@", "\n  @", "\r\n@", "*", " * @", "\\@"), word), {
        minLength: 1,
        maxLength: 10,
      })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(hostile, (text) => {
        const dts = declarations(model(`x ${text}`), "decimal");
        expect(tagsAndLinks(dts)).toEqual([]);
        // the input's description, as TypeScript reads its comment, is the text (lines trimmed as a comment's are)
        const file = ts.createSourceFile("index.d.ts", dts, ts.ScriptTarget.Latest, true);
        const input = file.statements.find((st) => ts.isInterfaceDeclaration(st) && st.name.text === "Input") as ts.InterfaceDeclaration;
        const doc = ts.getJSDocCommentsAndTags(input.members[0]!)[0] as ts.JSDoc;
        const lines = (t: string) =>
          t
            .replace(/\r\n?/g, "\n")
            .split("\n")
            .map((l) => l.trim())
            .filter((l) => l !== "");
        expect(lines(shown(ts.getTextOfJSDocComment(doc.comment) ?? ""))).toEqual(lines(`x ${text}`));
      }),
      { numRuns: 40 },
    );
  });
});
