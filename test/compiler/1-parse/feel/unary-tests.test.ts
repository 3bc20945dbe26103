import { describe, expect, it } from "vitest";
import { parseUnaryTests } from "../../../../src/compiler/1-parse/feel/index.js";
import { at, strip, tests, testsSexpr } from "./helpers.js";

const cell = (text: string, names?: string[]) => testsSexpr(tests(text, names));

describe("decision-table input cells", () => {
  it.each([
    ["-", "any"],
    [" - ", "any"],
    ["< 10", "<<10>"],
    ["<= 10", "<<=10>"],
    ["> 10", "<>10>"],
    [">= 10", "<>=10>"],
    ["= 10", "<=10>"],
    ["!= 10", "<!=10>"],
    ["10", "<expr:10>"],
    ['"a", "b"', '<expr:"a", expr:"b">'],
    ["< 10, [20..30], > 40", "<<10, (range [20..30]), >40>"],
    ["(1..5]", "<(range (1..5])>"],
    ["]1..5[", "<(range (1..5))>"],
    ["[1..5[, 7", "<(range [1..5)), expr:7>"],
    ['<= date("2020-01-01")', '<<=(call date "2020-01-01")>'],
    ["null", "<expr:null>"],
    ["true", "<expr:true>"],
    ["-5", "<expr:(neg 5)>"],
    ["- 5", "<expr:(neg 5)>"],
    ["not(1, 2)", "not<expr:1, expr:2>"],
    ["not(< 5)", "not<<5>"],
    ["not([1..3], > 10)", "not<(range [1..3]), >10>"],
    ["not(x) = y", "<expr:(= (call not x) y)>"],
    ["? > 5", "<expr:(> ? 5)>"],
    ["count(?) > 2", "<expr:(> (call count ?) 2)>"],
    ["?.age >= 18", "<expr:(>= (. ? age) 18)>"],
    ["a + 1", "<expr:(+ a 1)>"],
    ["Max Amount", "<expr:{Max Amount}>"],
    ["> Loan-to-Value", "<>Loan-to-Value>"],
    ["[1, 2]", "<expr:[1 2]>"],
  ])("%s", (text, expected) => {
    expect(cell(text, ["Loan-to-Value"])).toBe(expected);
  });

  it("gives each test its own span", () => {
    const text = '< 10,  [20..30], "x"';
    const result = tests(text);
    expect(result.kind).toBe("tests");
    if (result.kind !== "tests") return;
    expect(result.tests.map((t) => at(text, t.span))).toEqual(["< 10", "[20..30]", '"x"']);
    expect(at(text, result.span)).toBe(text);
  });

  it("builds the compare test shape of the contract", () => {
    expect(strip(tests("<= 5"))).toEqual({
      kind: "tests",
      tests: [{ kind: "compare", op: "<=", value: { kind: "number", value: "5" } }],
    });
  });

  it("rejects an empty cell", () => {
    for (const text of ["", "   ", "// only a comment"]) {
      const r = parseUnaryTests(text);
      expect(r.value).toBeNull();
      expect(r.diagnostics[0]?.code).toBe("feel.empty");
      expect(r.diagnostics[0]?.message).toMatch(/empty.*`-`/);
    }
  });

  it("rejects `-` mixed with other tests", () => {
    expect(parseUnaryTests("-, 5").value).toBeNull();
  });
});
