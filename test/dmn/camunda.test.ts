// What Camunda Modeler and dmn-js files need: variables read without an <inputData> (declared as
// inputs, typed from the input expression), a required decision's output read by the output's
// name, tables without rules, and every such inference said in a warning at its element.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileModel, type ModelInput } from "../../src/compiler/index.js";
import { freeNames } from "../../src/cli/free-names.js";
import { importDmn } from "../../src/dmn/index.js";
import { DMN11, dmn } from "./helpers.js";

const table = (id: string, name: string, inputs: [string, string?][], output: string, rules: string[][]) =>
  `<decision id="${id}" name="${name}"><decisionTable id="t_${id}">${inputs
    .map(
      ([text, typeRef], i) =>
        `<input id="${id}_in${i}"><inputExpression id="${id}_ie${i}"${typeRef ? ` typeRef="${typeRef}"` : ""}><text>${text}</text></inputExpression></input>`,
    )
    .join("")}<output id="${id}_out" name="${output}" typeRef="string"/>${rules
    .map(
      (cells, r) =>
        `<rule id="${id}_r${r}">${cells
          .slice(0, -1)
          .map((c) => `<inputEntry><text>${c}</text></inputEntry>`)
          .join("")}<outputEntry><text>${cells.at(-1)}</text></outputEntry></rule>`,
    )
    .join("")}</decisionTable></decision>`;

const requires = (xml: string, ids: string[]) =>
  xml.replace(
    "<decisionTable",
    `${ids.map((i) => `<informationRequirement><requiredDecision href="#${i}"/></informationRequirement>`).join("")}<decisionTable`,
  );

const run = (content: Record<string, unknown>, state: Record<string, unknown>) => {
  const r = compileModel(content as ModelInput, { strict: false });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
  return r.model.evaluate(state);
};

describe("Camunda's implicit inputs", () => {
  const season = table("season", "Season decision", [["temperature", "integer"]], "season", [
    ["&gt; 20", '"Summer"'],
    ["&lt;= 20", '"Winter"'],
  ]);
  const dish = requires(
    table("dish", "Dish Decision", [["season", "string"], ["guests.count"]], "desiredDish", [
      ['"Summer"', "-", '"Salad"'],
      ['"Winter"', "&gt; 4", '"Stew"'],
      ['"Winter"', "-", '"Roast"'],
    ]),
    ["season"],
  ).replace('<decisionTable id="t_dish"', '<decisionTable id="t_dish" hitPolicy="FIRST"');
  const xml = dmn(season + dish, { ns: DMN11 });

  it("declares the variables a table reads as inputs, typed from the input expression, and a required decision's output by its name", () => {
    const r = importDmn(xml, { file: "dish.dmn" });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.content!.inputs).toEqual({ temperature: { type: "number", desc: "temperature" }, guests: { type: "any", desc: "guests" } });
    expect((r.content!.decisions as Record<string, unknown>).season).toEqual({ expr: "Season decision" });
    const warnings = r.diagnostics.map((d) => `${d.code} ${d.message}`);
    expect(warnings).toContainEqual(
      expect.stringMatching(/^dmn\.input\.inferred "temperature" .*\(<inputExpression id="season_ie0"> in dish\.dmn:\d+\)$/),
    );
    expect(warnings).toContainEqual(expect.stringMatching(/^dmn\.input\.required-output "season" .*"Season decision"/));
    expect(checkModel(r.content as ModelInput, { strict: false }).valid).toBe(true);
    expect(run(r.content!, { temperature: 10, guests: { count: 6 } })["Dish Decision"]).toBe("Stew");
    expect(run(r.content!, { temperature: 30, guests: null })["Dish Decision"]).toBe("Salad");
  });

  it("declares no input for a name the file declares, nor for FEEL's keywords", () => {
    const declared = dmn(
      `<inputData id="i1" name="temperature"><variable name="temperature" typeRef="number"/></inputData>` +
        table(
          "t",
          "T",
          [
            ["temperature", "string"],
            ["true", "boolean"],
          ],
          "o",
          [["-", "-", '"x"']],
        ),
    );
    const r = importDmn(declared);
    expect(Object.keys(r.content!.inputs as object)).toEqual(["temperature"]);
    expect((r.content!.inputs as Record<string, { type: string }>).temperature.type).toBe("number");
    expect(r.diagnostics.filter((d) => d.code.startsWith("dmn.input."))).toEqual([]);
  });

  it("declares the other names a decision reads as inputs of type any when pdm import-dmn asks the check for them", () => {
    const literal = dmn(
      `<decision id="g" name="Greeting"><variable name="Greeting" typeRef="string"/><literalExpression id="l1"><text>"Hello " + name</text></literalExpression></decision>`,
    );
    const without = importDmn(literal);
    expect(without.content!.inputs).toEqual({});
    const r = importDmn(literal, { file: "hello.dmn", freeNames });
    expect(r.content!.inputs).toEqual({ name: { type: "any", desc: "name" } });
    expect(r.diagnostics.map((d) => d.message)).toContainEqual(
      expect.stringMatching(/"name" is read here .*<decision id="g" name="Greeting"> in hello\.dmn:\d+\)$/),
    );
    expect(run(r.content!, { name: "Ada" }).Greeting).toBe("Hello Ada");
  });
});

