import { describe, expect, it } from "vitest";
import { applyHitPolicy, type HitHelpers } from "../../../src/runtime/hit-policies.js";
import type { FeelValue } from "../../../src/runtime/values.js";

// Plain JS stand-ins: outputs are strings or numbers; priority is the position in a fixed list.
const order = ["high", "medium", "low"];
const helpers: HitHelpers = {
  equals: (a, b) => a === b,
  priorityKey: (v) => [order.indexOf(v as string)],
  aggregate: (agg, vs) => {
    const ns = vs as unknown as number[];
    const table = {
      SUM: () => ns.reduce((a, b) => a + b, 0),
      MIN: () => Math.min(...ns),
      MAX: () => Math.max(...ns),
      COUNT: () => ns.length,
    };
    return table[agg]() as unknown as FeelValue;
  },
};

describe("hit policies", () => {
  it("UNIQUE gives the one match, null when several match", () => {
    expect(applyHitPolicy(helpers, "UNIQUE", null, [2], ["low"])).toMatchObject({ value: "low", rules: [2], matched: true });
    expect(applyHitPolicy(helpers, "UNIQUE", null, [1, 3], ["low", "high"]).value).toBeNull();
  });

  it("single-hit policies report no match so the default output can apply", () => {
    for (const p of ["UNIQUE", "FIRST", "PRIORITY", "ANY"] as const) {
      expect(applyHitPolicy(helpers, p, null, [], [])).toMatchObject({ value: null, matched: false });
    }
  });

  it("ANY accepts equal outputs and rejects different ones", () => {
    expect(applyHitPolicy(helpers, "ANY", null, [1, 2], ["low", "low"]).value).toBe("low");
    expect(applyHitPolicy(helpers, "ANY", null, [1, 2], ["low", "high"]).value).toBeNull();
  });

  it("PRIORITY picks the highest-priority output, ties by rule order", () => {
    expect(applyHitPolicy(helpers, "PRIORITY", null, [1, 2, 4], ["low", "high", "high"])).toMatchObject({ value: "high", rules: [2] });
  });

  it("OUTPUT ORDER sorts by priority; RULE ORDER keeps rule order", () => {
    expect(applyHitPolicy(helpers, "OUTPUT ORDER", null, [1, 2, 3], ["low", "high", "medium"])).toMatchObject({
      value: ["high", "medium", "low"],
      rules: [2, 3, 1],
    });
    expect(applyHitPolicy(helpers, "RULE ORDER", null, [1, 2, 3], ["low", "high", "medium"]).value).toEqual(["low", "high", "medium"]);
  });

  it("COLLECT lists or aggregates; no match gives [] / 0 / null", () => {
    const ns = [3, 1, 2] as unknown as FeelValue[];
    expect(applyHitPolicy(helpers, "COLLECT", null, [1, 2, 3], ns).value).toEqual([3, 1, 2]);
    expect(applyHitPolicy(helpers, "COLLECT", "SUM", [1, 2, 3], ns).value).toBe(6);
    expect(applyHitPolicy(helpers, "COLLECT", "MIN", [1, 2, 3], ns).value).toBe(1);
    expect(applyHitPolicy(helpers, "COLLECT", "MAX", [1, 2, 3], ns).value).toBe(3);
    expect(applyHitPolicy(helpers, "COLLECT", "COUNT", [1, 2, 3], ns).value).toBe(3);
    expect(applyHitPolicy(helpers, "COLLECT", null, [], []).value).toEqual([]);
    expect(applyHitPolicy(helpers, "COLLECT", "COUNT", [], []).value).toBe(0);
    expect(applyHitPolicy(helpers, "COLLECT", "SUM", [], []).value).toBeNull();
  });
});
