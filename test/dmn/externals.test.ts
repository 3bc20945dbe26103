// Business knowledge models that are not FEEL: Java through the mapped Java externals
// (docs/java-externals.md), Drools' DMN 1.1 letters for the kinds, PMML and unmapped Java refused
// by name; a function the import could not fill fails the check instead of running to null.
import { describe, expect, it } from "vitest";
import { checkModel, compileModel, type ModelInput } from "../../src/compiler/index.js";
import { importDmn } from "../../src/dmn/index.js";
import { DMN11, dmn, input } from "./helpers.js";

const entry = (name: string, text: string) =>
  `<contextEntry><variable name="${name}"/><literalExpression><text>${text}</text></literalExpression></contextEntry>`;

const bkm = (name: string, kind: string, params: string[], body: string) =>
  `<businessKnowledgeModel id="b_${name}" name="${name}"><variable name="${name}"/><encapsulatedLogic id="l_${name}" ${kind}>${params
    .map((p) => `<formalParameter name="${p}" typeRef="number"/>`)
    .join("")}${body}</encapsulatedLogic></businessKnowledgeModel>`;

const java = (cls: string, signature: string) =>
  `<context>${entry("class", `"${cls}"`)}${entry("method signature", `"${signature}"`)}</context>`;

const caller = (expr: string) =>
  `${input("x", "number")}<decision id="d" name="d"><variable name="d" typeRef="number"/><literalExpression><text>${expr}</text></literalExpression></decision>`;

const functions = (r: ReturnType<typeof importDmn>) => r.content!.functions as Record<string, Record<string, unknown>>;

describe("BKMs that are not FEEL", () => {
  it("runs a Java BKM through the mapped Java methods, with Java's semantics", () => {
    const r = importDmn(
      dmn(bkm("larger", 'kind="Java"', ["a", "b"], java("java.lang.Math", "max(double, double)")) + caller("larger(x, 10)")),
    );
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(functions(r).larger.body).toContain('external {java: {"class": "java.lang.Math", "method signature": "max(double, double)"}}');
    const compiled = compileModel(r.content as ModelInput, { strict: false });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.check));
    expect(String(compiled.model.evaluate({ x: 12.5 }).d)).toBe("12.5");
    expect(String(compiled.model.evaluate({ x: 3 }).d)).toBe("10");
  });

  it("refuses a Java class or method that is not mapped, naming it at the element, and the function fails the check", () => {
    const r = importDmn(dmn(bkm("tax", 'kind="Java"', ["a"], java("com.acme.Tax", "rate(double)")) + caller("tax(x)")), {
      file: "tax.dmn",
    });
    const [error] = r.diagnostics.filter((d) => d.severity === "error");
    expect(error.code).toBe("dmn.function.java");
    expect(error.message).toMatch(/com\.acme\.Tax .*\(<encapsulatedLogic id="l_tax"> in tax\.dmn:\d+\)$/);
    expect(functions(r).tax).toEqual({ params: { a: "number" }, unmapped: expect.stringContaining("com.acme.Tax") });
    const check = checkModel(r.content as ModelInput, { strict: false });
    expect(check.stages.flatMap((s) => s.diagnostics).map((d) => d.code)).toContain("function.unmapped");
  });

  it("names a mapped class's other methods when the signature is not mapped", () => {
    const r = importDmn(dmn(bkm("m", 'kind="Java"', ["a"], java("java.lang.Math", "max(double)")) + caller("m(x)")));
    expect(functions(r).m.unmapped).toContain("max(double,double)");
  });

  it("refuses PMML with its own message", () => {
    const r = importDmn(
      dmn(bkm("score", 'kind="PMML"', ["a"], `<context>${entry("document", '"m.pmml"')}</context>`) + caller("score(x)")),
    );
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["dmn.function.pmml"]);
    expect(functions(r).score.unmapped).toContain("PMML");
  });

  it("reads Drools' DMN 1.1 kind letters: F is FEEL, J is Java", () => {
    const ns = `xmlns:drools="http://www.drools.org/kie/dmn/1.1"`;
    const xml = dmn(
      bkm("plus", 'drools:kind="F"', ["a"], `<literalExpression><text>a + 1</text></literalExpression>`) +
        bkm("root", 'drools:kind="J"', ["a"], java("java.lang.Math", "sqrt(double)")) +
        caller("plus(x) + root(x)"),
      { ns: DMN11 },
    ).replace("<definitions ", `<definitions ${ns} `);
    const r = importDmn(xml);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(functions(r).plus.body).toBe("a + 1");
    const compiled = compileModel(r.content as ModelInput, { strict: false });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.check));
    expect(String(compiled.model.evaluate({ x: 16 }).d)).toBe("21");
  });

  it("fails the check for a BKM without logic instead of running to null", () => {
    const r = importDmn(dmn(`<businessKnowledgeModel id="b1" name="f"><variable name="f"/></businessKnowledgeModel>` + caller("f()")));
    expect(functions(r).f.unmapped).toContain("no encapsulated logic");
    expect(checkModel(r.content as ModelInput, { strict: false }).valid).toBe(false);
  });
});
