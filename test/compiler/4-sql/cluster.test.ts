// The columns a batch engine sorts rows by before the query (cluster.ts): a FIRST table's input
// columns that read inputs by name, for the largest such table of at least 200 rules that is not
// looked up in its grid (grid.ts), else none.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";

/**
 * A FIRST table of `rules` rules over `region` and `age` (in `order`), then a catch-all; unless
 * `grid`, the first rule's age cell compares with another input, which no grid holds.
 */
function model(rules: number, order: ("region" | "age")[], grid = false): ModelInput {
  const cell = (c: "region" | "age", k: number) => (c === "region" ? (k % 2 ? '"north"' : '"south"') : `[${k}..${k + 1})`);
  const rows: unknown[] = [[...order, "=> number"]];
  for (let k = 0; k < rules; k++) rows.push([...order.map((c) => (c === "age" && k === 0 && !grid ? "< other" : cell(c, k))), String(k)]);
  rows.push([...order.map(() => "-"), "null"]);
  return {
    content: {
      name: "clustered",
      inputs: {
        region: { type: "north|south", desc: "Which region?" },
        age: { type: "number", desc: "How old?" },
        other: { type: "number", desc: "How many?" },
      },
      decisions: {
        band: rows,
        small: [
          ["other", "=> number"],
          ["< 1", "1"],
          ["-", "2"],
        ],
      },
    },
  } as unknown as ModelInput;
}

describe("clusterBy", () => {
  it("is a large FIRST table's columns in its order, and none below 200 rules or for a grid", () => {
    fc.assert(
      fc.property(fc.integer({ min: 150, max: 260 }), fc.boolean(), (n, regionFirst) => {
        const order: ("region" | "age")[] = regionFirst ? ["region", "age"] : ["age", "region"];
        const r = compileToSql(model(n, order), { dialect: "duckdb" });
        if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
        // n rules and the catch-all
        expect(r.query.clusterBy).toEqual(n + 1 >= 200 ? order : []);
        // the same table with a catch-all is looked up in its grid: nothing to sort for
        const g = compileToSql(model(n, order, true), { dialect: "duckdb" });
        if (!g.ok) throw new Error(JSON.stringify(g.diagnostics));
        expect(g.query.sql).toContain("INTEGER[]");
        expect(g.query.clusterBy).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });

  it("hands the columns to a source made from the inputs", () => {
    let seen: string[] | undefined;
    const r = compileToSql(model(240, ["age", "region"]), {
      dialect: "duckdb",
      source: (_, clusterBy) => {
        seen = clusterBy;
        return "input";
      },
    });
    expect(r.ok).toBe(true);
    expect(seen).toEqual(["age", "region"]);
  });
});
