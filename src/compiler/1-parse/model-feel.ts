// The FEEL parser as the model frontend uses it: diagnostics gain the model address and the
// source text, and a parser failure never escapes as an exception.
import { diagnostic, type Diagnostic } from "../../ir/diagnostics.js";
import type { Expr, UnaryTests } from "../../ir/feel-ast.js";
import { parseExpression, parseUnaryTests, type ParseResult } from "./feel/index.js";

export interface FeelSite {
  address: string;
  /** every declared name of the model (inputs, decisions, functions, lets, types, fields) */
  names: readonly string[];
  /** names declared only here: the parameters of the function whose body this is */
  localNames?: readonly string[];
  sink: Diagnostic[];
}

function run<T>(parse: () => ParseResult<T>, text: string, site: FeelSite): T | null {
  let result: ParseResult<T>;
  try {
    result = parse();
  } catch (e) {
    site.sink.push(diagnostic("feel.syntax", { variant: "crash", error: (e as Error).message }, { address: site.address, source: text }));
    return null;
  }
  for (const d of result.diagnostics) site.sink.push({ ...d, address: site.address, source: text });
  return result.value;
}

export const parseExpr = (text: string, site: FeelSite): Expr | null =>
  run(() => parseExpression(text, { names: site.names, localNames: site.localNames }), text, site);

export const parseTests = (text: string, site: FeelSite): UnaryTests | null =>
  run(() => parseUnaryTests(text, { names: site.names, localNames: site.localNames }), text, site);

/** Parses without reporting: for trying a reading that may not apply. */
export function tryParseTests(text: string, names: readonly string[]): UnaryTests | null {
  try {
    const r = parseUnaryTests(text, { names });
    return r.diagnostics.some((d) => d.severity === "error") ? null : r.value;
  } catch {
    return null;
  }
}

/** Moves every span in a freshly parsed fragment by `delta`, when it was parsed out of a larger text. */
export function shiftSpans<T>(node: T, delta: number): T {
  if (delta === 0 || node === null || typeof node !== "object") return node;
  if (Array.isArray(node)) {
    for (const n of node) shiftSpans(n, delta);
    return node;
  }
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k === "span" && v && typeof v === "object") {
      const s = v as { start: number; end: number };
      s.start += delta;
      s.end += delta;
    } else shiftSpans(v, delta);
  }
  return node;
}
