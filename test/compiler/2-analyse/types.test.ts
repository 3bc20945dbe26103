import { describe, expect, it } from "vitest";
import type { Type } from "../../../src/ir/types.js";
import { codes, content, lenient, ok, only, strict } from "./helpers.js";

/** The type an input of the given type spec gets (in a model that uses it). */
function inputType(spec: unknown, mode = strict, types: Record<string, unknown> = {}): Type {
  return ok(mode(content({ types, inputs: { x: { type: spec, desc: "x" } }, decisions: { d: "x" } }))).inputs[0]!.type;
}

describe("types (spec 2.3)", () => {
  it("reads the built-ins", () => {
    for (const t of ["number", "string", "boolean", "date", "time", "date and time"]) expect(inputType(t).kind).toBe(t);
  });

  it("reads a range constraint with literal bounds", () => {
    const t = inputType("number [0..100]");
    expect(t).toMatchObject({ kind: "number", constraint: { text: "[0..100]", minimum: 0, maximum: 100 } });
  });

  it("reads comparison constraints as exclusive or inclusive bounds", () => {
    expect(inputType("number > 0")).toMatchObject({ constraint: { exclusiveMinimum: 0 } });
    expect(inputType("number <= -5")).toMatchObject({ constraint: { maximum: -5 } });
    expect(inputType("number ]0..1[")).toMatchObject({ constraint: { exclusiveMinimum: 0, exclusiveMaximum: 1 } });
  });

  it("reads a temporal constraint and keeps its literal bound", () => {
    const t = inputType('date >= date("2020-01-01")');
    expect(t).toMatchObject({ kind: "date", constraint: { after: "2020-01-01" } });
    expect(inputType('date and time < date and time("2030-01-01T00:00:00")')).toMatchObject({
      kind: "date and time",
      constraint: { before: "2030-01-01T00:00:00" },
    });
  });

  it("reads a string constraint listing literals", () => {
    const t = inputType('string "a","b"');
    expect(t.kind).toBe("string");
    expect(t.kind === "string" && t.constraint?.test.kind).toBe("tests");
  });

  it("reads choices, with spaces in values and quoted values", () => {
    expect(inputType("very low|low|high")).toEqual({ kind: "choice", values: ["very low", "low", "high"] });
    expect(inputType('"yes"|"no"')).toEqual({ kind: "choice", values: ["yes", "no"] });
    expect(inputType("number one|number two")).toEqual({ kind: "choice", values: ["number one", "number two"] });
  });

  it("reads ordered levels, lowest first", () => {
    expect(inputType("low<mid<high")).toEqual({ kind: "levels", values: ["low", "mid", "high"] });
  });

  it("reads $enum and $levels", () => {
    expect(inputType({ $enum: ["a|b", "c"] })).toEqual({ kind: "choice", values: ["a|b", "c"] });
    expect(inputType({ $levels: ["<1", "1-5", ">5"] })).toEqual({ kind: "levels", values: ["<1", "1-5", ">5"] });
  });

  it("reads structs and lists", () => {
    expect(inputType({ name: "string", scores: ["number"] })).toEqual({
      kind: "struct",
      fields: [
        ["name", { kind: "string" }],
        ["scores", { kind: "list", element: { kind: "number" } }],
      ],
    });
  });

  it("resolves named types that reference each other in any order", () => {
    const types = { People: ["Person"], Person: { name: "string", tier: "Tier" }, Tier: "gold|silver" };
    const t = inputType("People", strict, types);
    expect(t).toEqual({
      kind: "list",
      element: {
        kind: "struct",
        fields: [
          ["name", { kind: "string" }],
          ["tier", { kind: "choice", values: ["gold", "silver"] }],
        ],
      },
    });
  });

  it("reports a recursive type definition, naming the cycle", () => {
    const r = strict(content({ types: { A: { b: "B" }, B: ["A"] } }));
    const d = only(r, "types.recursive");
    expect(d.message).toContain("A → B → A");
    expect(d.address).toBe("types.A");
  });

  it("reports unknown types with a suggestion, at the input's type address", () => {
    const r = strict(content({ inputs: { age: { type: "numbr", desc: "Age" } } }));
    const d = only(r, "types.unknown");
    expect(d.address).toBe("inputs.age.type");
    expect(d.message).toContain("did you mean `number`?");
  });

  it("reports malformed types", () => {
    const r = strict(content({ types: { L: ["number", "string"], E: { $enum: [] }, D: "a|a" } }));
    expect(codes(r).filter((c) => c === "types.invalid")).toHaveLength(3);
    expect(r.diagnostics.map((d) => d.address)).toEqual(expect.arrayContaining(["types.L", "types.E", "types.D"]));
  });

  it("allows the lenient built-ins only in lenient mode", () => {
    for (const t of ["any", "days and time duration", "years and months duration", "context"]) {
      expect(codes(strict(content({ inputs: { age: { type: t, desc: "x" } } })))).toContain("types.lenient-only");
      expect(lenient(content({ inputs: { age: { type: t, desc: "x" } }, decisions: { adult: "age" } })).ir).not.toBeNull();
    }
  });

  it("reports a bad condition in a constrained type", () => {
    const r = strict(content({ inputs: { age: { type: 'number > "x"', desc: "x" } } }));
    expect(only(r, "types.constraint-mismatch").address).toBe("inputs.age.type");
  });

  it("reports a recursive type in lenient mode too (the DMN TCK counts it non-compliant)", () => {
    const r = lenient(content({ types: { Node: { value: "number", children: ["Node"] } } }));
    expect(only(r, "types.recursive").severity).toBe("error");
  });
});
