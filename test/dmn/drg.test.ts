import { describe, expect, it } from "vitest";
import { compileModel, type ModelInput } from "../../src/compiler/index.js";
import { importDmn } from "../../src/dmn/index.js";
import { decision, dmn, input, literal } from "./helpers.js";

const errors = (r: ReturnType<typeof importDmn>) => r.diagnostics.filter((d) => d.severity === "error");
const functionsOf = (r: ReturnType<typeof importDmn>) => r.content!.functions as Record<string, Record<string, unknown>>;
const requires = (kind: "requiredDecision" | "requiredInput", ...ids: string[]) =>
  ids.map((id) => `<informationRequirement><${kind} href="#${id}"/></informationRequirement>`).join("");

describe("importDmn: business knowledge models", () => {
  it("maps a BKM with a literal body to a function with typed parameters in order", () => {
    const bkm = `<businessKnowledgeModel id="b1" name="Monthly payment"><variable name="Monthly payment"/>
      <encapsulatedLogic><formalParameter name="rate" typeRef="number"/><formalParameter name="term"/>
      ${literal("rate * term")}</encapsulatedLogic></businessKnowledgeModel>`;
    const r = importDmn(dmn(bkm));
    expect(errors(r)).toEqual([]);
    expect(functionsOf(r)).toEqual({ "Monthly payment": { params: { rate: "number", term: "any" }, body: "rate * term" } });
    expect(Object.keys(functionsOf(r)["Monthly payment"].params as object)).toEqual(["rate", "term"]);
  });

  it("maps a BKM whose body is a decision table or a context", () => {
    const table = `<decisionTable id="t" hitPolicy="FIRST"><input id="i"><inputExpression><text>x</text></inputExpression></input>
      <output id="o"/><rule id="r"><inputEntry><text>&gt; 1</text></inputEntry><outputEntry><text>"big"</text></outputEntry></rule></decisionTable>`;
    const ctx = `<context><contextEntry><variable name="y"/>${literal("x * 2")}</contextEntry><contextEntry>${literal("y + 1")}</contextEntry></context>`;
    const bkm = (name: string, body: string) =>
      `<businessKnowledgeModel id="${name}" name="${name}"><encapsulatedLogic><formalParameter name="x" typeRef="number"/>${body}</encapsulatedLogic></businessKnowledgeModel>`;
    const r = importDmn(dmn(bkm("classify", table) + bkm("calc", ctx)));
    expect(errors(r)).toEqual([]);
    expect(functionsOf(r).classify.body).toEqual({
      table: [
        ["x", "=> classify"],
        ["> 1", '"big"'],
      ],
      hit: "FIRST",
    });
    // functions take a boxed context as one FEEL context whose hidden last entry is the result
    expect(functionsOf(r).calc.body).toBe('{"y": (x * 2), "__result": (y + 1)}.__result');
  });

  it("refuses a BKM without logic that an expression calls, and leaves out one that nothing calls", () => {
    const called = importDmn(dmn(`<businessKnowledgeModel id="b9" name="empty"/>` + input("x") + decision("d", literal("empty(x)"))));
    expect(errors(called).map((d) => d.code)).toEqual(["dmn.bkm.logic"]);
    expect(functionsOf(called).empty!.unmapped).toBeDefined();
    for (const bkm of [`<businessKnowledgeModel id="b9" name="empty"/>`, `<businessKnowledgeModel id="BusinessKnowledgeModel_1"/>`]) {
      const r = importDmn(dmn(bkm + input("x") + decision("d", literal("x + 1"))));
      expect(errors(r)).toEqual([]);
      expect(r.diagnostics.map((d) => d.code)).toContain("dmn.bkm.unused");
      expect(r.content!.functions).toBeUndefined();
      const compiled = compileModel(r.content as ModelInput, { strict: false });
      if (!compiled.ok) throw new Error("does not compile");
      expect(String(compiled.model.evaluate({ x: 1 }).d)).toBe("2");
    }
  });
});

