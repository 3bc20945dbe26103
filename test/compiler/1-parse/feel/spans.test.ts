import { describe, expect, it } from "vitest";
import type { Expr } from "../../../../src/ir/feel-ast.js";
import { at, expr } from "./helpers.js";

/** [kind, source text] of every node, in tree order. */
function spans(text: string, e: unknown, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(e)) e.forEach((x) => spans(text, x, out));
  else if (e && typeof e === "object") {
    const node = e as Expr;
    if (typeof node.kind === "string" && node.span) out.push([node.kind, at(text, node.span)]);
    for (const [k, v] of Object.entries(e)) if (k !== "span") spans(text, v, out);
  }
  return out;
}

describe("spans", () => {
  it("cover each node's source text", () => {
    const text = "1 + Monthly Salary * 12";
    expect(spans(text, expr(text))).toEqual([
      ["arith", "1 + Monthly Salary * 12"],
      ["number", "1"],
      ["arith", "Monthly Salary * 12"],
      ["name", "Monthly Salary"],
      ["number", "12"],
    ]);
  });

  it("include parentheses around an operand but not around the node itself", () => {
    const text = "(a + b) * c";
    expect(spans(text, expr(text))).toEqual([
      ["arith", "(a + b) * c"],
      ["arith", "a + b"],
      ["name", "a"],
      ["name", "b"],
      ["name", "c"],
    ]);
  });

  it("cover strings with escapes, paths, filters and calls", () => {
    const text = 'f(x.y, "a\\"b")[1]';
    expect(spans(text, expr(text))).toEqual([
      ["filter", text],
      ["call", 'f(x.y, "a\\"b")'],
      ["name", "f"],
      ["path", "x.y"],
      ["name", "x"],
      ["string", '"a\\"b"'],
      ["number", "1"],
    ]);
  });

  it("cover if, for, contexts and their parts", () => {
    const text = "if a then {k: 1} else for i in 1..n return i";
    const e = expr(text);
    expect(spans(text, e)).toEqual([
      ["if", text],
      ["name", "a"],
      ["context", "{k: 1}"],
      ["number", "1"],
      ["for", "for i in 1..n return i"],
      ["number", "1"],
      ["name", "n"],
      ["name", "i"],
    ]);
    const f = e.kind === "if" ? e.else : null;
    expect(f?.kind === "for" && at(text, f.iterations[0]!.span)).toBe("i in 1..n");
    const ctx = e.kind === "if" ? e.then : null;
    expect(ctx?.kind === "context" && at(text, ctx.entries[0]!.span)).toBe("k: 1");
  });

  it("cover function parameters, named arguments, `in` tests and types", () => {
    const text = "function(a: list<number>) g(x: a) in (1, > 2)";
    const e = expr(text);
    expect(e.kind).toBe("function");
    if (e.kind !== "function") return;
    expect(at(text, e.params[0]!.span)).toBe("a: list<number>");
    expect(at(text, e.params[0]!.type!.span)).toBe("list<number>");
    const body = e.body;
    expect(body.kind).toBe("in");
    if (body.kind !== "in" || body.value.kind !== "call") return;
    expect(at(text, body.value.named![0]!.span)).toBe("x: a");
    expect(at(text, body.tests.span)).toBe("(1, > 2)");
    expect(body.tests.kind === "tests" && body.tests.tests.map((t) => at(text, t.span))).toEqual(["1", "> 2"]);
  });

  it("cover ranges from their opening to their closing bracket", () => {
    const text = "x in ]a..b[ or y = < 5";
    expect(spans(text, expr(text)).filter(([kind]) => kind === "range")).toEqual([
      ["range", "]a..b["], // the range test
      ["range", "]a..b["], // its range literal
      ["range", "< 5"],
    ]);
  });

  it("count UTF-16 offsets the way JavaScript strings do", () => {
    const text = '"😀" + x';
    expect(spans(text, expr(text))).toEqual([
      ["arith", text],
      ["string", '"😀"'],
      ["name", "x"],
    ]);
  });
});
