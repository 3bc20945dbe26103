import { describe, expect, it } from "vitest";
import { codes, content, lenient, ok, only, strict } from "./helpers.js";

describe("decisions and lets", () => {
  it("makes each let entry visible to later entries and to expr, in order", () => {
    const ir = ok(
      strict(
        content({
          decisions: {
            adult: "age >= 18",
            score: { type: "number", desc: "Score", let: { base: "age * 2", bonus: "base + 1" }, expr: "base + bonus" },
          },
        }),
      ),
    );
    const d = ir.decisions.find((x) => x.name === "score")!;
    expect(d.lets.map((l) => [l.name, l.address])).toEqual([
      ["base", "decisions.score.let.base"],
      ["bonus", "decisions.score.let.bonus"],
    ]);
    expect(d.deps).toEqual(["age"]);
    expect(d.desc).toBe("Score");
  });

  it("does not let an entry see a later one", () => {
    const r = strict(content({ decisions: { adult: "age >= 18", s: { let: { a: "b + 1", b: "1" }, expr: "a" } } }));
    const d = only(r, "names.unknown");
    expect(d.address).toBe("decisions.s.let.a");
  });

  it("needs exactly one of expr and table", () => {
    expect(codes(strict(content({ decisions: { adult: "age >= 18", s: { expr: "1", table: [] } } })))).toContain("decision.body-conflict");
    expect(codes(strict(content({ decisions: { adult: "age >= 18", s: { type: "number" } } })))).toContain("decision.body-missing");
  });

  it("rejects a declared type the expression certainly cannot have", () => {
    const d = only(strict(content({ decisions: { adult: { type: "number", expr: "age >= 18" } } })), "types.mismatch");
    expect(d.address).toBe("decisions.adult");
    expect(d.message).toContain("declared number");
  });

  it("does not reject a declared type when inference is unsure", () => {
    const ir = ok(strict(content({ decisions: { adult: "age >= 18", x: { type: "number", expr: 'get value({a: 1}, "a")' } } })));
    expect(ir.decisions.find((d) => d.name === "x")!.type).toEqual({ kind: "number" });
  });

  it("checks literal results against a declared choice type", () => {
    const d = only(
      strict(content({ decisions: { adult: "age >= 18", band: { type: "young|old", expr: 'if age < 40 then "young" else "elderly"' } } })),
      "types.not-an-option",
    );
    expect(d.message).toContain('"elderly"');
  });

  it("reports comparing a number with a string and arithmetic on booleans (strict errors, lenient warnings)", () => {
    const c = content({ decisions: { adult: "age >= 18", a: 'age = "x"', b: "adult + 1" } });
    expect(codes(strict(c))).toEqual(expect.arrayContaining(["types.compare-mismatch", "types.arith-boolean"]));
    const l = lenient(c);
    expect(l.ir).not.toBeNull();
    expect(l.diagnostics.filter((d) => d.code.startsWith("types.")).every((d) => d.severity === "warning")).toBe(true);
  });

  it("infers types through decisions declared later", () => {
    const ir = ok(strict(content({ decisions: { adult: "later > 1", later: "age * 2" } })));
    expect(ir.decisions.map((d) => d.name)).toEqual(["later", "adult"]);
    expect(ir.decisions[0]!.type).toEqual({ kind: "number" });
  });

  it("validates `requires` and counts it as a dependency", () => {
    const ir = ok(
      strict(
        content({
          inputs: { age: { type: "number", desc: "Age" }, consent: { type: "boolean", desc: "Consent", blank: true } },
          decisions: { adult: { expr: "age >= 18", requires: ["consent"] } },
        }),
      ),
    );
    expect(ir.decisions[0]!.requires).toEqual(["consent"]);
    expect(ir.decisions[0]!.deps).toContain("consent");
    const r = strict(content({ decisions: { adult: { expr: "age >= 18", requires: ["agee"] } } }));
    expect(only(r, "names.unknown")).toMatchObject({
      address: "decisions.adult.requires",
      message: expect.stringContaining("did you mean `age`?"),
    });
  });

  it("warns about unknown decision keys and rejects non-decisions", () => {
    const r = strict(content({ decisions: { adult: { expr: "age >= 18", tpye: "boolean" }, x: 5 } }));
    expect(only(r, "decision.unknown-key").message).toContain("did you mean `type`?");
    expect(only(r, "decision.shape").address).toBe("decisions.x");
  });

  it("reports missing content sections", () => {
    const r = strict({ inputs: {} });
    expect(codes(r)).toEqual(expect.arrayContaining(["content.name-missing", "content.decisions-missing"]));
  });

  it("accepts singleton-list conversions between a declared type and the calculation", () => {
    expect(
      ok(
        strict(
          content({ decisions: { adult: "age >= 18", one: { type: "number", expr: "[age]" }, many: { type: ["number"], expr: "age" } } }),
        ),
      ),
    ).toBeTruthy();
  });
});

describe("literals compared with choices and levels", () => {
  const c = (expr: string) =>
    content({
      inputs: {
        age: { type: "number", desc: "Age" },
        tier: { type: "gold|silver", desc: "Tier" },
        risk: { type: "low<mid<high", desc: "Risk" },
      },
      decisions: { adult: "age >= 18", x: expr },
    });

  it("rejects a compared literal that is not a value, with a suggestion", () => {
    const d = only(strict(c('tier = "gld"')), "types.not-an-option");
    expect(d.message).toBe('"gld" is not one of the values it is compared with (gold, silver); did you mean `gold`?');
    expect(codes(strict(c('tier in ("gold", "bronze")')))).toEqual(["types.not-an-option"]);
  });

  it("types a compared level literal as the levels type, so it compares by rank", () => {
    const ir = ok(strict(c('risk >= "mid" and tier = "gold"')));
    const body = ir.decisions.find((d) => d.name === "x")!.body;
    if (body.kind !== "expr" || body.expr.kind !== "logical" || body.expr.left.kind !== "compare") throw new Error("shape");
    expect(body.expr.left.right.type).toEqual({ kind: "levels", values: ["low", "mid", "high"] });
  });

  it("does not range-check compared numbers", () => {
    expect(
      ok(strict(content({ inputs: { age: { type: "number [0..130]", desc: "Age" } }, decisions: { adult: "age > 200" } }))),
    ).toBeTruthy();
  });
});

describe("more warnings and checks", () => {
  it("warns about unknown top-level keys and table keys on an expression decision", () => {
    const r = strict({ ...content({ decisions: { adult: { expr: "age >= 18", hit: "FIRST" } } }), extra: 1 });
    expect(only(r, "content.unknown-key").address).toBe("extra");
    expect(only(r, "decision.table-key-unused").address).toBe("decisions.adult.hit");
    expect(r.ir).not.toBeNull();
  });

  it("checks type names in `instance of` and typed lambda parameters", () => {
    const r = strict(
      content({
        types: { Person: { name: "string" } },
        decisions: { adult: "age >= 18", a: "age instance of Persn", b: "age instance of Person", c: "(function(p: Strng) p)(1)" },
      }),
    );
    const ds = r.diagnostics.filter((d) => d.code === "types.unknown");
    expect(ds.map((d) => [d.address, d.message])).toEqual([
      ["decisions.a", "unknown type `Persn`; did you mean `Person`?"],
      ["decisions.c", expect.stringContaining("unknown type `Strng`")],
    ]);
  });
});