describe("importDmn: decision services", () => {
  const model = dmn(
    [
      input("in A", "string"),
      input("in B", "string"),
      decision("helper", literal('"h"'), "string"),
      decision("inner", literal("in A + helper"), "string", requires("requiredInput", "i_in_A") + requires("requiredDecision", "d_helper")),
      decision("given", literal('"never"'), "string"),
      decision("out 1", literal("inner + given + in B"), "string", requires("requiredDecision", "d_inner", "d_given")),
      decision("out 2", literal("inner"), "string", requires("requiredDecision", "d_inner")),
      `<decisionService id="ds1" name="one"><outputDecision href="#d_out_1"/><inputDecision href="#d_given"/>
         <inputData href="#i_in_A"/><inputData href="#i_in_B"/></decisionService>`,
      `<decisionService id="ds2" name="two"><outputDecision href="#d_out_1"/><outputDecision href="#d_out_2"/>
         <encapsulatedDecision href="#d_inner"/><inputDecision href="#d_given"/><inputData href="#i_in_A"/><inputData href="#i_in_B"/></decisionService>`,
    ].join("\n"),
  );

  it("makes inputData then inputDecision the parameters and the needed decisions let entries in dependency order", () => {
    const r = importDmn(model);
    expect(errors(r)).toEqual([]);
    const one = functionsOf(r).one as { params: Record<string, unknown>; body: string };
    expect(Object.keys(one.params)).toEqual(["in A", "in B", "given"]);
    expect(one.params).toEqual({ "in A": "string", "in B": "string", given: "string" });
    expect(one.body).toBe('{"helper": "h", "inner": (in A + helper), "out 1": (inner + given + in B), "__result": (out 1)}.__result');
    expect(r.decisionServices.one).toEqual(["out 1"]);
  });

  it("returns a context of several output decisions", () => {
    const r = importDmn(model);
    const two = functionsOf(r).two as { body: string };
    expect(two.body).toBe(
      '{"helper": "h", "inner": (in A + helper), "out 1": (inner + given + in B), "out 2": inner, "__result": ({"out 1": (out 1), "out 2": (out 2)})}.__result',
    );
    expect(r.decisionServices.two).toEqual(["out 1", "out 2"]);
  });

  it("reports a dangling output decision", () => {
    const r = importDmn(dmn(`<decisionService id="ds" name="s"><outputDecision href="#gone"/></decisionService>`));
    expect(
      errors(r)
        .map((d) => d.code)
        .sort(),
    ).toEqual(["dmn.href.dangling", "dmn.service.outputs"]);
  });

  it("takes the encapsulated decisions no other one requires as the outputs, and the input data they require as the parameters, when the service names neither", () => {
    const bare = model.replace(
      "</definitions>",
      `<decisionService id="ds3" name="three"><encapsulatedDecision href="#d_inner"/><encapsulatedDecision href="#d_helper"/></decisionService></definitions>`,
    );
    const r = importDmn(bare, { file: "s.dmn" });
    expect(errors(r)).toEqual([]);
    const three = functionsOf(r).three as { params: Record<string, unknown>; body: string };
    expect(r.decisionServices.three).toEqual(["inner"]);
    expect(three.params).toEqual({ "in A": "string" });
    const warnings = r.diagnostics.filter((d) => d.severity === "warning").map((d) => d.code);
    expect(warnings).toEqual(["dmn.service.outputs-inferred", "dmn.service.inputs-inferred"]);
    const compiled = compileModel(r.content as ModelInput, { strict: false });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.check));
    expect(compiled.model.functions.three!.invoke(["a"])).toBe("ah");
  });
});

describe("importDmn: a decision service whose decisions read input data without requiring it", () => {
  it("takes the input data they read by name (not one only a decision outside it reads) as its parameters, in the file's order", () => {
    const xml = dmn(
      [
        input("Rate", "number"),
        input("Amount", "number"),
        input("Unused", "number"),
        decision("Tax", literal("Amount * Rate"), "number"),
        decision("Total", literal("Amount + Tax"), "number", requires("requiredDecision", "d_Tax")),
        decision("Other", literal("Unused"), "number"),
        decision("Quote", literal("Price(Rate, Amount)"), "number"),
        `<decisionService id="ds" name="Price"><outputDecision href="#d_Total"/><encapsulatedDecision href="#d_Tax"/></decisionService>`,
      ].join("\n"),
    );
    const r = importDmn(xml, { file: "p.dmn" });
    expect(errors(r)).toEqual([]);
    const price = functionsOf(r).Price as { params: Record<string, unknown> };
    expect(price.params).toEqual({ Rate: "number", Amount: "number" });
    expect(r.diagnostics.find((d) => d.code === "dmn.service.inputs-inferred")?.message).toMatch(
      /\(Rate, Amount\).*<decisionService id="ds" name="Price"> in p\.dmn:\d+\)$/,
    );
    const compiled = compileModel(r.content as ModelInput, { strict: false });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.check));
    for (const [Rate, Amount] of [
      [0.5, 10],
      [0.25, 8],
      [0, 3],
    ])
      expect(compiled.model.evaluate({ Rate, Amount, Unused: 1 }).Quote).toBe(Amount + Amount * Rate);
  });
});

