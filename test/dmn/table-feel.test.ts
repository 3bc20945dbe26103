// Tables nested where the portable format has no table form are written as FEEL; evaluate them.
import { describe, expect, it } from "vitest";
import { compileModel } from "../../src/compiler/index.js";
import { importDmn } from "../../src/dmn/index.js";
import { Decimal } from "../../src/runtime/decimal.js";
import type { FeelValue } from "../../src/runtime/values.js";
import { decision, dmn, input } from "./helpers.js";

const cell = (tag: string, text: string) => `<${tag}><text>${text.replace(/</g, "&lt;")}</text></${tag}>`;

function nestedTable(hit: string, outputValues = ""): string {
  const rules = [
    ["< 10", '"low"'],
    ["[5..20]", '"mid"'],
    ["-", '"any"'],
  ]
    .map(([i, o], n) => `<rule id="r${n}">${cell("inputEntry", i)}${cell("outputEntry", o)}</rule>`)
    .join("");
  return `<list><decisionTable id="t" ${hit}><input id="i"><inputExpression><text>x</text></inputExpression></input>
    <output id="o">${outputValues}</output>${rules}</decisionTable></list>`;
}

function evaluate(hit: string, x: number, outputValues = ""): FeelValue {
  const r = importDmn(dmn(input("x", "number") + decision("d", nestedTable(hit, outputValues))));
  const compiled = compileModel(r.content!, { strict: false });
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.check.stages.flatMap((s) => s.diagnostics)));
  return (compiled.model.evaluateValues({ x: new Decimal(x) }).d as FeelValue[])[0];
}

describe("decision tables written as FEEL", () => {
  it("applies FIRST, RULE ORDER and COLLECT COUNT", () => {
    expect(evaluate(`hitPolicy="FIRST"`, 7)).toBe("low");
    expect(evaluate(`hitPolicy="RULE ORDER"`, 7)).toEqual(["low", "mid", "any"]);
    expect((evaluate(`hitPolicy="COLLECT" aggregation="COUNT"`, 15) as Decimal).eq(2)).toBe(true);
  });

  it("yields null for UNIQUE with several matches", () => {
    expect(evaluate(`hitPolicy="UNIQUE"`, 7)).toBeNull();
  });

  it("ranks PRIORITY and OUTPUT ORDER by the output values", () => {
    const values = `<outputValues><text>"any", "mid", "low"</text></outputValues>`;
    expect(evaluate(`hitPolicy="PRIORITY"`, 7, values)).toBe("any");
    expect(evaluate(`hitPolicy="OUTPUT ORDER"`, 7, values)).toEqual(["any", "mid", "low"]);
  });
});
