// A DMN file that exhibits a problem gets the catalogue's code and severity, and the message ends
// with the element at fault, its file and the line. Codes other DMN tests already exhibit are not repeated;
// dmn.import.cycle is not exhibited because no input reaches it (imports are loaded before they
// are visited, and the root's own namespace is never among the siblings).
import { describe, expect, it } from "vitest";
import { importDmn } from "../../src/dmn/index.js";
import { type AnyEntry, CATALOGUE, type DiagnosticCode } from "../../src/ir/diagnostic-catalogue/index.js";
import { decision, dmn, input, literal } from "./helpers.js";

interface Exhibit {
  code: DiagnosticCode;
  xml: string;
  /** the element and file the message ends with */
  at: string;
  siblings?: Record<string, string>;
  /** the model's namespace, when the code depends on it */
  namespace?: string;
}

const table = (attrs: string, columns: string) => decision("d", `<decisionTable id="t1" ${attrs}>${columns}</decisionTable>`);
const column = `<input id="i1"><inputExpression><text>x</text></inputExpression></input>`;
const output = `<output id="o1"/>`;
const DMN_TYPE = "https://www.omg.org/spec/DMN/20230324/MODEL/";
const importOf = (ns: string, name: string) => `<import namespace="${ns}" name="${name}" importType="${DMN_TYPE}"/>`;