describe("importDmn: imports", () => {
  const base = dmn(
    `<itemDefinition name="tName"><typeRef>string</typeRef></itemDefinition>
     ${input("Person name", "tName")}
     ${decision("Greeting", literal('"Hello, " + Person name'), "string", requires("requiredInput", "i_Person_name"))}
     <businessKnowledgeModel id="b1" name="shout"><encapsulatedLogic><formalParameter name="s" typeRef="string"/>${literal("upper case(s)")}</encapsulatedLogic></businessKnowledgeModel>`,
    { namespace: "urn:base", name: "base" },
  );
  const importer = dmn(
    `<import namespace="urn:base" name="lib" importType="https://www.omg.org/spec/DMN/20230324/MODEL/"/>
     ${decision("Result", literal("lib.shout(lib.Greeting)"), "lib.tName", '<informationRequirement><requiredDecision href="urn:base#d_Greeting"/></informationRequirement>')}`,
    { namespace: "urn:top", name: "top" },
  );

  it("flattens an imported model and adds qualified aliases", () => {
    const r = importDmn(importer, { file: "top.dmn", siblings: { "base.dmn": base } });
    expect(errors(r)).toEqual([]);
    const c = r.content!;
    expect(c.name).toBe("top");
    expect(c.types).toEqual({ tName: "string", "lib.tName": "tName" });
    expect(Object.keys(c.inputs as object)).toEqual(["Person name"]);
    expect(c.decisions).toEqual({
      Greeting: { type: "string", expr: '"Hello, " + Person name' },
      "lib.Person name": { type: "tName", expr: "Person name" },
      "lib.Greeting": { type: "string", expr: "Greeting" },
      Result: { type: "lib.tName", expr: "lib.shout(lib.Greeting)" },
    });
    expect(functionsOf(r)["lib.shout"]).toEqual({ params: { s: "string" }, body: "shout(s)" });
  });

  it("reports an import that is not among the siblings", () => {
    const r = importDmn(importer, { file: "top.dmn", siblings: {} });
    expect(errors(r).map((d) => d.code)).toContain("dmn.import.missing");
  });

  it("keeps the importing model's own definitions, with one message for all the names an import declares too", () => {
    const own = dmn(
      `<import namespace="urn:base" name="lib" importType="https://www.omg.org/spec/DMN/20230324/MODEL/"/>
       ${input("Person name", "number")}
       ${decision("Greeting", literal('"Hi " + string(Person name)'), "string")}`,
      { namespace: "urn:top", name: "top" },
    );
    const r = importDmn(own, { file: "top.dmn", siblings: { "base.dmn": base } });
    expect((r.content!.inputs as Record<string, { type: string }>)["Person name"].type).toBe("number");
    expect((r.content!.decisions as Record<string, { expr: string }>).Greeting.expr).toBe('"Hi " + string(Person name)');
    const collisions = r.diagnostics.filter((d) => d.code === "dmn.import.collision");
    expect(collisions).toHaveLength(1);
    expect(collisions[0].message).toMatch(/^2 names \("Person name", "Greeting"\) are declared by the imported model "base"/);
  });

  it("merges one model imported by two others under the same name without a collision, and reads the DMN 1.2 draft importType", () => {
    const via = (name: string) =>
      dmn(
        `<import namespace="urn:base" name="lib" importType="http://www.omg.org/spec/DMN1-2Alpha/20160929/MODEL"/>${decision(name, literal("lib.Greeting"), "string")}`,
        {
          namespace: `urn:${name}`,
          name,
        },
      );
    const top = dmn(
      `<import namespace="urn:left" name="left" importType="https://www.omg.org/spec/DMN/20230324/MODEL/"/>
       <import namespace="urn:right" name="right" importType="https://www.omg.org/spec/DMN/20230324/MODEL/"/>`,
      { namespace: "urn:top", name: "top" },
    );
    const r = importDmn(top, { file: "top.dmn", siblings: { "base.dmn": base, "left.dmn": via("left"), "right.dmn": via("right") } });
    expect(errors(r)).toEqual([]);
    expect(Object.keys(r.content!.decisions as object)).toEqual(expect.arrayContaining(["left.left", "right.right", "lib.Greeting"]));
  });
});

