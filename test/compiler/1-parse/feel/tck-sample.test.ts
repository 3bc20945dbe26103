// Every FEEL text of the DMN TCK sample parses: literal expressions, input expressions and output
// entries as expressions; input entries and allowed values as unary tests; typeRefs as types.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseExpression, parseTypeExpr, parseUnaryTests } from "../../../../src/compiler/1-parse/feel/index.js";
import { listDmnFiles, readTckFile, type TextKind } from "./tck-texts.js";

// The kit sample sits beside the repository (`../shared/tck`), as in CI.
const ROOT = join(import.meta.dirname, "..", "..", "..", "..", "..", "shared", "tck");
const PARSERS = { expression: parseExpression, "unary-tests": parseUnaryTests, type: parseTypeExpr } as const;

describe("the TCK sample", () => {
  const files = listDmnFiles(ROOT).map((path) => readTckFile(ROOT, path));

  it("holds the texts this test expects", () => {
    expect(files.length).toBeGreaterThan(100);
    const count = (kind: TextKind) => files.reduce((n, f) => n + f.texts.filter((t) => t.kind === kind).length, 0);
    // the floors guard against the extraction silently finding nothing
    expect(count("expression")).toBeGreaterThan(3000);
    expect(count("unary-tests")).toBeGreaterThan(300);
    expect(count("type")).toBeGreaterThan(1000);
  });

  it("parses every text with the names its file declares", () => {
    const failures: string[] = [];
    const parsed: Record<TextKind, number> = { expression: 0, "unary-tests": 0, type: 0 };
    for (const file of files) {
      for (const t of file.texts) {
        const result = PARSERS[t.kind](t.text, { names: file.names });
        if (result.value) parsed[t.kind]++;
        else failures.push(`${file.file} <${t.element}> ${JSON.stringify(t.text)}: ${result.diagnostics[0]?.message}`);
      }
    }
    expect(failures).toEqual([]);
    console.log(`TCK sample: parsed ${parsed.expression} expressions, ${parsed["unary-tests"]} unary tests, ${parsed.type} types`);
  });

  it("reads every multi-word or punctuated name a model declares as one name", () => {
    const failures: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const name of file.names.filter((n) => /[\s./\-'+*]/.test(n.trim()))) {
        checked++;
        const result = parseExpression(`${name} = 1`, { names: file.names });
        const left = result.value?.kind === "compare" ? result.value.left : null;
        if (left?.kind !== "name" || left.name !== name) failures.push(`${file.file}: ${JSON.stringify(name)}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
