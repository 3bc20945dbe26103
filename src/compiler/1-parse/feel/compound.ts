// The keyword-led expressions: `if`, `for`, `some`/`every`, `function`. Their last part is a whole
// expression, so they bind more loosely than any operator.
import type { For, FunctionDef, If, Iteration, Quantified } from "../../../ir/feel-ast.js";
import { advance, describe, eat, expect, fail, peek, spanFrom, withScope, type Cursor } from "./cursor.js";
import { parseExpr } from "./expressions.js";
import { readBindingName } from "./name-reader.js";
import { declare } from "./names.js";
import { parseType } from "./types.js";

export function parseIf(c: Cursor): If {
  const start = advance(c).start;
  const cond = parseExpr(c);
  expect(c, "then", "expected `then` after the condition of `if`");
  const then = parseExpr(c);
  expect(c, "else", "expected `else` after the `then` branch of `if`");
  const otherwise = parseExpr(c);
  return { kind: "if", cond, then, else: otherwise, span: spanFrom(c, start) };
}

export function parseFor(c: Cursor): For {
  const start = advance(c).start;
  return withScope(c, c.scope, () => {
    const iterations = parseIterations(c, "for");
    expect(c, "return", "expected `return` (or `,` and another iteration) after the iterations of `for`");
    const body = parseExpr(c);
    return { kind: "for", iterations, body, span: spanFrom(c, start) };
  });
}

export function parseQuantified(c: Cursor): Quantified {
  const keyword = advance(c);
  const quantifier = keyword.text as Quantified["quantifier"];
  return withScope(c, c.scope, () => {
    const iterations = parseIterations(c, quantifier);
    expect(c, "satisfies", `expected \`satisfies\` (or \`,\` and another iteration) after the iterations of \`${quantifier}\``);
    const satisfies = parseExpr(c);
    return { kind: "quantified", quantifier, iterations, satisfies, span: spanFrom(c, keyword.start) };
  });
}

/** `i in xs, j in 1..n`: each variable is in scope from the next iteration on. Leaves the variables in `c.scope`. */
function parseIterations(c: Cursor, keyword: string): Iteration[] {
  const iterations: Iteration[] = [];
  do {
    const start = peek(c).start;
    const variable = readBindingName(c, ["in", "return", "satisfies"]);
    if (!variable) fail(c, `expected a variable name in \`${keyword}\`, found ${describe(peek(c))}`);
    const name = variable!.name;
    expect(c, "in", `expected \`in\` after the variable \`${name}\` of \`${keyword}\``);
    const source = parseExpr(c);
    const to = eat(c, "..") ? parseExpr(c) : undefined;
    iterations.push(to ? { name, source, to, span: spanFrom(c, start) } : { name, source, span: spanFrom(c, start) });
    c.scope = declare([name], c.scope);
  } while (eat(c, ","));
  return iterations;
}

/** `function(a, b: number) a + b` and `function(x) external {java: {...}}`. */
export function parseFunctionDef(c: Cursor): FunctionDef {
  const start = advance(c).start;
  expect(c, "(", "expected `(` after `function`");
  const params: FunctionDef["params"] = [];
  if (!eat(c, ")")) {
    do {
      const paramStart = peek(c).start;
      const param = readBindingName(c, [",", ":", ")"]);
      if (!param) fail(c, `expected a parameter name, found ${describe(peek(c))}`);
      const type = eat(c, ":") ? parseType(c) : undefined;
      const span = spanFrom(c, paramStart);
      params.push(type ? { name: param!.name, type, span } : { name: param!.name, span });
    } while (eat(c, ","));
    expect(c, ")", "expected `,` or `)` after a parameter");
  }
  const external = eat(c, "external") !== null;
  const body = withScope(
    c,
    declare(
      params.map((p) => p.name),
      c.scope,
    ),
    () => parseExpr(c),
  );
  const span = spanFrom(c, start);
  return external ? { kind: "function", params, body, external, span } : { kind: "function", params, body, span };
}
