import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileModel, type ModelInput } from "../../src/compiler/index.js";
import { importDmn } from "../../src/dmn/index.js";
import { decision, dmn, input, literal } from "./helpers.js";

const cell = (tag: string, text: string) => `<${tag}><text>${text.replace(/</g, "&lt;")}</text></${tag}>`;

function table(attrs: string, inputs: [string, string?][], outputs: string, rules: string[][], nOut = 1): string {
  const ins = inputs
    .map(
      ([e, t]) =>
        `<input id="in_${e.replace(/\W/g, "")}"><inputExpression${t ? ` typeRef="${t}"` : ""}><text>${e}</text></inputExpression></input>`,
    )
    .join("");
  const rs = rules
    .map((r, i) => {
      const inCells = r.slice(0, r.length - nOut).map((c) => cell("inputEntry", c));
      const outCells = r.slice(r.length - nOut).map((c) => cell("outputEntry", c));
      return `<rule id="r${i + 1}">${inCells.join("")}${outCells.join("")}</rule>`;
    })
    .join("");
  return `<decisionTable id="t1" ${attrs}>${ins}${outputs}${rs}</decisionTable>`;
}

const errors = (r: ReturnType<typeof importDmn>) => r.diagnostics.filter((d) => d.severity === "error");
const decisionOf = (r: ReturnType<typeof importDmn>, name = "d") => (r.content!.decisions as Record<string, Record<string, unknown>>)[name];

