// Business knowledge models and decision services invoked from decisions, imported and run end
// to end: bindings by name (a parameter left unbound is null, DMN 1.5 10.3.2.13.2), parameters
// whose names contain `.` as the TCK's "implicit parameters" models write them, a BKM as a
// function value, and a decision service called like a function.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, type ModelInput } from "../../src/compiler/index.js";
import { importDmn } from "../../src/dmn/index.js";
import { decision, dmn, input, literal } from "./helpers.js";

function run(xml: string, state: Record<string, unknown>) {
  const imported = importDmn(xml);
  expect(imported.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const r = compileModel(imported.content as ModelInput, { strict: false });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
  return r.model.evaluateTraced(state).decisions;
}

const bkm = (name: string, params: string[], body: string) =>
  `<businessKnowledgeModel id="b_${name.replace(/\W/g, "_")}" name="${name}"><variable name="${name}"/><encapsulatedLogic>${params
    .map((p) => `<formalParameter name="${p}"/>`)
    .join("")}${body}</encapsulatedLogic></businessKnowledgeModel>`;

const invocation = (callee: string, bindings: [string, string][]) =>
  `<invocation>${literal(callee)}${bindings.map(([p, e]) => `<binding><parameter name="${p}"/>${literal(e)}</binding>`).join("")}</invocation>`;

describe("BKM invocation", () => {
  // parameters named after the paths the caller binds them to, read in the body as those names
  const dotted = ["Person.Gender", "Person.Name", "Person.Children"];
  const table = `<decisionTable hitPolicy="UNIQUE">${dotted.map((p) => `<input><inputExpression><text>${p}</text></inputExpression></input>`).join("")}<output/>
    <rule><inputEntry><text>"Male"</text></inputEntry><inputEntry><text>-</text></inputEntry><inputEntry><text>-</text></inputEntry>
      <outputEntry><text>Person.Name + " is a dad of " + string(Person.Children)</text></outputEntry></rule>
    <rule><inputEntry><text>"Female"</text></inputEntry><inputEntry><text>-</text></inputEntry><inputEntry><text>-</text></inputEntry>
      <outputEntry><text>Person.Name + " is a mother of " + string(Person.Children)</text></outputEntry></rule></decisionTable>`;
  const model = dmn(
    [
      `<itemDefinition name="tPerson"><itemComponent name="Name"><typeRef>string</typeRef></itemComponent>
        <itemComponent name="Gender"><typeRef>string</typeRef></itemComponent><itemComponent name="Children"><typeRef>number</typeRef></itemComponent></itemDefinition>`,
      input("Person", "tPerson"),
      bkm("Description", dotted, table),
      decision(
        "described",
        invocation(
          "Description",
          dotted.map((p) => [p, p]),
        ),
      ),
    ].join("\n"),
  );

  it("parameters named with `.` are one name in the body and a path at the call", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("Male", "Female"),
        fc.string({ maxLength: 8 }),
        fc.integer({ min: 0, max: 12 }),
        (Gender, Name, Children) => {
          const out = run(model, { Person: { Name, Gender, Children } }).described;
          expect(out).toBe(`${Name} is a ${Gender === "Male" ? "dad" : "mother"} of ${Children}`);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("a parameter the invocation does not bind is null", () => {
    const xml = dmn(
      [
        bkm("greet", ["first", "last"], literal('if last = null then "Hi " + first else "Dear " + first + " " + last')),
        decision("partial", invocation("greet", [["first", '"Ann"']])),
        decision(
          "full",
          invocation("greet", [
            ["last", '"Lee"'],
            ["first", '"Ann"'],
          ]),
        ),
      ].join("\n"),
    );
    expect(run(xml, {})).toEqual({ partial: "Hi Ann", full: "Dear Ann Lee" });
  });

  it("a BKM is a function value: passed to another BKM, to a built-in, stored in a context", () => {
    const xml = dmn(
      [
        bkm("double", ["x"], literal("x * 2")),
        bkm("apply", ["f", "v"], literal("f(v)")),
        decision("applied", literal("apply(double, 21)")),
        decision(
          "named",
          invocation("apply", [
            ["v", "5"],
            ["f", "double"],
          ]),
        ),
        decision("sorted", literal("sort([3, 1, 2], function(a, b) double(a) > double(b))")),
        decision("stored", literal("{g: double}.g(4)")),
      ].join("\n"),
    );
    expect(run(xml, {})).toEqual({ applied: 42, named: 10, sorted: [3, 2, 1], stored: 8 });
  });
});

describe("decision service invocation", () => {
  const xml = dmn(
    [
      input("a", "number"),
      input("b", "number"),
      decision("sum", literal("a + b"), "number", `<informationRequirement><requiredInput href="#i_a"/></informationRequirement>`),
      `<decisionService id="ds" name="adder"><outputDecision href="#d_sum"/><inputData href="#i_a"/><inputData href="#i_b"/></decisionService>`,
      decision("positional", literal("adder(1, 2)")),
      decision("named", literal("adder(b: 10, a: 1)")),
      decision("unbound", literal("adder(a: 1)")),
    ].join("\n"),
  );

  it("is called like a function of its inputs, positionally or by name; an unbound input is null", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        const out = run(xml, { a, b });
        expect(out).toMatchObject({ sum: a + b, positional: 3, named: 11, unbound: null });
      }),
      { numRuns: 5 },
    );
  });
});
