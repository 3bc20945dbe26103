// When a numeric literal can be compared as a JS double with exactly FEEL's decimal result.
import type { Expr } from "../../ir/feel-ast.js";

/** The JS number literal of a FEEL numeric literal, when comparing doubles is exact for it. */
export function exactNumber(e: Expr): string | null {
  const negative = e.kind === "negate";
  const lit = negative ? e.operand : e;
  if (lit.kind !== "number") return null;
  const js = exactLiteral(lit.value);
  return js !== null && negative ? `(-${js})` : js;
}

/** Each literal's answer, once: a large table compares with the same few thousand literals again and again. */
const known = new Map<string, string | null>();
const MAX_KNOWN = 100_000;

function exactLiteral(text: string): string | null {
  const seen = known.get(text);
  if (seen !== undefined) return seen;
  const n = Number(text);
  // Comparing a JSON double with a literal is exact when the literal is the shortest form of a double.
  const js = !Number.isFinite(n) || Number(String(n)) !== n || !sameDecimal(text, String(n)) ? null : String(n);
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(text, js);
  return js;
}

function sameDecimal(a: string, b: string): boolean {
  const norm = (s: string) => {
    const [int = "", frac = ""] = s.replace(/^\+/, "").split(".");
    const i = int.replace(/^0+(?=\d)/, "");
    const f = frac.replace(/0+$/, "");
    return f ? `${i || "0"}.${f}` : i || "0";
  };
  return !/e/i.test(b) && norm(a) === norm(b);
}