describe("importDmn: decision tables", () => {
  const hitPolicies: [string, string][] = [
    ["", "UNIQUE"],
    [`hitPolicy="UNIQUE"`, "UNIQUE"],
    [`hitPolicy="FIRST"`, "FIRST"],
    [`hitPolicy="PRIORITY"`, "PRIORITY"],
    [`hitPolicy="ANY"`, "ANY"],
    [`hitPolicy="COLLECT"`, "COLLECT"],
    [`hitPolicy="COLLECT" aggregation="SUM"`, "COLLECT SUM"],
    [`hitPolicy="COLLECT" aggregation="COUNT"`, "COLLECT COUNT"],
    [`hitPolicy="COLLECT" aggregation="MIN"`, "COLLECT MIN"],
    [`hitPolicy="COLLECT" aggregation="MAX"`, "COLLECT MAX"],
    [`hitPolicy="RULE ORDER"`, "RULE ORDER"],
    [`hitPolicy="OUTPUT ORDER"`, "OUTPUT ORDER"],
  ];
  for (const [attrs, hit] of hitPolicies) {
    it(`maps hit policy ${attrs || "(default)"} to ${hit}`, () => {
      // PRIORITY and OUTPUT ORDER rank by the order of the output values, which they need
      const ranked = hit === "PRIORITY" || hit === "OUTPUT ORDER";
      const output = ranked ? `<output id="o1"><outputValues><text>2, 1</text></outputValues></output>` : `<output id="o1"/>`;
      const t = table(attrs, [["Age", "number"]], output, [
        ["< 18", "1"],
        ["-", "2"],
      ]);
      const r = importDmn(dmn(input("Age", "number") + decision("d", t, "number")));
      expect(errors(r)).toEqual([]);
      expect(decisionOf(r)).toEqual({
        type: "number",
        table: [
          ["Age", "=> d: number"],
          ["< 18", "1"],
          ["-", "2"],
        ],
        hit,
        ...(ranked ? { priorities: ["2", "1"] } : {}),
      });
    });
  }

  it("rejects an aggregation on a hit policy other than COLLECT", () => {
    const t = table(`hitPolicy="FIRST" aggregation="SUM"`, [["x"]], `<output id="o1"/>`, [["-", "1"]]);
    const r = importDmn(dmn(input("x") + decision("d", t)));
    expect(errors(r).map((d) => d.code)).toEqual(["dmn.table.aggregation"]);
  });

  it("writes output values as a choice type, default outputs, empty cells and bare names", () => {
    const outputs = `<output id="o1" name="Status" typeRef="string"><outputValues><text>"High", "Low"</text></outputValues>
      <defaultOutputEntry><text>"Low"</text></defaultOutputEntry></output>`;
    const t = table(
      `hitPolicy="PRIORITY"`,
      [
        ["Category", "string"],
        ["Score", "number"],
      ],
      outputs,
      [
        ["Preferred", "&gt;= Threshold", '"High"'],
        ['"A", "B"', "", "Fallback Status"],
        ['not("C")', "[1..5]", '"Low"'],
      ],
    );
    const r = importDmn(dmn(input("Category", "string") + input("Score", "number") + decision("d", t, "string")));
    expect(errors(r)).toEqual([]);
    expect(decisionOf(r)).toEqual({
      type: "string",
      table: [
        ["Category", "Score", "=> d: High|Low"],
        // a name compared with stays a reference whatever the column's type
        ["=Preferred", ">= (Threshold)", '"High"'],
        ['"A", "B"', "-", "=Fallback Status"],
        ['not("C")', "[1..5]", '"Low"'],
      ],
      hit: "PRIORITY",
      default: '"Low"',
    });
  });

  it("keeps cells the portable format would take for words as FEEL, so FEEL's reading (or its refusal) holds", () => {
    // `a+b` is an addition, `150mph` no FEEL at all (a `'gold'` cell is refused at the import: languages.test.ts)
    const t = table("", [["Tier", "string"]], `<output id="o1" name="Label" typeRef="string"/>`, [
      ["150mph", "a+b"],
      ["-", "Tier"],
    ]);
    const r = importDmn(dmn(input("Tier", "string") + input("a", "string") + input("b", "string") + decision("d", t, "string")));
    expect(errors(r)).toEqual([]);
    expect(decisionOf(r)!.table).toEqual([
      ["Tier", "=> d: string"],
      ["=150mph", "=a+b"],
      ["-", "=Tier"],
    ]);
    const check = checkModel(r.content as ModelInput, { strict: false });
    expect(check.valid).toBe(false);
    expect(
      check.stages
        .flatMap((s) => s.diagnostics)
        .filter((d) => d.severity === "error")
        .map((d) => d.code),
    ).toContain("feel.syntax");
  });

  it("reads an empty input expression that no rule tests as null, with a warning; refuses one a rule tests, and a missing one", () => {
    const t = (inputExpression: string, firstEntry: string) =>
      `<decisionTable id="t1"><input id="in1">${inputExpression}</input><input id="in2"><inputExpression><text>y</text></inputExpression></input><output id="o1" name="d"/>
        <rule id="r1"><inputEntry><text>${firstEntry}</text></inputEntry><inputEntry><text>&lt; 0</text></inputEntry><outputEntry><text>"negative"</text></outputEntry></rule>
        <rule id="r2"><inputEntry><text></text></inputEntry><inputEntry><text>&gt;= 0</text></inputEntry><outputEntry><text>"positive"</text></outputEntry></rule></decisionTable>`;
    const empty = `<inputExpression id="ie1" typeRef="string"><text> </text></inputExpression>`;
    for (const untested of ["-", "", " - "]) {
      const r = importDmn(dmn(input("y", "number") + decision("d", t(empty, untested))), { file: "m.dmn" });
      expect(errors(r)).toEqual([]);
      expect(r.diagnostics.map((d) => d.message)).toEqual([
        expect.stringMatching(/empty.*no rule tests it.*<inputExpression id="ie1"> in m\.dmn:\d+\)$/),
      ]);
      const compiled = compileModel(r.content as ModelInput, { strict: false });
      if (!compiled.ok) throw new Error("does not compile");
      for (const y of [-2, 0, 5]) expect(compiled.model.evaluate({ y })).toMatchObject({ d: y < 0 ? "negative" : "positive" });
    }
    const tested = importDmn(dmn(input("y", "number") + decision("d", t(empty, "null"))), { file: "m.dmn" });
    expect(errors(tested).map((d) => d.message)).toEqual([
      expect.stringMatching(/empty while a rule tests it.*<inputExpression id="ie1"> in m\.dmn:\d+\)$/),
    ]);
    expect(decisionOf(tested)!.unmapped).toBeDefined();
    const missing = importDmn(dmn(input("y", "number") + decision("d", t("", "-"))));
    expect(errors(missing).map((d) => d.code)).toEqual(["dmn.table.input"]);
    expect(decisionOf(missing)!.unmapped).toBeDefined();
  });

  it("says first that the entries testing an empty column are in another language, then that the column is empty", () => {
    for (const language of ["juel", "groovy", "javascript"]) {
      const t = `<decisionTable id="t1"><input id="in1"><inputExpression id="ie1"/></input><output id="o1" name="d"/>
        <rule id="r1"><inputEntry id="e1" expressionLanguage="${language}"><text>\${flag}</text></inputEntry><outputEntry><text>"on"</text></outputEntry></rule></decisionTable>`;
      const r = importDmn(dmn(decision("d", t)), { file: "m.dmn" });
      expect(errors(r).map((d) => d.code)).toEqual(["dmn.expression.language", "dmn.table.input"]);
      expect(errors(r)[0]!.message).toMatch(/<inputEntry id="e1">(?: in <\w+ [^>]*>)? in m\.dmn:\d+\)$/);
      expect(decisionOf(r)!.unmapped).toBeDefined();
    }
  });

  it("names the columns of a multi-output table and keeps per-output defaults", () => {
    const outputs = `<output id="o1" name="a" typeRef="number"><defaultOutputEntry><text>0</text></defaultOutputEntry></output>
      <output id="o2" name="b" typeRef="string"/>`;
    const t = table(`hitPolicy="FIRST"`, [["x", "number"]], outputs, [["> 1", "1", '"big"']], 2);
    const r = importDmn(dmn(input("x", "number") + decision("d", t)));
    expect(errors(r)).toEqual([]);
    expect(decisionOf(r)).toEqual({
      table: [
        ["x", "=> a: number", "=> b: string"],
        ["> 1", "1", '"big"'],
      ],
      hit: "FIRST",
      default: { a: "0" },
    });
  });

  it("writes no decision whose multi-output table leaves an output unnamed, and says which and its label", () => {
    // any 2-4 outputs, some named (letters), some without a name or with only spaces, some labelled
    const column = fc.record({
      name: fc.option(fc.constantFrom("a", "b", "c", "d", "", "  "), { nil: undefined }),
      label: fc.option(fc.constantFrom("Discount", "Ship via"), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(column, { minLength: 2, maxLength: 4 }), (columns) => {
        const named = columns.map((c) => c.name?.trim() || undefined);
        fc.pre(new Set(named.filter((n) => n !== undefined)).size === named.filter((n) => n !== undefined).length);
        const outputs = columns
          .map(
            (c, i) => `<output id="o${i + 1}"${c.name === undefined ? "" : ` name="${c.name}"`}${c.label ? ` label="${c.label}"` : ""}/>`,
          )
          .join("");
        const t = table(`hitPolicy="FIRST"`, [["x", "number"]], outputs, [["> 1", ...columns.map((_, i) => String(i))]], columns.length);
        const r = importDmn(dmn(input("x", "number") + decision("d", t)), { file: "m.dmn" });
        const unnamed = columns.flatMap((c, i) => (named[i] === undefined ? [{ ...c, id: `o${i + 1}` }] : []));
        const said = errors(r).filter((e) => e.code === "dmn.table.output-name");
        expect(said.map((e) => e.message)).toEqual(
          unnamed.map((c) =>
            expect.stringMatching(
              new RegExp(`${c.label ? `label is "${c.label}"\\)` : "a name"} \\(<output id="${c.id}"[^>]*> in m\\.dmn:\\d+\\)$`),
            ),
          ),
        );
        const written = decisionOf(r)!;
        if (unnamed.length === 0) {
          expect(errors(r)).toEqual([]);
          expect((written.table as string[][])[0]!.slice(1)).toEqual(named.map((n) => `=> ${n}`));
        } else {
          // nothing runs under a made-up name: the decision is a placeholder the check rejects
          expect(Object.keys(written).sort()).toEqual(["unmapped"]);
          const check = checkModel(r.content as ModelInput, { strict: false });
          expect(check.valid).toBe(false);
          expect(check.stages.flatMap((s) => s.diagnostics).map((d) => d.code)).toContain("decision.unmapped");
        }
      }),
      { numRuns: 60 },
    );
  });

  it("reports a rule whose cell count does not match the columns", () => {
    const t = `<decisionTable id="t1"><input id="i1"><inputExpression><text>x</text></inputExpression></input><output id="o1"/>
      <rule id="bad">${cell("outputEntry", "1")}</rule></decisionTable>`;
    const r = importDmn(dmn(input("x") + decision("d", t)));
    expect(errors(r).map((d) => d.code)).toEqual(["dmn.table.rule"]);
    expect(errors(r)[0].message).toContain('id="bad"');
  });

  it("rejects priorities that are not an order of literals", () => {
    const outputs = `<output id="o1"><outputValues><text>x, 2</text></outputValues></output>`;
    const t = table(`hitPolicy="PRIORITY"`, [["x"]], outputs, [["-", "1"]]);
    const r = importDmn(dmn(input("x") + decision("d", t)));
    expect(errors(r).map((d) => d.code)).toEqual(["dmn.table.priorities"]);
  });

  it("keeps a table in a boxed context as a let table, and writes a deeper one as FEEL", () => {
    const inner = table(`hitPolicy="COLLECT" aggregation="SUM"`, [["x", "number"]], `<output id="o1"/>`, [
      ["&gt; 1", "10"],
      ["-", "1"],
    ]);
    const ctx = `<context><contextEntry><variable name="t"/>${inner}</contextEntry>
      <contextEntry><variable name="nested"/><list>${inner}</list></contextEntry>
      <contextEntry>${literal("t")}</contextEntry></context>`;
    const r = importDmn(dmn(input("x", "number") + decision("d", ctx)));
    expect(errors(r)).toEqual([]);
    const d = decisionOf(r) as { let: Record<string, unknown> };
    expect(d.let.t).toEqual({
      table: [
        ["x", "=> t"],
        ["> 1", "10"],
        ["-", "1"],
      ],
      hit: "COLLECT SUM",
    });
    const nested = d.let.nested as string;
    expect(nested).toContain('"m": (((x in (> 1))) = true)');
    expect(nested).toContain("sum(__hits.o)");
  });
});

