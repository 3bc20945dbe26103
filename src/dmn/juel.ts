// JUEL text whose FEEL reading is exact. Camunda 7 evaluates a JUEL expression `T` as `${T}` when
// it is not already `${…}` or `#{…}`; of those, only a lone variable name and a literal are read
// here, because FEEL reads them to the same value: `${x}` is the variable x, `${true}` the boolean,
// `${"a"}` and `${'a'}` the string, `${42}` the integer. Anything else (operators, whose null and
// coercion rules differ, property paths, indexes counted from 0, method calls) stays JUEL and is
// refused by the caller.
import { feelString } from "./feel-text.js";

/** JUEL's reserved words (JSR 245, 1.17): never variable names. */
const JUEL_RESERVED = new Set([
  "and",
  "or",
  "not",
  "eq",
  "ne",
  "lt",
  "gt",
  "le",
  "ge",
  "true",
  "false",
  "null",
  "instanceof",
  "empty",
  "div",
  "mod",
]);
/** FEEL's keywords: a name spelled like one would not read as a name. */
const FEEL_KEYWORDS = new Set([
  "for",
  "in",
  "return",
  "if",
  "then",
  "else",
  "some",
  "every",
  "satisfies",
  "between",
  "instance",
  "of",
  "function",
  "external",
]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A string literal without escapes, in either quote. */
const STRING = /^(?:"([^"\\]*)"|'([^'\\]*)')$/;
/** An integer literal without leading zeros that a double holds exactly. */
const INTEGER = /^(?:0|[1-9]\d{0,14})$/;

/** The body JUEL evaluates: the inside of `${…}`/`#{…}`, else the whole text (Camunda wraps it). */
function juelBody(text: string): string | undefined {
  const t = text.trim();
  const wrapped = /^[$#]\{([\s\S]*)\}$/.exec(t);
  if (!wrapped) return t.includes("${") || t.includes("#{") ? undefined : t;
  return wrapped[1]!.trim();
}

/** The FEEL text that reads exactly as this JUEL expression does, or undefined when there is none. */
export function juelAsFeel(text: string): string | undefined {
  const body = juelBody(text);
  if (body === undefined || body === "") return undefined;
  if (body === "true" || body === "false" || body === "null") return body;
  if (INTEGER.test(body)) return body;
  const str = STRING.exec(body);
  if (str) return feelString(str[1] ?? str[2]!);
  if (IDENTIFIER.test(body) && !JUEL_RESERVED.has(body) && !FEEL_KEYWORDS.has(body)) return body;
  return undefined;
}
