// The last three kinds of case of the full DMN TCK (outside the sample kit this repository holds),
// each as a small kit of our own run through the TCK runner: a built-in called with named
// parameters that leaves one out is null (an error result), not a model that fails to compile; a
// context literal with a key written twice is null (DMN14-178); an input entry testing against a
// variable's path in a string-typed column is a reference, not the literal word.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileModel, type ModelInput } from "../../src/compiler/index.js";
import { compileLenient, runTck } from "../../src/tck/index.js";

const NS = 'xmlns="https://www.omg.org/spec/DMN/20230324/MODEL/"';
const TESTS_NS =
  'xmlns="http://www.omg.org/spec/DMN/20160719/testcase" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"';

/** A decision of a literal expression, with no inputs. */
const literalDecision = (name: string, text: string) =>
  `<decision id="${name}" name="${name}"><variable name="${name}"/><literalExpression><text>${text}</text></literalExpression></decision>`;

const ERRORS = `<?xml version="1.0"?>
<definitions ${NS} id="e" name="e" namespace="urn:e">
  ${literalDecision("missing named", "is(value1: 1)")}
  ${literalDecision("both named", "is(value2: 1, value1: 1)")}
  ${literalDecision("duplicate key", '{foo: "bar", foo: "baz"}')}
  ${literalDecision("nested duplicate", "{a: {k: 1, k: 2}, b: 3}")}
  ${literalDecision("distinct keys", '{foo: "bar", Foo: "baz"}.Foo')}
</definitions>`;

const nil = (name: string) => `<resultNode name="${name}"><expected><value xsi:nil="true"/></expected></resultNode>`;

const ERROR_TESTS = `<?xml version="1.0"?>
<testCases ${TESTS_NS}>
  <modelName>e.dmn</modelName>
  <testCase id="missing-named">${nil("missing named")}</testCase>
  <testCase id="both-named"><resultNode name="both named"><expected><value xsi:type="xsd:boolean">true</value></expected></resultNode></testCase>
  <testCase id="duplicate-key">${nil("duplicate key")}</testCase>
  <testCase id="nested-duplicate">
    <resultNode name="nested duplicate"><expected><component name="a"><value xsi:nil="true"/></component><component name="b"><value xsi:type="xsd:decimal">3</value></component></expected></resultNode>
  </testCase>
  <testCase id="distinct-keys"><resultNode name="distinct keys"><expected><value xsi:type="xsd:string">baz</value></expected></resultNode></testCase>
</testCases>`;

/** A string column whose entries test against a field of a structured input. */
const PATHS = `<?xml version="1.0"?>
<definitions ${NS} id="p" name="p" namespace="urn:p">
  <itemDefinition name="tRecord">
    <itemComponent name="code"><typeRef>string</typeRef></itemComponent>
    <itemComponent name="limit"><typeRef>number</typeRef></itemComponent>
  </itemDefinition>
  <inputData id="i1" name="Record"><variable name="Record" typeRef="tRecord"/></inputData>
  <inputData id="i2" name="Given"><variable name="Given" typeRef="string"/></inputData>
  <inputData id="i3" name="Amount"><variable name="Amount" typeRef="number"/></inputData>
  <decision id="d1" name="Same code"><variable name="Same code" typeRef="string"/>
    <informationRequirement><requiredInput href="#i1"/></informationRequirement>
    <informationRequirement><requiredInput href="#i2"/></informationRequirement>
    <decisionTable id="t1" hitPolicy="UNIQUE">
      <input id="c1"><inputExpression typeRef="string"><text>Given</text></inputExpression></input>
      <output id="o1"/>
      <rule id="r1"><inputEntry><text>Record.code</text></inputEntry><outputEntry><text>"same"</text></outputEntry></rule>
      <rule id="r2"><inputEntry><text>not(Record.code)</text></inputEntry><outputEntry><text>"different"</text></outputEntry></rule>
    </decisionTable></decision>
  <decision id="d2" name="Listed"><variable name="Listed" typeRef="string"/>
    <informationRequirement><requiredInput href="#i1"/></informationRequirement>
    <informationRequirement><requiredInput href="#i2"/></informationRequirement>
    <decisionTable id="t2" hitPolicy="FIRST">
      <input id="c2"><inputExpression typeRef="string"><text>Given</text></inputExpression></input>
      <output id="o2"/>
      <rule id="r3"><inputEntry><text>"zz", Record.code</text></inputEntry><outputEntry><text>"listed"</text></outputEntry></rule>
      <rule id="r4"><inputEntry><text>-</text></inputEntry><outputEntry><text>"not listed"</text></outputEntry></rule>
    </decisionTable></decision>
  <decision id="d3" name="Within"><variable name="Within" typeRef="string"/>
    <informationRequirement><requiredInput href="#i1"/></informationRequirement>
    <informationRequirement><requiredInput href="#i3"/></informationRequirement>
    <decisionTable id="t3" hitPolicy="UNIQUE">
      <input id="c3"><inputExpression typeRef="number"><text>Amount</text></inputExpression></input>
      <output id="o3"/>
      <rule id="r5"><inputEntry><text>&lt;= Record.limit</text></inputEntry><outputEntry><text>"within"</text></outputEntry></rule>
      <rule id="r6"><inputEntry><text>&gt; Record.limit</text></inputEntry><outputEntry><text>"over"</text></outputEntry></rule>
    </decisionTable></decision>
</definitions>`;