const EXHIBITS: Exhibit[] = [
  { code: "dmn.xml", xml: "<definitions", at: "" },
  { code: "dmn.table.hit", xml: input("x") + table(`hitPolicy="SOMETIMES"`, column + output), at: '<decisionTable id="t1"> in model.dmn' },
  {
    code: "dmn.table.orientation",
    xml: input("x") + table(`preferredOrientation="Diagonal"`, column + output),
    at: '<decisionTable id="t1"> in model.dmn',
  },
  {
    code: "dmn.table.crosstable",
    xml: input("x") + table(`preferredOrientation="CrossTable"`, column + output),
    at: '<decisionTable id="t1"> in model.dmn',
  },
  {
    code: "dmn.table.outputs",
    // a table with rules and no outputs (one with neither is a decision without logic)
    xml: input("x") + table("", column + `<rule id="r1"><inputEntry><text>1</text></inputEntry></rule>`),
    at: '<decisionTable id="t1"> in model.dmn',
  },
  { code: "dmn.table.input", xml: table("", `<input id="i9"/>` + output), at: '<input id="i9"> in model.dmn' },
  {
    code: "dmn.table.output-name",
    xml: input("x") + table("", `${column}<output id="o1" name="a"/><output id="o2"/>`),
    at: '<output id="o2"> in model.dmn',
  },
  {
    code: "dmn.decision.logic",
    xml: `<decision id="d1" name="Risk"><variable name="Risk"/></decision>`,
    at: '<decision id="d1" name="Risk"> in model.dmn',
  },
  // an unnamed decision whose id an expression reads cannot stand under that id
  {
    code: "dmn.name.missing",
    xml: input("d9") + `<decision id="d9"/>` + decision("e", literal("d9")),
    at: '<decision id="d9"> in model.dmn',
  },
  { code: "dmn.name.from-id", xml: `<decision id="d9"/>`, at: '<decision id="d9"> in model.dmn' },
  {
    code: "dmn.bkm.unused",
    xml: `<businessKnowledgeModel id="BusinessKnowledgeModel_1"/>`,
    at: '<businessKnowledgeModel id="BusinessKnowledgeModel_1"> in model.dmn',
  },
  {
    code: "dmn.dialect.juel-engine",
    xml: input("x") + decision("d", literal("x")),
    namespace: "http://www.flowable.org/dmn",
    at: '<definitions id="defs" name="test model"> in model.dmn',
  },
  {
    code: "dmn.name.duplicate",
    // without an id, the second cannot be imported under one
    xml: `<inputData id="i1" name="x"/><inputData name="x"/>`,
    at: '<inputData name="x"> in model.dmn',
  },
  {
    code: "dmn.type.language",
    xml: `<itemDefinition id="t1" name="tA" typeLanguage="http://www.w3.org/2001/XMLSchema"/>`,
    at: '<itemDefinition id="t1" name="tA"> in model.dmn',
  },
  {
    code: "dmn.type.constraint",
    xml: `<itemDefinition id="t1" name="tA"><allowedValues><text>&gt;= 0</text></allowedValues></itemDefinition>`,
    at: '<itemDefinition id="t1" name="tA"> in model.dmn',
  },
  {
    code: "dmn.expression.imported-values",
    xml: decision("d", `<literalExpression id="e1"><importedValues importType="x"/></literalExpression>`),
    at: '<literalExpression id="e1"> in model.dmn',
  },
  {
    code: "dmn.context.result",
    xml: decision(
      "d",
      `<context id="c1"><contextEntry>${literal("1")}</contextEntry><contextEntry>${literal("2")}</contextEntry></context>`,
    ),
    at: '<contextEntry> in <context id="c1"> in model.dmn',
  },
  {
    code: "dmn.context.duplicate",
    xml: decision(
      "d",
      `<context id="c1"><contextEntry><variable name="a"/>${literal("1")}</contextEntry><contextEntry><variable name="a"/>${literal("2")}</contextEntry></context>`,
    ),
    at: '<contextEntry> in <context id="c1"> in model.dmn',
  },
  { code: "dmn.invocation.callee", xml: decision("d", `<invocation id="v1"/>`), at: '<invocation id="v1"> in model.dmn' },
  {
    code: "dmn.invocation.binding",
    xml: decision("d", `<invocation id="v1">${literal("f")}<binding>${literal("1")}</binding></invocation>`),
    at: '<binding> in <invocation id="v1"> in model.dmn',
  },
  {
    code: "dmn.function.kind",
    xml: decision("d", `<functionDefinition id="f1" kind="SQL">${literal("1")}</functionDefinition>`),
    at: '<functionDefinition id="f1"> in model.dmn',
  },
  {
    code: "dmn.relation.row",
    xml: decision("d", `<relation id="r1"><column name="a"/><column name="b"/><row>${literal("1")}</row></relation>`),
    at: '<row> in <relation id="r1"> in model.dmn',
  },
  {
    code: "dmn.iterator.variable",
    xml: decision("d", `<for id="f1"><in>${literal("[1]")}</in><return>${literal("1")}</return></for>`),
    at: '<for id="f1"> in model.dmn',
  },
  {
    code: "dmn.import.type",
    xml: `<import namespace="urn:x" name="x" importType="http://www.w3.org/2001/XMLSchema"/>${input("a")}`,
    at: '<import name="x"> in model.dmn',
  },
  {
    code: "dmn.import.collision",
    xml: importOf("urn:b", "b") + importOf("urn:c", "c"),
    siblings: {
      "b.dmn": dmn(input("shared", "number"), { namespace: "urn:b", name: "b" }),
      "c.dmn": dmn(input("shared", "string"), { namespace: "urn:c", name: "c" }),
    },
    at: "c.dmn",
  },
];

describe("DMN import diagnostics", () => {
  it.each(EXHIBITS.map((e) => [e.code, e] as const))("reports %s at the element at fault", (_, e) => {
    const entry = CATALOGUE[e.code] as AnyEntry;
    expect(entry.stage).toBe("dmn");
    const xml = e.code === "dmn.xml" ? e.xml : dmn(e.xml, { namespace: e.namespace });
    const r = importDmn(xml, { file: "model.dmn", siblings: { "model.dmn": xml, ...e.siblings } });
    const d = r.diagnostics.find((x) => x.code === e.code);
    if (!d) throw new Error(`no ${e.code}: ${JSON.stringify(r.diagnostics, null, 1)}`);
    expect(d.severity).toBe(entry.severity);
    // an element is named with the line its start tag is on
    if (e.at)
      expect(d.message).toMatch(new RegExp(` \\(${e.at.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${e.at.startsWith("<") ? ":\\d+" : ""}\\)$`));
    else expect(d.message).toMatch(/^model\.dmn: /);
  });
});
