// PRIORITY and OUTPUT ORDER tables whose output values are numbers or booleans: the order of the
// output values is the priority (first highest), kept as the lenient `priorities` list.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileModel, type ModelInput } from "../../src/compiler/index.js";
import { importDmn } from "../../src/dmn/index.js";
import { decision, dmn, input, literal } from "./helpers.js";

const errors = (r: ReturnType<typeof importDmn>) => r.diagnostics.filter((d) => d.severity === "error");

/** One input `x`, rules `x < bound[i]` → value[i], and the output values in `order`. */
function table(hit: string, order: string | undefined, rules: [number, string][], type = "number"): string {
  const values = order === undefined ? "" : `<outputValues><text>${order}</text></outputValues>`;
  const rs = rules
    .map(
      ([bound, v], i) =>
        `<rule id="r${i}"><inputEntry><text>&lt; ${bound}</text></inputEntry><outputEntry><text>${v}</text></outputEntry></rule>`,
    )
    .join("");
  return `<decisionTable id="t1" hitPolicy="${hit}"><input id="in1"><inputExpression id="ie1" typeRef="number"><text>x</text></inputExpression></input><output id="o1" typeRef="${type}">${values}</output>${rs}</decisionTable>`;
}

function run(xml: string, x: number): unknown {
  const r = importDmn(dmn(input("x", "number") + xml), { file: "m.dmn" });
  expect(errors(r)).toEqual([]);
  const compiled = compileModel(r.content as ModelInput, { strict: false });
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.check.stages.flatMap((s) => s.diagnostics)));
  return compiled.model.evaluate({ x }).d;
}

const texts = (v: unknown): unknown => (Array.isArray(v) ? v.map(String) : v === null ? null : String(v));

describe("importDmn: priorities from number and boolean output values", () => {
  it("writes the output values' order as the table's priorities", () => {
    const r = importDmn(dmn(input("x", "number") + decision("d", table("OUTPUT ORDER", "20,30,10", [[10, "10"]]))));
    expect(errors(r)).toEqual([]);
    expect((r.content!.decisions as Record<string, { priorities?: unknown }>).d!.priorities).toEqual(["20", "30", "10"]);
  });

  it("ranks the hits of OUTPUT ORDER and PRIORITY by the order of the values, for any order and any input", () => {
    const values = [10, 20, 30, 40];
    fc.assert(
      fc.property(fc.shuffledSubarray(values, { minLength: 4, maxLength: 4 }), fc.integer({ min: 0, max: 45 }), (order, x) => {
        // rule i: x < 10·(i+1) → its value; every rule below x's bound matches
        const rules = values.map((v): [number, string] => [v, String(v)]);
        const matched = values.filter((v) => x < v);
        const ranked = [...matched].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map(String);
        expect(texts(run(decision("d", table("OUTPUT ORDER", order.join(", "), rules)), x))).toEqual(ranked);
        expect(texts(run(decision("d", table("PRIORITY", order.join(","), rules)), x))).toEqual(ranked[0] ?? null);
      }),
      { numRuns: 25 },
    );
  });

  it("ranks booleans, and a value outside the list last", () => {
    expect(
      run(
        decision(
          "d",
          table(
            "OUTPUT ORDER",
            "true,false",
            [
              [10, "false"],
              [20, "true"],
            ],
            "boolean",
          ),
        ),
        5,
      ),
    ).toEqual([true, false]);
    expect(
      run(
        decision(
          "d",
          table(
            "PRIORITY",
            "false, true",
            [
              [10, "true"],
              [20, "false"],
            ],
            "boolean",
          ),
        ),
        5,
      ),
    ).toBe(false);
    expect(
      texts(
        run(
          decision(
            "d",
            table("OUTPUT ORDER", "2, 1", [
              [10, "3"],
              [20, "1"],
              [30, "2"],
            ]),
          ),
          5,
        ),
      ),
    ).toEqual(["2", "1", "3"]);
  });

  it("ranks a nested table's numeric hits the same", () => {
    const ctx = `<context><contextEntry><variable name="all"/><list>${table("OUTPUT ORDER", "30,10,20", [
      [10, "10"],
      [20, "20"],
      [30, "30"],
    ])}</list></contextEntry><contextEntry>${literal("all[1]")}</contextEntry></context>`;
    expect(texts(run(decision("d", ctx), 5))).toEqual(["30", "10", "20"]);
  });

  it("refuses an order that is not distinct literals, and a PRIORITY or OUTPUT ORDER table listing no output values", () => {
    for (const xml of [
      table("PRIORITY", "x, x + 1", [[10, "1"]]),
      table("OUTPUT ORDER", "1, 2, 1", [[10, "1"]]),
      table("PRIORITY", undefined, [[10, "1"]]),
      table("OUTPUT ORDER", undefined, [[10, "1"]]),
    ]) {
      const r = importDmn(dmn(input("x", "number") + decision("d", xml)), { file: "m.dmn" });
      expect(errors(r).map((d) => d.code)).toEqual(["dmn.table.priorities"]);
      expect(errors(r)[0]!.message).toMatch(/ in m\.dmn:\d+\)$/);
      // the decision is not imported to run without an order: the check rejects it in both modes
      expect(checkModel(r.content as ModelInput, { strict: false }).valid).toBe(false);
    }
  });

  it("checks the lenient `priorities` list: literals, distinct, naming outputs", () => {
    const model = (priorities: unknown): ModelInput =>
      ({
        inputs: { x: { type: "number" } },
        decisions: {
          d: {
            table: [
              ["x", "=> d: number"],
              ["< 10", "1"],
            ],
            hit: "PRIORITY",
            priorities,
          },
        },
      }) as unknown as ModelInput;
    const codes = (priorities: unknown) =>
      checkModel(model(priorities), { strict: false })
        .stages.flatMap((s) => s.diagnostics)
        .filter((d) => d.severity === "error")
        .map((d) => d.code);
    expect(codes(["1", "2"])).toEqual([]);
    expect(codes(["1", "x"])).toEqual(["decision.priorities-shape"]);
    expect(codes(["1", "1.0"])).toEqual(["decision.priorities-shape"]);
    expect(codes([1, 2])).toEqual(["decision.priorities-shape"]);
    expect(codes({ e: ["1"] })).toEqual(["decision.priorities-shape"]);
  });
});