describe("decision tables without rules", () => {
  const empty = (extra = "") =>
    dmn(`<decision id="d" name="d"><variable name="d" typeRef="string"/><decisionTable id="t1"><input id="i1"><inputExpression typeRef="number"><text>x</text></inputExpression></input>
      <output id="o1" name="d" typeRef="string">${extra}</output></decisionTable></decision>
      <inputData id="x" name="x"><variable name="x" typeRef="number"/></inputData>`);

  it("check leniently and give null, or the default output entry", () => {
    const r = importDmn(empty());
    expect(checkModel(r.content as ModelInput, { strict: false }).valid).toBe(true);
    expect(run(r.content!, { x: 1 }).d).toBeNull();
    const withDefault = importDmn(empty(`<defaultOutputEntry><text>"none"</text></defaultOutputEntry>`));
    expect(run(withDefault.content!, { x: 1 }).d).toBe("none");
  });

  it("are still refused by the strict check", () => {
    const strict = checkModel(importDmn(empty()).content as ModelInput, { strict: true });
    expect(strict.stages.flatMap((s) => s.diagnostics).map((d) => d.code)).toContain("tables.empty");
  });
});

describe("free names", () => {
  it("are variables only: a name that is called (an engine's custom function) stays unknown", () => {
    const xml = dmn(
      `<decision id="c" name="C"><variable name="C"/><literalExpression><text>myFunction() + rate</text></literalExpression></decision>`,
    );
    const r = importDmn(xml, { freeNames });
    expect(r.content!.inputs).toEqual({ rate: { type: "any", desc: "rate" } });
    const check = checkModel(r.content as ModelInput, { strict: false });
    expect(check.stages.flatMap((s) => s.diagnostics).map((d) => d.message)).toContainEqual(expect.stringContaining("`myFunction`"));
  });

  it("report a called name once, at the decision that calls it, as an engine's function the file does not carry", () => {
    const calls = (names: string[]) =>
      dmn(
        `<decision id="c" name="C"><variable name="C"/><literalExpression><text>${names.map((n) => `${n}(1)`).join(" + ")} + abs(-1)</text></literalExpression></decision>`,
      );
    for (const names of [["score"], ["score", "score"], ["rate", "discount", "rate"]]) {
      const r = importDmn(calls(names), { file: "calls.dmn", freeNames });
      const unknown = r.diagnostics.filter((d) => d.code === "dmn.function.unknown");
      expect(unknown.map((d) => d.severity)).toEqual([...new Set(names)].map(() => "error"));
      for (const [i, name] of [...new Set(names)].entries()) {
        expect(unknown[i]!.message).toMatch(
          new RegExp(`^\`${name}\` is called here .*businessKnowledgeModel.*\\(<decision id="c" name="C"> in calls\\.dmn:\\d+\\)$`),
        );
      }
      // a FEEL built-in is no unknown function, and nothing called is declared as an input
      expect(unknown.map((d) => d.message)).not.toContainEqual(expect.stringContaining("`abs`"));
      expect(r.content!.inputs).toEqual({});
    }
  });
});

