import { describe, expect, it } from "vitest";
import type { UnaryTests } from "../../../src/ir/feel-ast.js";
import type { TableIR } from "../../../src/ir/ir.js";
import { codes, content, errors, lenient, ok, only, strict, warnings } from "./helpers.js";

const tierInputs = {
  age: { type: "number", desc: "Age" },
  tier: { type: "gold|silver|bronze", desc: "Tier" },
  name: { type: "string", desc: "Name" },
};

function tableOf(ir: ReturnType<typeof ok>, decision: string): TableIR {
  const body = ir.decisions.find((d) => d.name === decision)!.body;
  if (body.kind !== "table") throw new Error("not a table");
  return body.table;
}

/** A condition reduced to its shape: kind and (op, literal) per test. */
function shape(c: UnaryTests): unknown {
  if (c.kind === "any") return "-";
  return [
    c.kind,
    ...c.tests.map((t) => {
      if (t.kind === "range")
        return [
          "range",
          t.range.start?.kind === "string" ? t.range.start.value : t.range.start?.kind,
          t.range.end?.kind === "string" ? t.range.end.value : t.range.end?.kind,
        ];
      const v = t.value;
      return [t.kind === "compare" ? t.op : "expr", v.kind === "string" ? v.value : v.kind === "number" ? Number(v.value) : v.kind];
    }),
  ];
}

