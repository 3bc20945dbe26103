// When a numeric literal can be compared as a JS double with exactly FEEL's decimal result.
import type { Expr } from "../../ir/feel-ast.js";

/** The JS number literal of a FEEL numeric literal, when comparing doubles is exact for it. */
export function exactNumber(e: Expr): string | null {
  const negative = e.kind === "negate";
  const lit = negative ? e.operand : e;
  if (lit.kind !== "number") return null;
  const n = Number(lit.value);
  // Comparing a JSON double with a literal is exact when the literal is the shortest form of a double.
  if (!Number.isFinite(n) || Number(String(n)) !== n || !sameDecimal(lit.value, String(n))) return null;
  return negative ? `(-${String(n)})` : String(n);
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
