import { describe, expect, it } from "vitest";
import { codes, content, ok, only, stage, strict, warnings } from "./helpers.js";

const model = content({
  inputs: { age: { type: "number", desc: "Age" } },
  decisions: {
    eligible: { type: "boolean", expr: "age >= 18" },
    tier: { type: "gold|silver", expr: 'if age > 50 then "gold" else "silver"' },
    risk: {
      type: "low<mid<high",
      table: [
        ["age", "=>"],
        ["< 18", "high"],
        ["-", "low"],
      ],
    },
    score: { type: "number [0..100]", expr: "age" },
    start: { type: "date", expr: 'date("2020-01-01")' },
  },
});

const questions = {
  eligible: { type: "noul", instructions: "Eligible?", criteria: { true: "yes", false: "no" } },
  tier: { type: "choice", instructions: "Tier?", options: { silver: "normal", gold: "best" } },
  risk: { type: "score", instructions: "Risk?", levels: ["low", "mid", "high"] },
  score: { type: "number", instructions: "Score?", range: { min: 0, max: 100 } },
  start: { type: "date", instructions: "Start?" },
};

describe("questions stage (spec 2.8)", () => {
  it("accepts decisions whose types match their questions and links them", () => {
    const ir = ok(strict(model, questions));
    expect(ir.questions.map((q) => q.id)).toEqual(["eligible", "tier", "risk", "score", "start"]);
    expect(ir.decisions.find((d) => d.name === "risk")!.question).toBe("risk");
    expect(ir.questions[3]!.range).toEqual({ min: 0, max: 100 });
  });

  it("skips the contract for bare content", () => {
    expect(stage(strict(model), "questions")).toEqual({ name: "questions", ok: true, diagnostics: [] });
  });

  it("requires a decision of the question's name", () => {
    const r = strict(model, { eligble: { type: "noul", instructions: "?" } });
    expect(only(r, "questions.missing-decision")).toMatchObject({
      address: "questions.eligble",
      message: expect.stringContaining("did you mean `eligible`?"),
    });
    expect(only(strict(model, { age: { type: "number", instructions: "?" } }), "questions.not-a-decision").address).toBe("questions.age");
  });

  it.each([
    ["noul", { type: "noul", instructions: "?" }, "tier"],
    ["choice with other options", { type: "choice", instructions: "?", options: ["gold", "bronze"] }, "tier"],
    ["score in another order", { type: "score", instructions: "?", levels: ["high", "mid", "low"] }, "risk"],
    ["number with another range", { type: "number", instructions: "?", range: { min: 0, max: 10 } }, "score"],
    ["date", { type: "date", instructions: "?" }, "eligible"],
  ])("rejects a declared type that does not fit a %s question", (_, q, id) => {
    const d = only(strict(model, { [id]: q }), "questions.type-mismatch");
    expect(d.address).toBe(`decisions.${id}`);
  });

  it("accepts a number question without a range for a plain number", () => {
    expect(
      ok(
        strict(content({ decisions: { adult: "age >= 18", n: { type: "number", expr: "age" } } }), {
          n: { type: "number", instructions: "?" },
        }),
      ),
    ).toBeTruthy();
  });

  it("warns when an inferred type cannot confirm the contract", () => {
    const c = content({ decisions: { adult: "age >= 18", t: 'if age > 5 then "a" else "b"' } });
    const r = strict(c, { t: { type: "choice", instructions: "?", options: ["a", "b"] } });
    expect(warnings(r).map((w) => w.code)).toContain("questions.type-unknown");
    expect(r.ir).not.toBeNull();
    expect(codes(strict(c, { t: { type: "noul", instructions: "?" } }))).toContain("questions.type-mismatch");
  });

  it("fixes an inferred decision's type to the options and levels as written, a `|` or `<` inside one included", () => {
    const c = content({ decisions: { adult: "age >= 18", t: 'if age > 5 then "a|b" else "c"', s: 'if age > 5 then "x<y" else "z"' } });
    const r = strict(c, {
      t: { type: "choice", instructions: "?", options: ["a|b", "c"] },
      s: { type: "score", instructions: "?", levels: ["x<y", "z"] },
    });
    const types = Object.fromEntries(r.ir!.decisions.map((d) => [d.name, d.type]));
    expect(types.t).toEqual({ kind: "choice", values: ["a|b", "c"] });
    expect(types.s).toEqual({ kind: "levels", values: ["x<y", "z"] });
  });

  it("validates each question's fields", () => {
    const r = strict(model, {
      eligible: { type: "noul", criteria: { maybe: "x" } },
      tier: { type: "choice", instructions: "?" },
      risk: { type: "score", instructions: "?", levels: ["only"] },
      score: { type: "number", instructions: "?", range: { min: 5, max: 1 } },
      start: { type: "when", instructions: "?" },
    });
    expect(codes(r)).toEqual(
      expect.arrayContaining([
        "questions.instructions-missing",
        "questions.criteria-invalid",
        "questions.options-missing",
        "questions.levels-invalid",
        "questions.range-invalid",
        "questions.type-invalid",
      ]),
    );
  });

  it("warns about fields that do not apply to the question type", () => {
    const r = strict(model, { eligible: { type: "noul", instructions: "?", levels: ["a", "b"] } });
    expect(only(r, "questions.unknown-key").address).toBe("questions.eligible.levels");
  });
});
