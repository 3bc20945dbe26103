import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, type ModelInput } from "../../src/compiler/index.js";
import { importDmn } from "../../src/dmn/index.js";
import { DMN11, decision, dmn, input, literal } from "./helpers.js";

const errors = (r: ReturnType<typeof importDmn>) => r.diagnostics.filter((d) => d.severity === "error");

describe("importDmn: inputs and item definitions", () => {
  it("maps built-in typeRefs of every spelling", () => {
    const r = importDmn(
      dmn(
        [
          input("a", "number"),
          input("b", "feel:string"),
          input("c", "dateTime"),
          input("d", "date and time"),
          input("e", "dayTimeDuration"),
          input("f", "years and months duration"),
          input("g", "Any"),
          input("h", "boolean"),
          input("i", "context"),
          input("j"),
          input("k", "feel.string"),
        ].join("\n"),
      ),
    );
    expect(errors(r)).toEqual([]);
    const inputs = r.content!.inputs as Record<string, { type: unknown; desc: string }>;
    expect(Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v.type]))).toEqual({
      a: "number",
      b: "string",
      c: "date and time",
      d: "date and time",
      e: "days and time duration",
      f: "years and months duration",
      g: "any",
      h: "boolean",
      i: "context",
      j: "any",
      k: "string",
    });
    expect(inputs.a.desc).toBe("a");
  });

  it("maps item definitions: structs, collections, enumerations and constraints", () => {
    const r = importDmn(
      dmn(`
        <itemDefinition name="tStatus"><typeRef>string</typeRef><allowedValues><text>"gold", "silver"</text></allowedValues></itemDefinition>
        <itemDefinition name="tScore"><typeRef>number</typeRef><allowedValues><text>[0..100]</text></allowedValues></itemDefinition>
        <itemDefinition name="tPerson">
          <itemComponent name="Full Name"><typeRef>string</typeRef></itemComponent>
          <itemComponent name="status"><typeRef>tStatus</typeRef></itemComponent>
          <itemComponent name="address"><itemComponent name="city"><typeRef>string</typeRef></itemComponent></itemComponent>
        </itemDefinition>
        <itemDefinition name="tPeople" isCollection="true"><typeRef>tPerson</typeRef></itemDefinition>
        <itemDefinition name="tOdd"><typeRef>string</typeRef><allowedValues><text>"a|b", "c"</text></allowedValues></itemDefinition>
        ${input("people", "tPeople")}`),
    );
    expect(errors(r)).toEqual([]);
    expect(r.content!.types).toEqual({
      tStatus: "gold|silver",
      tScore: "number [0..100]",
      tPerson: { "Full Name": "string", status: "tStatus", address: { city: "string" } },
      tPeople: ["tPerson"],
      tOdd: { $enum: ["a|b", "c"] },
    });
    expect((r.content!.inputs as Record<string, { type: unknown }>).people.type).toBe("tPeople");
  });

  it("reports an unknown typeRef with the element id and the file", () => {
    const r = importDmn(dmn(input("x", "tMissing")), { file: "m.dmn" });
    expect(errors(r)).toHaveLength(1);
    expect(errors(r)[0].code).toBe("dmn.type.unknown");
    expect(errors(r)[0].message).toContain('id="i_x"');
    expect(errors(r)[0].message).toContain("m.dmn");
  });

  it("guesses no unknown typeRef (feelDate, an engine's own type): the check rejects whatever uses it", () => {
    const table = `<decisionTable id="t1"><input id="in1"><inputExpression id="ie1" typeRef="feelDate"><text>date1</text></inputExpression></input>
      <output id="o1" name="d" typeRef="string"/><rule id="r1"><inputEntry><text>-</text></inputEntry><outputEntry><text>"x"</text></outputEntry></rule></decisionTable>`;
    const models = [
      dmn(input("x", "feelDate") + decision("d", literal("x"))),
      dmn(decision("d", table)),
      dmn(input("x", "number") + decision("d", literal("x"), "feelDate")),
      dmn(`<itemDefinition name="tDay"><typeRef>feelDate</typeRef></itemDefinition>` + input("x", "tDay") + decision("d", literal("x"))),
    ];
    for (const xml of models) {
      const r = importDmn(xml, { file: "m.dmn" });
      expect(errors(r).map((d) => d.code)).toEqual(["dmn.type.unknown"]);
      expect(errors(r)[0]!.message).toMatch(/"feelDate".* in m\.dmn:\d+\)$/);
      expect(checkModel(r.content as ModelInput, { strict: false }).valid).toBe(false);
    }
  });

  it("reads any namespace prefix and DMN 1.1 documents", () => {
    const body = `<semantic:inputData id="i1" name="Age"><semantic:variable name="Age" typeRef="feel:number"/></semantic:inputData>
      <semantic:decision id="d1" name="Adult"><semantic:variable name="Adult" typeRef="feel:boolean"/>
        <semantic:literalExpression><semantic:text>Age &gt;= 18</semantic:text></semantic:literalExpression></semantic:decision>`;
    const r = importDmn(dmn(body, { prefix: "semantic", ns: DMN11 }));
    expect(errors(r)).toEqual([]);
    expect(r.content!.decisions).toEqual({ Adult: { type: "boolean", expr: "Age >= 18" } });
  });
});