function pathCase(id: string, code: string, given: string, amount: number, expected: [string, string][]): string {
  const record = `<inputNode name="Record"><component name="code"><value xsi:type="xsd:string">${code}</value></component><component name="limit"><value xsi:type="xsd:decimal">100</value></component></inputNode>`;
  const results = expected.map(
    ([n, v]) => `<resultNode name="${n}"><expected><value xsi:type="xsd:string">${v}</value></expected></resultNode>`,
  );
  return `<testCase id="${id}">${record}<inputNode name="Given"><value xsi:type="xsd:string">${given}</value></inputNode><inputNode name="Amount"><value xsi:type="xsd:decimal">${amount}</value></inputNode>${results.join("")}</testCase>`;
}

const PATH_TESTS = `<?xml version="1.0"?>
<testCases ${TESTS_NS}>
  <modelName>p.dmn</modelName>
  ${pathCase("equal", "AB", "AB", 100, [
    ["Same code", "same"],
    ["Listed", "listed"],
    ["Within", "within"],
  ])}
  ${pathCase("unequal", "AB", "CD", 101, [
    ["Same code", "different"],
    ["Listed", "not listed"],
    ["Within", "over"],
  ])}
  ${pathCase("the path's own words", "AB", "Record.code", 5, [
    ["Same code", "different"],
    ["Listed", "not listed"],
    ["Within", "within"],
  ])}
</testCases>`;

function kit(): string {
  const dir = mkdtempSync(join(tmpdir(), "tck-errors-"));
  const folder = (name: string, files: Record<string, string>) => {
    mkdirSync(join(dir, "compliance-level-3", name), { recursive: true });
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, "compliance-level-3", name, file), text);
  };
  folder("9001-error-results", { "e.dmn": ERRORS, "9001-error-results-test-01.xml": ERROR_TESTS });
  folder("9002-variable-entries", { "p.dmn": PATHS, "9002-variable-entries-test-01.xml": PATH_TESTS });
  return dir;
}

describe("the TCK's error results and variable entries", () => {
  const results = runTck({ dir: kit(), compile: compileLenient });

  it("runs every case", () => {
    expect(results.map((r) => r.caseId).sort()).toEqual(
      [
        "both-named",
        "distinct-keys",
        "duplicate-key",
        "equal",
        "missing-named",
        "nested-duplicate",
        "the path's own words",
        "unequal",
      ].sort(),
    );
  });

  it.each([
    "missing-named",
    "both-named",
    "duplicate-key",
    "nested-duplicate",
    "distinct-keys",
    "equal",
    "unequal",
    "the path's own words",
  ])("%s passes", (id) => {
    const r = results.find((x) => x.caseId === id)!;
    expect(r.detail).toBe("");
    expect(r.status).toBe("SUCCESS");
  });
});

describe("in a strict model", () => {
  const diagnostics = (decisions: Record<string, unknown>) => {
    const r = compileModel({ name: "s", inputs: {}, decisions } as unknown as ModelInput, { strict: true });
    return r.ok ? [] : r.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error");
  };

  it("a context literal with a key written twice is a check error at the decision", () => {
    expect(diagnostics({ d: '{foo: "bar", foo: "baz"}' }).map((d) => [d.code, d.address])).toEqual([
      ["names.duplicate-entry", "decisions.d"],
    ]);
  });

  it("a named call leaving a parameter out is a check error naming the call", () => {
    expect(diagnostics({ d: "is(value1: 1)" }).map((d) => [d.code, d.address])).toEqual([["types.arity", "decisions.d"]]);
  });
});
