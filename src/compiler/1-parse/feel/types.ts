// Type expressions (DMN 1.5, rule 54): `number`, `date and time`, `tns.tPerson`, `list<T>`,
// `range<T>`, `context<a: T, b: U>`, `function<T, U> -> R`.
import type { TypeExpr } from "../../../ir/feel-ast.js";
import { advance, at, describe, eat, expect, fail, peek, spanFrom, type Cursor } from "./cursor.js";
import { readBindingName, readName } from "./name-reader.js";
import { BUILTIN_TYPES } from "./names.js";

type CompoundParser = (c: Cursor, start: number) => TypeExpr;

const COMPOUND_TYPES: ReadonlyMap<string, CompoundParser> = new Map<string, CompoundParser>([
  ["list", (c, start) => ({ kind: "list", element: parseElementType(c, "list"), span: spanFrom(c, start) })],
  ["range", (c, start) => ({ kind: "range", element: parseElementType(c, "range"), span: spanFrom(c, start) })],
  ["context", (c, start) => parseContextType(c, start)],
  ["function", (c, start) => parseFunctionType(c, start)],
]);

export function parseType(c: Cursor): TypeExpr {
  const t = peek(c);
  const compound = t.kind === "word" && at(c, "<", 1) ? COMPOUND_TYPES.get(t.text) : undefined;
  if (compound) {
    advance(c);
    advance(c);
    return compound(c, t.start);
  }
  return parseNamedType(c);
}

function parseElementType(c: Cursor, constructor: string): TypeExpr {
  const element = parseType(c);
  expect(c, ">", `expected \`>\` to close \`${constructor}<\``);
  return element;
}

function parseContextType(c: Cursor, start: number): TypeExpr {
  const fields: { name: string; type: TypeExpr }[] = [];
  if (!at(c, ">")) {
    do {
      const field = readBindingName(c, [":"]);
      if (!field) fail(c, `expected a field name in \`context<...>\`, found ${describe(peek(c))}`);
      expect(c, ":", `expected \`:\` after the field name \`${field!.name}\``);
      fields.push({ name: field!.name, type: parseType(c) });
    } while (eat(c, ","));
  }
  expect(c, ">", "expected `,` or `>` in `context<...>`");
  return { kind: "context", fields, span: spanFrom(c, start) };
}

function parseFunctionType(c: Cursor, start: number): TypeExpr {
  const params: TypeExpr[] = [];
  if (!at(c, ">")) {
    do params.push(parseType(c));
    while (eat(c, ","));
  }
  expect(c, ">", "expected `,` or `>` in `function<...>`");
  expect(c, "->", "expected `->` and the result type after `function<...>`");
  const result = parseType(c);
  return { kind: "function", params, result, span: spanFrom(c, start) };
}

/** A built-in or declared type name, possibly qualified by an import prefix: `tns.tPerson`. */
function parseNamedType(c: Cursor): TypeExpr {
  const start = peek(c).start;
  // `function` alone is a keyword, so the name reader would not take it
  if (eat(c, "function")) return { kind: "named", name: "function", span: spanFrom(c, start) };
  const first = readName(c, [BUILTIN_TYPES, c.scope]);
  if (!first) fail(c, `expected a type, found ${describe(peek(c))}`);
  let name = first!.name;
  while (at(c, ".") && peek(c, 1).kind === "word") {
    advance(c);
    const part = readName(c, [BUILTIN_TYPES, c.scope]);
    if (!part) fail(c, `expected a name after \`.\` in a type, found ${describe(peek(c))}`);
    name += "." + part!.name;
  }
  return { kind: "named", name, span: spanFrom(c, start) };
}
