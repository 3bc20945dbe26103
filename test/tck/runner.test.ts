import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileIsolating } from "../../src/tck/isolate.js";
import { compileLenient, runTck, summary, toCsv, totals, type Compile, type CaseResult } from "../../src/tck/index.js";
import { Decimal } from "../../src/runtime/decimal.js";

const MODEL = `<?xml version="1.0"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20230324/MODEL/" id="m" name="m" namespace="urn:m">
  <inputData id="i1" name="Age"><variable name="Age" typeRef="number"/></inputData>
  <decision id="d1" name="Adult"><variable name="Adult" typeRef="boolean"/>
    <informationRequirement><requiredInput href="#i1"/></informationRequirement>
    <literalExpression><text>Age &gt;= 18</text></literalExpression></decision>
  <decision id="d2" name="Label"><variable name="Label" typeRef="string"/>
    <decisionTable id="t" hitPolicy="FIRST">
      <input id="in1"><inputExpression typeRef="number"><text>Age</text></inputExpression></input>
      <output id="o1"/>
      <rule id="r1"><inputEntry><text>&lt; 18</text></inputEntry><outputEntry><text>"minor"</text></outputEntry></rule>
      <rule id="r2"><inputEntry><text>-</text></inputEntry><outputEntry><text>"adult"</text></outputEntry></rule>
    </decisionTable></decision>
  <decisionService id="s1" name="Labeller"><outputDecision href="#d2"/><inputData href="#i1"/></decisionService>
</definitions>`;

const TESTS = `<?xml version="1.0"?>
<testCases xmlns="http://www.omg.org/spec/DMN/20160719/testcase" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <modelName>m.dmn</modelName>
  <testCase id="001">
    <inputNode name="Age"><value xsi:type="xsd:decimal">20</value></inputNode>
    <resultNode name="Adult"><expected><value xsi:type="xsd:boolean">true</value></expected></resultNode>
    <resultNode name="Label"><expected><value xsi:type="xsd:string">adult</value></expected></resultNode>
  </testCase>
  <testCase id="002">
    <inputNode name="Age"><value>10</value></inputNode>
    <resultNode name="Label"><expected><value xsi:type="xsd:string">adult</value></expected></resultNode>
  </testCase>
  <testCase id="003" type="decisionService" invocableName="Labeller">
    <inputNode name="Age"><value xsi:type="xsd:decimal">3</value></inputNode>
    <resultNode name="Label"><expected><value xsi:type="xsd:string">minor</value></expected></resultNode>
  </testCase>
</testCases>`;

const BROKEN = `<?xml version="1.0"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20230324/MODEL/" id="b" name="b" namespace="urn:b">
  <decision id="d1" name="x"><variable name="x"/><literalExpression expressionLanguage="urn:python"><text>1</text></literalExpression></decision>
</definitions>`;

function kit(): string {
  const dir = mkdtempSync(join(tmpdir(), "tck-"));
  mkdirSync(join(dir, "compliance-level-2", "0001-sample"), { recursive: true });
  writeFileSync(join(dir, "compliance-level-2", "0001-sample", "m.dmn"), MODEL);
  writeFileSync(join(dir, "compliance-level-2", "0001-sample", "0001-sample-test-01.xml"), TESTS);
  mkdirSync(join(dir, "non-compliant", "0002-bad"), { recursive: true });
  writeFileSync(join(dir, "non-compliant", "0002-bad", "b.dmn"), BROKEN);
  writeFileSync(join(dir, "non-compliant", "0002-bad", "0002-bad-test-01.xml"), TESTS.replace("m.dmn", "b.dmn"));
  return dir;
}

describe("runTck with the compiler", () => {
  const results = runTck({ dir: kit(), compile: compileLenient });
  const byId = (id: string): CaseResult => results.find((r) => r.caseId === id)!;

  it("runs decisions, compares results and invokes decision services", () => {
    expect(byId("001")).toMatchObject({ folder: "0001-sample", testFile: "0001-sample-test-01", status: "SUCCESS" });
    expect(byId("002").status).toBe("ERROR");
    expect(byId("002").detail).toBe("Label: expected adult, got minor");
    expect(byId("003").status).toBe("SUCCESS");
  });

  it("counts a rejected non-compliant model as one pass", () => {
    const bad = results.filter((r) => r.folder === "0002-bad");
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ caseId: "b.dmn", status: "SUCCESS" });
    expect(bad[0].detail).toContain("dmn.expression.language");
  });

  it("writes the kit's CSV and a summary ending in the totals", () => {
    expect(toCsv(results).split("\n")[0]).toBe('"0001-sample","0001-sample-test-01","001","SUCCESS",""');
    expect(totals(results)).toEqual({ passed: 3, failed: 1, ignored: 0 });
    const lines = summary(results).trimEnd().split("\n");
    expect(lines[lines.length - 1]).toBe("3 passed, 1 failed");
    expect(lines[0]).toMatch(/^0001-sample\s+2\/3$/);
  });
});

describe("compileIsolating", () => {
  const model = (names: string[]) => ({
    ok: true as const,
    model: { evaluateValues: () => Object.fromEntries(names.map((n) => [n, new Decimal(1)])), functions: {} },
  });

  it("leaves out the decisions the compiler rejects and compiles the rest", () => {
    const calls: string[][] = [];
    const compile: Compile = (content) => {
      const names = Object.keys(content.decisions as object);
      calls.push(names);
      return names.includes("bad.one")
        ? {
            ok: false,
            diagnostics: [{ severity: "error", code: "names.unknown", message: "unknown name", address: "decisions.bad.one.rule[2]" }],
          }
        : model(names);
    };
    const r = compileIsolating({ decisions: { bad: "1", "bad.one": "2", good: "3" } }, compile);
    expect(r.compiled.ok).toBe(true);
    expect([...r.rejected.keys()]).toEqual(["bad.one"]);
    expect(calls[1]).toEqual(["bad", "good"]);
  });

  it("finds crashing decisions one by one", () => {
    const compile: Compile = (content) => {
      const names = Object.keys(content.decisions as object);
      if (names.includes("boom")) throw new Error("kaboom");
      return model(names);
    };
    const safe: Compile = (c) => {
      try {
        return compile(c);
      } catch (e) {
        return { ok: false, diagnostics: [{ severity: "error", code: "compile.crash", message: (e as Error).message }] };
      }
    };
    const r = compileIsolating({ decisions: { a: "1", boom: "2" } }, safe);
    expect(r.compiled.ok).toBe(true);
    expect(r.rejected.get("boom")).toContain("kaboom");
  });

  it("gives up when an error names no decision", () => {
    const compile: Compile = () => ({ ok: false, diagnostics: [{ severity: "error", code: "x", message: "global" }] });
    const r = compileIsolating({ decisions: { a: "1" } }, compile);
    expect(r.compiled.ok).toBe(false);
    expect(r.rejected.size).toBe(0);
  });
});
