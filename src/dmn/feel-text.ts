// Helpers for composing FEEL source text from pieces.

/** Wraps an expression so it composes safely; a trailing line comment must not swallow the `)`. */
export function paren(text: string): string {
  const t = text.trim();
  if (/^[\w.]+$/.test(t) || /^"(?:[^"\\]|\\.)*"$/.test(t)) return t;
  return t.includes("//") ? `(${t}\n)` : `(${t})`;
}

/** A FEEL string literal. */
export function feelString(s: string): string {
  return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t")}"`;
}

/** A FEEL context literal; keys are written as strings so any name is allowed. */
export function feelContext(entries: [string, string][]): string {
  return `{${entries.map(([k, v]) => `${feelString(k)}: ${paren(v)}`).join(", ")}}`;
}

/** Key of the hidden entry holding a boxed context's result when it is rendered as FEEL text. */
export const RESULT_KEY = "__result";
