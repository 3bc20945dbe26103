import { describe, expect, it } from "vitest";
import { parseTypeExpr } from "../../../../src/compiler/1-parse/feel/index.js";
import { at, strip, type, typeSexpr } from "./helpers.js";

describe("type expressions", () => {
  it.each([
    "number",
    "string",
    "boolean",
    "date",
    "time",
    "date and time",
    "days and time duration",
    "years and months duration",
    "Any",
    "Null",
    "function",
    "context",
    "tns.tPerson",
    "list<number>",
    "list<list<string>>",
    "range<date and time>",
    "context<a: number, b: string>",
    "context<first name: string, address: context<city: string>>",
    "context<>",
    "function<number, string> -> boolean",
    "function<> -> number",
    "function<list<number>> -> function<number> -> string",
  ])("%s", (text) => {
    expect(typeSexpr(type(text))).toBe(text);
  });

  it("normalises spacing", () => {
    expect(typeSexpr(type("list< number >"))).toBe("list<number>");
    expect(typeSexpr(type("function<number,string>->boolean"))).toBe("function<number, string> -> boolean");
  });

  it("reads declared type names with spaces and special characters", () => {
    expect(typeSexpr(type("t Loan-Info", ["t Loan-Info"]))).toBe("t Loan-Info");
    expect(typeSexpr(type("My Type"))).toBe("My Type");
  });

  it("produces the contract shapes with spans", () => {
    const text = "context<a: list<number>>";
    const t = type(text);
    expect(strip(t)).toEqual({
      kind: "context",
      fields: [{ name: "a", type: { kind: "list", element: { kind: "named", name: "number" } } }],
    });
    expect(t.kind === "context" && at(text, t.fields[0]!.type.span)).toBe("list<number>");
  });

  it.each([
    ["list<number", "expected `>` to close `list<`"],
    ["function<number>", "expected `->`"],
    ["context<a number>", "expected `:` after the field name `a number`"],
    ["number number2 3", "unexpected `3`"],
    ["<", "expected a type"],
  ])("rejects %s", (text, message) => {
    const r = parseTypeExpr(text);
    expect(r.value).toBeNull();
    expect(r.diagnostics[0]?.message).toContain(message);
  });
});