describe("a call of an entry of the context a BKM returns (dmn-scala's reading)", () => {
  const lib = (params: string, entries: [string, string][]) =>
    `<businessKnowledgeModel id="lib" name="Lib"><encapsulatedLogic>${params}<context>${entries
      .map(([n, body]) => `<contextEntry><variable name="${n}"/><literalExpression><text>${body}</text></literalExpression></contextEntry>`)
      .join("")}</context></encapsulatedLogic></businessKnowledgeModel>`;
  const calling = (text: string) =>
    `<decision id="calc" name="Calculation"><knowledgeRequirement><requiredKnowledge href="#lib"/></knowledgeRequirement><literalExpression><text>${text}</text></literalExpression></decision>`;

  it("names the BKM and the DMN call, which imports and runs", () => {
    fc.assert(
      fc.property(fc.constantFrom("incr", "step", "bump"), fc.integer({ min: -50, max: 50 }), (entry, n) => {
        const entries: [string, string][] = [
          [entry, "function(x) x + 1"],
          ["decr", "function(x) x - 1"],
        ];
        const r = importDmn(dmn(lib("", entries) + calling(`${entry}(${n})`)), { file: "lib.dmn", freeNames });
        const said = r.diagnostics.filter((d) => d.code === "dmn.function.unknown").map((d) => d.message);
        expect(said).toEqual([
          expect.stringMatching(
            new RegExp(
              `^\`${entry}\` is called here, but it is an entry of the context .*\`Lib\`.*\`Lib\\(\\)\\.${entry}\\(\\.\\.\\.\\)\` \\(<decision id="calc" name="Calculation"> in lib\\.dmn:\\d+\\)$`,
            ),
          ),
        ]);
        // what the message says to write is DMN, and runs
        const fixed = importDmn(dmn(lib("", entries) + calling(`Lib().${entry}(${n})`)), { file: "lib.dmn", freeNames });
        expect(fixed.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        expect(run(fixed.content!, {})).toMatchObject({ Calculation: n + 1 });
      }),
      { numRuns: 10 },
    );
  });

  it("is an engine's function when the BKM takes parameters or has no such entry", () => {
    for (const [params, entries] of [
      [`<formalParameter name="a"/>`, [["incr", "function(x) x + 1"]]],
      ["", [["decr", "function(x) x - 1"]]],
    ] as [string, [string, string][]][]) {
      const r = importDmn(dmn(lib(params, entries) + calling("incr(4)")), { file: "lib.dmn", freeNames });
      expect(r.diagnostics.filter((d) => d.code === "dmn.function.unknown").map((d) => d.message)).toEqual([
        expect.stringMatching(/^`incr` is called here but is no FEEL built-in .*businessKnowledgeModel/),
      ]);
    }
  });
});

describe("the typeRefs Camunda Modeler and XML Schema spell numbers with", () => {
  it("read long, int, short and float (bare or xsd:-prefixed) as number, without an error, and run", () => {
    for (const typeRef of ["long", "int", "short", "float", "xsd:long", "xsd:int", "Long"]) {
      const r = importDmn(
        dmn(`<decision id="d" name="Big"><decisionTable id="t" hitPolicy="FIRST"><input id="i1"><inputExpression id="ie1" typeRef="${typeRef}"><text>amount</text></inputExpression></input>
          <output id="o1" name="Big" typeRef="boolean"/><rule id="r1"><inputEntry><text>&gt; 1000</text></inputEntry><outputEntry><text>true</text></outputEntry></rule>
          <rule id="r2"><inputEntry><text>-</text></inputEntry><outputEntry><text>false</text></outputEntry></rule></decisionTable></decision>`),
        { file: "t.dmn" },
      );
      expect([typeRef, r.diagnostics.filter((d) => d.severity === "error")]).toEqual([typeRef, []]);
      expect(r.content!.inputs).toEqual({ amount: { type: "number", desc: "amount" } });
      for (const amount of [5, 5000]) expect(run(r.content!, { amount }).Big).toBe(amount > 1000);
    }
  });
});

describe("the clause shapes Camunda Modeler writes", () => {
  const shaped = (outputs: string, outputEntries: string) =>
    dmn(
      `<decision id="d" name="Grade"><decisionTable id="t" hitPolicy="FIRST">
        <input id="i1" label="Score"><inputExpression id="ie1"><text>score</text></inputExpression></input>
        ${outputs}
        <rule id="r1"><inputEntry><text>&gt;= 50</text></inputEntry>${outputEntries.replace(/\$/g, '"pass"')}</rule>
        <rule id="r2"><inputEntry><text>-</text></inputEntry>${outputEntries.replace(/\$/g, '"fail"')}</rule>
      </decisionTable></decision>`,
      { ns: DMN11 },
    );

  it("imports a single output with only a label (no name, no typeRef) and inputs with only labels", () => {
    const r = importDmn(shaped(`<output id="o1" label="Result"/>`, `<outputEntry><text>$</text></outputEntry>`), { file: "g.dmn" });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    for (const score of [10, 50, 99]) expect(run(r.content!, { score }).Grade).toBe(score >= 50 ? "pass" : "fail");
  });

  it("refuses two outputs without names (Camunda's result would key both by null), asking for names at each", () => {
    const outputs = `<output id="o1" label="Result"/><output id="o2" label="Note"/>`;
    const r = importDmn(shaped(outputs, `<outputEntry><text>$</text></outputEntry><outputEntry><text>$</text></outputEntry>`), {
      file: "g.dmn",
    });
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => d.message)).toEqual([
      expect.stringMatching(/give each <output> a name \(this one's label is "Result"\) \(<output id="o1"> in g\.dmn:\d+\)$/),
      expect.stringMatching(/give each <output> a name \(this one's label is "Note"\) \(<output id="o2"> in g\.dmn:\d+\)$/),
    ]);
    // and no decision is written under names the file does not give
    expect((r.content!.decisions as Record<string, object>).Grade).toEqual({ unmapped: expect.stringContaining("without a name") });
  });
});