describe("decision tables (spec 2.5)", () => {
  it("reads bare words, comma lists and not() in a choice column", () => {
    const ir = ok(
      strict(
        content({
          inputs: tierInputs,
          decisions: {
            adult: "age >= 18",
            discount: [
              ["tier", "name", "=> number"],
              ["gold", "-", 10],
              ["silver, bronze", '"Ann"', 5],
              ["not(gold)", "Bob, Carol", 2],
              ["-", "-", 0],
            ],
          },
        }),
      ),
    );
    const t = tableOf(ir, "discount");
    expect(t.rules.map((r) => r.conditions.map(shape))).toEqual([
      [["tests", ["expr", "gold"]], "-"],
      [
        ["tests", ["expr", "silver"], ["expr", "bronze"]],
        ["tests", ["expr", "Ann"]],
      ],
      [
        ["not", ["expr", "gold"]],
        ["tests", ["expr", "Bob"], ["expr", "Carol"]],
      ],
      ["-", "-"],
    ]);
    // literal options take the column's choice type
    const gold = t.rules[0]!.conditions[0]!;
    expect(gold.kind === "tests" && gold.tests[0]!.kind === "expr" && gold.tests[0]!.value.type?.kind).toBe("choice");
    expect(t.singleOutput).toBe(true);
    expect(t.rules.map((r) => r.address)).toEqual([1, 2, 3, 4].map((n) => `decisions.discount.rule[${n}]`));
    expect(t.rules.map((r) => r.index)).toEqual([1, 2, 3, 4]);
  });

  it("reads comparisons and ranges of bare words in a levels column", () => {
    const ir = ok(
      strict(
        content({
          inputs: { risk: { type: "low<mid<high", desc: "Risk" } },
          decisions: {
            review: [
              ["risk", "=> boolean"],
              [">= mid", true],
              ["[low..mid]", false],
              ["-", false],
            ],
          },
        }),
      ),
    );
    const t = tableOf(ir, "review");
    expect(t.rules.map((r) => shape(r.conditions[0]!))).toEqual([["tests", [">=", "mid"]], ["tests", ["range", "low", "mid"]], "-"]);
  });

  it("reads numeric cells (JSON numbers are their text) and `=` expression cells", () => {
    const ir = ok(
      strict(
        content({
          inputs: { age: { type: "number", desc: "Age" }, limit: { type: "number", desc: "Limit" } },
          decisions: {
            band: [
              ["age", "=> string"],
              ["< 18", "minor"],
              ["[18..64]", "adult"],
              [65, "sixty-five"],
              ["= limit * 2", "double"],
              ["= ? > limit", "over"],
              ["-", "other"],
            ],
          },
        }),
      ),
    );
    const t = tableOf(ir, "band");
    expect(t.rules.map((r) => shape(r.conditions[0]!))).toEqual([
      ["tests", ["<", 18]],
      ["tests", ["range", "number", "number"]],
      ["tests", ["expr", 65]],
      ["tests", ["expr", "arith"]],
      ["tests", ["expr", "compare"]],
      "-",
    ]);
    expect(ir.decisions.find((d) => d.name === "band")!.deps.sort()).toEqual(["age", "limit"]);
    // bare words in a string output column are literals; `-` is null
    expect(t.rules.map((r) => r.outputs[0]!.kind)).toEqual(["string", "string", "string", "string", "string", "string"]);
  });

  it("reads rule objects with when/then/why", () => {
    const ir = ok(
      strict(
        content({
          inputs: tierInputs,
          decisions: {
            adult: "age >= 18",
            offer: [
              ["age", "tier", "=> discount: number", "=> label: string", "# why"],
              { when: { tier: "gold" }, then: { discount: 10, label: "vip" }, why: "gold members" },
              ["-", "-", 0, "-", "otherwise"],
            ],
          },
        }),
      ),
    );
    const t = tableOf(ir, "offer");
    expect(t.singleOutput).toBe(false);
    expect(t.outputs.map((o) => [o.name, o.type.kind])).toEqual([
      ["discount", "number"],
      ["label", "string"],
    ]);
    expect(t.rules[0]!.conditions.map(shape)).toEqual(["-", ["tests", ["expr", "gold"]]]);
    expect(t.rules[0]!.why).toBe("gold members");
    expect(t.rules[1]!.why).toBe("otherwise");
    expect(t.rules[1]!.outputs[1]!.kind).toBe("null");
    expect(ir.decisions.find((d) => d.name === "offer")!.type).toEqual({
      kind: "struct",
      fields: [
        ["discount", { kind: "number" }],
        ["label", { kind: "string" }],
      ],
    });
  });

  it("reports unknown columns and missing outputs in rule objects", () => {
    const r = strict(
      content({
        inputs: tierInputs,
        decisions: {
          adult: "age >= 18",
          offer: [["tier", "=> a: number", "=> b: number"], { when: { teir: "gold" }, then: { a: 1 } }, ["-", 0, 0]],
        },
      }),
    );
    expect(only(r, "tables.unknown-column").message).toContain("did you mean `tier`?");
    expect(only(r, "tables.missing-output").address).toBe("decisions.offer.rule[1]");
  });

  it("uses the decision's declared type for a bare `=>`", () => {
    const ir = ok(
      strict(
        content({
          decisions: {
            adult: "age >= 18",
            band: {
              type: "young|old",
              desc: "Band",
              table: [
                ["age", "=>"],
                ["< 40", "young"],
                ["-", "old"],
              ],
            },
          },
        }),
      ),
    );
    expect(tableOf(ir, "band").outputs[0]).toMatchObject({ name: "band", type: { kind: "choice" }, allowed: ["young", "old"] });
  });

  it("rejects a string literal in a number column (input and output cells)", () => {
    const r = strict(
      content({
        decisions: {
          adult: "age >= 18",
          t: [
            ["age", "=> number"],
            ['"ten"', '"x"'],
            ["-", 1],
          ],
        },
      }),
    );
    expect(only(r, "types.cell-mismatch").address).toBe("decisions.t.rule[1]");
    expect(only(r, "types.output-mismatch").address).toBe("decisions.t.rule[1]");
  });

  it("rejects a value that is not an option of a choice column, with a suggestion", () => {
    const r = strict(
      content({
        inputs: tierInputs,
        decisions: {
          adult: "age >= 18",
          t: [
            ["tier", "=> low|high"],
            ["gld", "low"],
            ["-", "hgh"],
          ],
        },
      }),
    );
    const ds = r.diagnostics.filter((d) => d.code === "types.not-an-option");
    expect(ds.map((d) => [d.address, d.message])).toEqual([
      ["decisions.t.rule[1]", expect.stringContaining("did you mean `gold`?")],
      ["decisions.t.rule[2]", expect.stringContaining("did you mean `high`?")],
    ]);
  });

  it("checks output literals against a constrained number type", () => {
    const r = strict(
      content({
        decisions: {
          adult: "age >= 18",
          s: {
            type: "number [0..10]",
            table: [
              ["age", "=>"],
              ["< 5", 11],
              ["-", 3],
            ],
          },
        },
      }),
    );
    expect(only(r, "types.out-of-range").address).toBe("decisions.s.rule[1]");
  });

  it("strict mode allows FIRST only; lenient normalises every DMN hit policy", () => {
    const table = (hit: string) =>
      content({
        decisions: {
          adult: "age >= 18",
          t: {
            hit,
            table: [
              ["age", "=> number"],
              ["< 5", 1],
              ["-", 2],
            ],
          },
        },
      });
    expect(only(strict(table("UNIQUE")), "tables.hit-policy").address).toBe("decisions.t.hit");
    expect(ok(strict(table("F")))).toBeTruthy();
    const cases: [string, string, string | undefined][] = [
      ["U", "UNIQUE", undefined],
      ["P", "PRIORITY", undefined],
      ["A", "ANY", undefined],
      ["C", "COLLECT", undefined],
      ["C+", "COLLECT", "SUM"],
      ["C<", "COLLECT", "MIN"],
      ["C>", "COLLECT", "MAX"],
      ["C#", "COLLECT", "COUNT"],
      ["rule order", "RULE ORDER", undefined],
      ["O", "OUTPUT ORDER", undefined],
      ["COLLECT SUM", "COLLECT", "SUM"],
    ];
    for (const [given, hit, aggregation] of cases) {
      const t = tableOf(ok(lenient(table(given))), "t");
      expect([t.hit, t.aggregation]).toEqual([hit, aggregation]);
    }
    expect(ok(lenient(table("C"))).decisions.find((d) => d.name === "t")!.type).toEqual({ kind: "list", element: { kind: "number" } });
    expect(codes(lenient(table("XYZ")))).toContain("tables.hit-policy");
  });

  it("strict mode requires an else row last; lenient does not", () => {
    const c = content({
      decisions: {
        adult: "age >= 18",
        t: [
          ["age", "=> number"],
          ["< 5", 1],
          [">= 5", 2],
        ],
      },
    });
    expect(only(strict(c), "tables.no-else-row").address).toBe("decisions.t.rule[2]");
    expect(lenient(c).ir).not.toBeNull();
  });

  it("warns about rules after an all-`-` rule in a FIRST table", () => {
    const r = strict(
      content({
        decisions: {
          adult: "age >= 18",
          t: [
            ["age", "=> number"],
            ["-", 1],
            ["< 5", 2],
            ["-", 3],
          ],
        },
      }),
    );
    const ws = warnings(r).filter((w) => w.code === "tables.unreachable-rule");
    expect(ws.map((w) => w.address)).toEqual(["decisions.t.rule[2]", "decisions.t.rule[3]"]);
    expect(r.ir).not.toBeNull();
  });

  it("reports a rule whose cell count differs from the header", () => {
    const r = strict(content({ decisions: { adult: "age >= 18", t: [["age", "=> number"], ["< 5"], ["-", 2]] } }));
    const d = only(r, "tables.cell-count");
    expect(d.address).toBe("decisions.t.rule[1]");
    expect(d.message).toContain("1 cell");
  });

  it("reports syntax errors in cells with the cell's address and text", () => {
    const r = strict(
      content({
        decisions: {
          adult: "age >= 18",
          t: [
            ["age", "=> number"],
            ["[1..", 1],
            ["-", 2],
          ],
        },
      }),
    );
    const d = errors(r).find((e) => e.code.startsWith("feel."))!;
    expect(d.address).toBe("decisions.t.rule[1]");
    expect(d.source).toContain("[1..");
  });

  it("addresses tables in let entries and functions", () => {
    const r = lenient(
      content({
        functions: {
          grade: {
            params: { n: "number" },
            returns: "string",
            body: [
              ["n", "=>"],
              ["> 5", "high"],
              ["-", '"x" + 1'],
            ],
          },
        },
        decisions: {
          adult: "age >= 18",
          d: {
            let: {
              band: [
                ["age", "=> number"],
                ['"old"', 1],
              ],
            },
            expr: "band",
          },
        },
      }),
    );
    expect(r.diagnostics.map((d) => d.address)).toEqual(
      expect.arrayContaining(["functions.grade.rule[2]", "decisions.d.let.band.rule[1]"]),
    );
  });

  it("allows let tables only in lenient mode", () => {
    const c = content({
      decisions: {
        adult: "age >= 18",
        d: {
          let: {
            band: [
              ["age", "=> number"],
              ["-", 1],
            ],
          },
          expr: "band + 1",
        },
      },
    });
    expect(codes(strict(c))).toContain("decision.body-shape");
    expect(ok(lenient(c)).decisions.find((d) => d.name === "d")!.lets[0]!.body.kind).toBe("table");
  });

  it("reads lenient default outputs", () => {
    const ir = ok(
      lenient(
        content({
          decisions: {
            adult: "age >= 18",
            t: {
              table: [
                ["age", "=> number"],
                ["< 5", 1],
              ],
              default: "0",
            },
          },
        }),
      ),
    );
    expect(tableOf(ir, "t").outputs[0]!.defaultValue).toMatchObject({ kind: "number", value: "0" });
    expect(
      codes(
        strict(
          content({
            decisions: {
              adult: "age >= 18",
              t: {
                table: [
                  ["age", "=> number"],
                  ["-", 1],
                ],
                default: "0",
              },
            },
          }),
        ),
      ),
    ).toContain("decision.default-lenient");
  });

  it("rejects a header without outputs", () => {
    expect(only(strict(content({ decisions: { adult: "age >= 18", t: [["age"], ["-"]] } })), "tables.header").address).toBe(
      "decisions.t.rule[0]",
    );
  });

  it("warns when a bare word in a string column is also a declared name", () => {
    const r = strict(
      content({
        inputs: {
          age: { type: "number", desc: "Age" },
          name: { type: "string", desc: "Name" },
          nickname: { type: "string", desc: "Nick" },
        },
        decisions: {
          adult: "age >= 18",
          greet: [
            ["name", "=> string"],
            ["nickname", "nickname"],
            ["-", "= nickname"],
          ],
        },
      }),
    );
    const ws = r.diagnostics.filter((d) => d.code === "tables.bare-word-name");
    expect(ws).toHaveLength(2);
    expect(ws[0]!).toMatchObject({
      severity: "warning",
      address: "decisions.greet.rule[1]",
      message: expect.stringContaining("= nickname"),
    });
    expect(r.ir).not.toBeNull();
  });

  it("types a multi-hit table headed with the decision's list type per rule", () => {
    const ir = ok(
      lenient(
        content({
          decisions: {
            adult: "age >= 18",
            all: {
              type: ["string"],
              hit: "RULE ORDER",
              table: [
                ["age", "=> all: [string]"],
                [">= 18", '"adult"'],
                ["-", '"any"'],
              ],
            },
          },
        }),
      ),
    );
    expect(tableOf(ir, "all").outputs[0]!.type).toEqual({ kind: "string" });
    expect(ir.decisions.find((d) => d.name === "all")!.type).toEqual({ kind: "list", element: { kind: "string" } });
  });
});