describe("importDmn: a decision table without outputs", () => {
  const errorsOf = (r: ReturnType<typeof importDmn>) => r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code);

  it("reads one with neither outputs nor rules (a first draft) as a decision without logic: null, with a warning", () => {
    for (const inputs of ["", `<input id="i1"/>`, `<input id="i1"><inputExpression><text>x</text></inputExpression></input>`]) {
      const r = importDmn(dmn(input("x", "number") + decision("d", `<decisionTable id="t1">${inputs}</decisionTable>`)), { file: "m.dmn" });
      expect(errorsOf(r)).toEqual([]);
      const warning = r.diagnostics.find((d) => d.code === "dmn.decision.logic");
      expect(warning?.message).toMatch(/neither outputs nor rules.*<decisionTable id="t1"> in m\.dmn:\d+\)$/);
      const compiled = compileModel(r.content as ModelInput, { strict: false });
      if (!compiled.ok) throw new Error("does not compile");
      expect(compiled.model.evaluate({ x: 1 }).d).toBeNull();
    }
  });

  it("refuses one with rules: what they decide is not in the file", () => {
    const t = `<decisionTable id="t1"><input id="i1"><inputExpression><text>x</text></inputExpression></input><rule id="r1"><inputEntry><text>1</text></inputEntry></rule></decisionTable>`;
    const r = importDmn(dmn(input("x", "number") + decision("d", t)), { file: "m.dmn" });
    expect(errorsOf(r)).toEqual(["dmn.table.outputs"]);
    expect(checkModel(r.content as ModelInput, { strict: false }).valid).toBe(false);
  });
});