describe("importDmn: decisions", () => {
  it("keeps literal expressions and names exactly", () => {
    const r = importDmn(dmn(decision("Is it ok? - a'b.c", literal('"x" + "y"'), "string")));
    expect(r.content!.decisions).toEqual({ "Is it ok? - a'b.c": { type: "string", expr: '"x" + "y"' } });
  });

  it("keeps names that are Object.prototype members as ordinary names", () => {
    const r = importDmn(dmn(decision("valueOf", literal("1")) + decision("constructor", literal("2"))));
    expect(errors(r)).toEqual([]);
    expect(Object.keys(r.content!.decisions as object)).toEqual(["valueOf", "constructor"]);
  });

  it("maps a boxed context to let entries and its result entry", () => {
    const ctx = `<context>
      <contextEntry><variable name="a"/>${literal("1")}</contextEntry>
      <contextEntry><variable name="b c"/>${literal("a + 1")}</contextEntry>
      <contextEntry>${literal("b c * 2")}</contextEntry></context>`;
    const r = importDmn(dmn(decision("d", ctx, "number")));
    expect(r.content!.decisions).toEqual({ d: { type: "number", let: { a: "1", "b c": "a + 1" }, expr: "b c * 2" } });
  });

  it("maps a boxed context without result entry to a context of its entries", () => {
    const ctx = `<context><contextEntry><variable name="a"/>${literal("1")}</contextEntry>
      <contextEntry><variable name="b c"/>${literal("2")}</contextEntry></context>`;
    const r = importDmn(dmn(decision("d", ctx)));
    expect(r.content!.decisions).toEqual({ d: { let: { a: "1", "b c": "2" }, expr: '{"a": a, "b c": (b c)}' } });
  });

  it("writes nested boxed expressions as FEEL text", () => {
    const cases: [string, string][] = [
      [`<list>${literal("1")}${literal("a + 1")}</list>`, "[1, (a + 1)]"],
      [
        `<relation><column name="n"/><column name="v"/><row>${literal('"x"')}${literal("1")}</row><row>${literal('"y"')}${literal("2")}</row></relation>`,
        '[{"n": "x", "v": 1}, {"n": "y", "v": 2}]',
      ],
      [
        `<invocation>${literal("my fn")}<binding><parameter name="first arg"/>${literal("1 + 1")}</binding><binding><parameter name="b"/></binding></invocation>`,
        "my fn(first arg: (1 + 1), b: null)",
      ],
      [
        `<conditional><if>${literal("x > 1")}</if><then>${literal('"big"')}</then><else>${literal('"small"')}</else></conditional>`,
        'if (x > 1) then "big" else "small"',
      ],
      [`<filter><in>${literal("[1, 2, 3]")}</in><match>${literal("item > 1")}</match></filter>`, "([1, 2, 3])[(item > 1)]"],
      [
        `<for iteratorVariable="i"><in>${literal("[1, 2]")}</in><return>${literal("i * 2")}</return></for>`,
        "for i in ([1, 2]) return (i * 2)",
      ],
      [
        `<some iteratorVariable="i"><in>${literal("xs")}</in><satisfies>${literal("i > 1")}</satisfies></some>`,
        "some i in xs satisfies (i > 1)",
      ],
      [
        `<every iteratorVariable="i"><in>${literal("xs")}</in><satisfies>${literal("i > 1")}</satisfies></every>`,
        "every i in xs satisfies (i > 1)",
      ],
      [
        `<functionDefinition><formalParameter name="a" typeRef="number"/><formalParameter name="b"/>${literal("a + b")}</functionDefinition>`,
        "function(a: number, b) (a + b)",
      ],
      // a boxed Java function's context is the mapping itself; FEEL's external body names its form
      [
        `<functionDefinition kind="Java"><formalParameter name="a"/><context><contextEntry><variable name="class"/>${literal('"java.lang.Math"')}</contextEntry><contextEntry><variable name="method signature"/>${literal('"abs(double)"')}</contextEntry></context></functionDefinition>`,
        'function(a) external {java: {"class": "java.lang.Math", "method signature": "abs(double)"}}',
      ],
      [
        `<functionDefinition kind="Java"><formalParameter name="a"/>${literal('{java: {class: "java.lang.Math", method signature: "abs(double)"}}')}</functionDefinition>`,
        'function(a) external {java: {class: "java.lang.Math", method signature: "abs(double)"}}',
      ],
      [
        `<context><contextEntry><variable name="a"/>${literal("1")}</contextEntry><contextEntry>${literal("a + 1")}</contextEntry></context>`,
        '{"a": 1, "__result": (a + 1)}.__result',
      ],
    ];
    for (const [xml, feel] of cases) {
      // inside a list, so that a context stays FEEL text rather than let entries
      const r = importDmn(dmn(decision("d", `<list>${xml}</list>`)));
      expect(errors(r)).toEqual([]);
      expect((r.content!.decisions as Record<string, { expr: string }>).d.expr).toBe(`[(${feel})]`);
    }
  });

  it("reports an unsupported expression language", () => {
    const r = importDmn(
      dmn(decision("d", `<literalExpression expressionLanguage="http://www.w3.org/1999/XPath"><text>1</text></literalExpression>`)),
    );
    expect(errors(r).map((d) => d.code)).toEqual(["dmn.expression.language"]);
    expect(errors(r)[0].message).toContain('id="d_d"');
  });

  it("reports an unknown expression element and an unknown DRG element", () => {
    const r = importDmn(dmn(decision("d", "<fancyExpression/>") + `<strangeThing id="s1"/>`));
    expect(
      errors(r)
        .map((d) => d.code)
        .sort(),
    ).toEqual(["dmn.element.unknown", "dmn.expression.kind"]);
    expect(errors(r).find((d) => d.code === "dmn.element.unknown")!.message).toContain('id="s1"');
  });

  it("reports a dangling href", () => {
    const req = `<informationRequirement><requiredInput href="#nowhere"/></informationRequirement>`;
    const r = importDmn(dmn(decision("d", literal("1"), undefined, req)));
    expect(errors(r).map((d) => d.code)).toEqual(["dmn.href.dangling"]);
    expect(errors(r)[0].message).toContain("#nowhere");
  });

  it("refuses DMN 1.0 (clauses that rules reference by id) by its version, at the file, saying to save it as DMN 1.1 or later", () => {
    for (const root of ["Definitions", "definitions"]) {
      const xml = `<${root} xmlns="http://www.omg.org/spec/DMN/20130901" id="d" name="n" namespace="x"><Decision id="d1"/></${root}>`;
      const r = importDmn(xml, { file: "old.dmn" });
      expect(r.content).toBeNull();
      expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["dmn.xml", "error"]]);
      expect(r.diagnostics[0]!.message).toMatch(new RegExp(`^old\\.dmn: DMN 1\\.0 .*<${root}>.*save the model as DMN 1\\.1 or later$`));
    }
  });

  it("refuses a DOCTYPE that declares an entity, at its line and by its name, rather than import the reference as text", () => {
    const body = dmn(decision("d", literal('"&e;"')));
    const rootAt = body.search(/<[A-Za-z_]/);
    fc.assert(
      fc.property(
        fc.nat(6),
        fc.constantFrom("e", "lol9", "% p"),
        fc.constantFrom('"lol"', '"&lol8;&lol8;&lol8;"', 'SYSTEM "file:///etc/passwd"', 'PUBLIC "-//x" "http://127.0.0.1/x.dtd"'),
        (blank, name, value) => {
          const xml = `${body.slice(0, rootAt)}${"\n".repeat(blank)}<!DOCTYPE definitions [\n<!ENTITY ${name} ${value}>\n]>\n${body.slice(rootAt)}`;
          const r = importDmn(xml, { file: "m.dmn" });
          expect(r.content).toBeNull();
          expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["dmn.xml", "error"]]);
          const line = body.slice(0, rootAt).split("\n").length + blank + 1;
          expect(r.diagnostics[0]!.message).toContain(`m.dmn:${line}: the DOCTYPE declares the entity ${name.replace("% ", "")};`);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("imports a DOCTYPE that declares no entity, and FEEL text that merely mentions one", () => {
    const body = dmn(decision("d", literal("\"<!DOCTYPE x [<!ENTITY y 'z'>]>\"")));
    const rootAt = body.search(/<[A-Za-z_]/);
    const xml = `${body.slice(0, rootAt)}<!DOCTYPE definitions>\n${body.slice(rootAt)}`;
    const r = importDmn(xml.replace(/"<!DOCTYPE x \[<!ENTITY y 'z'>\]>"/, "\"&lt;!DOCTYPE x [&lt;!ENTITY y 'z'&gt;]&gt;\""));
    expect(errors(r)).toEqual([]);
    expect((r.content!.decisions as Record<string, { expr: string }>).d.expr).toBe(`"<!DOCTYPE x [<!ENTITY y 'z'>]>"`);
  });

  it("reports text that is not DMN", () => {
    expect(importDmn("<notDmn/>").content).toBeNull();
    expect(importDmn("<definitions").content).toBeNull();
    expect(importDmn("<definitions").diagnostics[0].severity).toBe("error");
  });

  it("keeps comments from swallowing the closing parenthesis", () => {
    const r = importDmn(dmn(decision("d", `<list>${literal("1 + 2 // three")}</list>`)));
    expect((r.content!.decisions as Record<string, { expr: string }>).d.expr).toBe("[(1 + 2 // three\n)]");
  });
});
