// Model text in a package's index.d.ts (descriptions, instructions, the model's name) sits in
// comments; whatever it holds, it cannot close the comment or the line and add declarations.
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
});
