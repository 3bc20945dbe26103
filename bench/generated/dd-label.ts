// What an operation the certified double-doubles do not hold (optimise/certify-output.ts
// `ddBlocking`) is called in the counts of bench/certify-count.ts and bench/decimal-reasons.ts.
import type { Expr } from "../../src/ir/feel-ast.js";
import { builtinCalled } from "../../src/compiler/3-optimise/certify.js";

export function ddLabel(e: Expr): string {
  if (e.kind === "call") {
    const fn = builtinCalled(e);
    if (fn === "min" || fn === "max") return `${fn}() of ${e.args.length === 1 ? "a list" : "numbers"}`;
    if (fn !== undefined) return `${fn}()`;
    return e.inlined ? "a function's call (not as numbers)" : "a function's call";
  }
  if (e.kind === "arith") return "** other than 2 to 4";
  if (e.kind === "number") return "a literal past 106 bits";
  if (e.kind === "name") return `a name (${e.ref?.kind ?? "bound inside"})`;
  return e.kind;
}
