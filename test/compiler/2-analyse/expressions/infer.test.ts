import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../../../src/ir/diagnostics.js";
import { parseExpression } from "../../../../src/compiler/1-parse/feel/index.js";
import { typeToString } from "../../../../src/compiler/2-analyse/expressions/compat.js";
import { infer } from "../../../../src/compiler/2-analyse/expressions/infer.js";
import { fixed, rootScope } from "../../../../src/compiler/2-analyse/expressions/scope.js";
import type { Type } from "../../../../src/ir/types.js";

/** A number type constrained by `text` (its test is not read by inference). */
const constrained = (text: string) => ({ kind: "number", constraint: { text } }) as unknown as Type;

const scope = rootScope(
  new Map([
    ["n", fixed({ kind: "input", name: "n" }, { kind: "number" })],
    ["p", fixed({ kind: "input", name: "p" }, constrained(">= 0"))],
    ["t", fixed({ kind: "input", name: "t" }, constrained("< 10"))],
    ["s", fixed({ kind: "input", name: "s" }, { kind: "string" })],
    ["d", fixed({ kind: "input", name: "d" }, { kind: "date" })],
    ["xs", fixed({ kind: "input", name: "xs" }, { kind: "list", element: { kind: "struct", fields: [["v", { kind: "number" }]] } })],
  ]),
);

function typeOf(text: string): { type: string; diagnostics: Diagnostic[] } {
  const parsed = parseExpression(text, { names: ["n", "p", "t", "s", "d", "xs"] });
  if (!parsed.value) throw new Error(JSON.stringify(parsed.diagnostics));
  const sink: Diagnostic[] = [];
  const t: Type = infer(parsed.value, {
    scope,
    source: text,
    address: "decisions.x",
    sink,
    strict: true,
    refs: [],
    functionParams: new Map(),
    types: {},
  });
  return { type: typeToString(t), diagnostics: sink };
}

describe("type inference", () => {
  it.each([
    ["n + 1", "number"],
    ['s + "x"', "string"],
    ["string length(s)", "number"],
    ['date("2020-01-01")', "date"],
    ["d - d", "days and time duration"],
    ['d + duration("P1D")', "date"],
    ['d + duration("P1Y")', "date"],
    ['duration("P1Y2M")', "years and months duration"],
    ["d.year", "number"],
    ['n > 1 and s = "a"', "boolean"],
    ["if n > 1 then 1 else 2", "number"],
    ["if n > 1 then 1 else null", "number"],
    ['if n > 1 then 1 else "a"', "any"],
    // a constrained branch and a plain one, either way round, or two constraints: the kind alone
    ["if n > 1 then p else 1", "number"],
    ["if n > 1 then 1 else p", "number"],
    ["-(if n > 1 then 3 else p)", "number"],
    ["if n > 1 then p else t", "number"],
    ["[1, p, t]", "[number]"],
    ["[1, 2, 3]", "[number]"],
    ["for x in [1, 2] return x * 2", "[number]"],
    ["xs.v", "[number]"],
    ["xs[v > 1]", "[{v: number}]"],
    ["xs[1]", "{v: number}"],
    ['{a: 1, b: "x"}', "{a: number, b: string}"],
    ["sum(xs.v)", "number"],
    ["max([1, 2])", "number"],
    ["n in [1..5]", "boolean"],
    ['@"2020-01-01T10:00:00"', "date and time"],
  ])("%s : %s", (text, expected) => {
    const r = typeOf(text);
    expect(r.type).toBe(expected);
    expect(r.diagnostics).toEqual([]);
  });

  it("fills ref and type on every name", () => {
    const parsed = parseExpression("n + 1")!.value!;
    infer(parsed, { scope, source: "n + 1", address: "x", sink: [], strict: true, refs: [], functionParams: new Map(), types: {} });
    expect(parsed.kind === "arith" && parsed.left).toMatchObject({ ref: { kind: "input", name: "n" }, type: { kind: "number" } });
  });

  it.each([
    ['n = "x"', "types.compare-mismatch"],
    ["n + true", "types.arith-boolean"],
    ["-(n > 1)", "types.arith-boolean"],
    ['n * "x"', "types.mismatch"],
    ["xs[1].w", "types.unknown-member"],
    ['if "x" then 1 else 2', "types.mismatch"],
  ])("reports %s as %s", (text, code) => {
    expect(typeOf(text).diagnostics.map((d) => d.code)).toEqual([code]);
  });

  it("a context entry whose value is null is a field, not an unknown member (found by the differential tests)", () => {
    expect(typeOf('{a: null, b: ""}.a')).toEqual({ type: "null", diagnostics: [] });
    expect(typeOf('{a: null, b: ""}.c').diagnostics.map((d) => d.code)).toEqual(["types.unknown-member"]);
  });
});
