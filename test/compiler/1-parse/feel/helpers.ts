// Test helpers: parse-or-fail wrappers, span stripping, and a compact S-expression printer so
// precedence tests read like the tree they assert.
import { expect } from "vitest";
import type { Expr, TypeExpr, UnaryTest, UnaryTests } from "../../../../src/ir/feel-ast.js";
import { parseExpression, parseTypeExpr, parseUnaryTests, type ParseResult } from "../../../../src/compiler/1-parse/feel/index.js";

function ok<T>(result: ParseResult<T>, text: string): T {
  expect(result.diagnostics, `diagnostics for ${JSON.stringify(text)}`).toEqual([]);
  expect(result.value).not.toBeNull();
  return result.value!;
}

export const expr = (text: string, names?: string[]): Expr => ok(parseExpression(text, { names }), text);
export const tests = (text: string, names?: string[]): UnaryTests => ok(parseUnaryTests(text, { names }), text);
export const type = (text: string, names?: string[]): TypeExpr => ok(parseTypeExpr(text, { names }), text);

/** The same tree without spans, for structural comparison. */
export function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => k !== "span")
      .map(([k, v]) => [k, strip(v)]),
  );
}

/** `1 + 2 * x` prints as `(+ 1 (* 2 x))`. */
export function sexpr(e: Expr): string {
  switch (e.kind) {
    case "number":
      return e.value;
    case "string":
      return JSON.stringify(e.value);
    case "boolean":
      return String(e.value);
    case "null":
      return "null";
    case "temporal":
      return `@${JSON.stringify(e.value)}`;
    case "name":
      return e.name.includes(" ") ? `{${e.name}}` : e.name;
    case "input-value":
      return "?";
    case "path":
      return `(. ${sexpr(e.base)} ${e.member})`;
    case "filter":
      return `(filter ${sexpr(e.base)} ${sexpr(e.filter)})`;
    case "call":
      return e.named
        ? `(call ${sexpr(e.callee)} ${e.named.map((a) => `${a.name}: ${sexpr(a.value)}`).join(" ")})`
        : `(call ${[e.callee, ...e.args].map(sexpr).join(" ")})`;
    case "negate":
      return `(neg ${sexpr(e.operand)})`;
    case "arith":
    case "compare":
    case "logical":
      return `(${e.op} ${sexpr(e.left)} ${sexpr(e.right)})`;
    case "between":
      return `(between ${sexpr(e.value)} ${sexpr(e.low)} ${sexpr(e.high)})`;
    case "in":
      return `(in ${sexpr(e.value)} ${testsSexpr(e.tests)})`;
    case "instance-of":
      return `(instance-of ${sexpr(e.value)} ${typeSexpr(e.of)})`;
    case "if":
      return `(if ${sexpr(e.cond)} ${sexpr(e.then)} ${sexpr(e.else)})`;
    case "for":
      return `(for ${e.iterations.map(iterSexpr).join(" ")} ${sexpr(e.body)})`;
    case "quantified":
      return `(${e.quantifier} ${e.iterations.map(iterSexpr).join(" ")} ${sexpr(e.satisfies)})`;
    case "list":
      return `[${e.items.map(sexpr).join(" ")}]`;
    case "context":
      return `{${e.entries.map((en) => `${en.key}: ${sexpr(en.value)}`).join(", ")}}`;
    case "range":
      return `(range${e.test ? e.test : ""} ${e.startIncluded ? "[" : "("}${e.start ? sexpr(e.start) : ""}..${e.end ? sexpr(e.end) : ""}${e.endIncluded ? "]" : ")"})`;
    case "function":
      return `(function${e.external ? " external" : ""} (${e.params.map((p) => (p.type ? `${p.name}: ${typeSexpr(p.type)}` : p.name)).join(" ")}) ${sexpr(e.body)})`;
  }
}

const iterSexpr = (it: { name: string; source: Expr; to?: Expr }): string =>
  `${it.name} in ${sexpr(it.source)}${it.to ? `..${sexpr(it.to)}` : ""}`;

function testSexpr(t: UnaryTest): string {
  switch (t.kind) {
    case "compare":
      return `${t.op}${sexpr(t.value)}`;
    case "range":
      return sexpr(t.range);
    case "expr":
      return `expr:${sexpr(t.value)}`;
  }
}

export function testsSexpr(t: UnaryTests): string {
  switch (t.kind) {
    case "any":
      return "any";
    case "tests":
      return `<${t.tests.map(testSexpr).join(", ")}>`;
    case "not":
      return `not<${t.tests.map(testSexpr).join(", ")}>`;
  }
}

export function typeSexpr(t: TypeExpr): string {
  switch (t.kind) {
    case "named":
      return t.name;
    case "list":
    case "range":
      return `${t.kind}<${typeSexpr(t.element)}>`;
    case "context":
      return `context<${t.fields.map((f) => `${f.name}: ${typeSexpr(f.type)}`).join(", ")}>`;
    case "function":
      return `function<${t.params.map(typeSexpr).join(", ")}> -> ${typeSexpr(t.result)}`;
  }
}

/** The source text a span points at. */
export const at = (text: string, span: { start: number; end: number }): string => text.slice(span.start, span.end);