describe("importDmn: a name declared twice", () => {
  /** Two one-output tables named `Level`, both reading `score`; `Report` requires the second by id and reads `reads`. */
  function twoLevels(reads: string): string {
    const levelTable = (out: string, value: string) =>
      `<decisionTable id="t_${out}"><input id="in_${out}"><inputExpression><text>score</text></inputExpression></input><output id="o_${out}" name="${out}"/>
        <rule id="r_${out}"><inputEntry><text>-</text></inputEntry><outputEntry><text>${value}</text></outputEntry></rule></decisionTable>`;
    const first = `<decision id="lv1" name="Level">${levelTable("first", "score + 1")}</decision>`;
    const second = `<decision id="lv2" name="Level">${levelTable("second", "score * 10")}</decision>`;
    const report = `<decision id="rep" name="Report"><variable name="Report"/>${requires("requiredDecision", "lv2")}${literal(reads)}</decision>`;
    return dmn(input("score", "number") + first + second + report);
  }

  it("imports the second under its id when nothing requiring it reads the shared name, and runs each by its own logic", () => {
    const r = importDmn(twoLevels("lv2 * 2"), { file: "levels.dmn" });
    expect(errors(r)).toEqual([]);
    const renamed = r.diagnostics.filter((d) => d.code === "dmn.name.renamed");
    expect(renamed.map((d) => d.message)).toEqual([
      expect.stringMatching(/"Level".*"lv2".*<decision id="lv2" name="Level"> in levels\.dmn:\d+\)$/),
    ]);
    const compiled = compileModel(r.content as ModelInput, { strict: false });
    if (!compiled.ok) throw new Error("does not compile");
    for (const score of [0, 3, 7.5]) {
      const out = compiled.model.evaluate({ score }) as Record<string, unknown>;
      expect(out).toMatchObject({ Level: score + 1, lv2: score * 10, Report: score * 20 });
    }
  });

  it("leaves the second out when an element requiring it reads the shared name, which could mean either", () => {
    const r = importDmn(twoLevels("Level * 2"));
    expect(errors(r).map((d) => d.code)).toEqual(["dmn.name.duplicate"]);
    expect(Object.keys(r.content!.decisions as object)).not.toContain("lv2");
  });

  it("leaves the second out when its id is itself a name in the file", () => {
    const xml = twoLevels("lv2 * 2").replace('name="Report"', 'name="lv2"').replace('<variable name="Report"/>', '<variable name="lv2"/>');
    expect(errors(importDmn(xml)).map((d) => d.code)).toEqual(["dmn.name.duplicate"]);
  });
});

describe("importDmn: a decision without a name", () => {
  it("imports it under its id, with a warning, and runs it", () => {
    const table = `<decisionTable id="t1"><input id="in1"><inputExpression id="ie1" typeRef="number"><text>x</text></inputExpression></input>
      <output id="o1" typeRef="string"/><rule id="r1"><inputEntry><text>&gt; 1</text></inputEntry><outputEntry><text>"big"</text></outputEntry></rule></decisionTable>`;
    const r = importDmn(dmn(input("x", "number") + `<decision id="Decision_13nychf">${table}</decision>`), { file: "m.dmn" });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toContain("dmn.name.from-id");
    const compiled = compileModel(r.content as ModelInput, { strict: false });
    if (!compiled.ok) throw new Error("does not compile");
    for (const x of [0, 2]) expect(compiled.model.evaluate({ x }).Decision_13nychf).toBe(x > 1 ? "big" : null);
  });
});
