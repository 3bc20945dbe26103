// Marks the number decisions whose JSON output certified double-doubles may give without the
// decimal (runtime/certified-dd.ts): a decision no other decision reads, of a number type with no
// condition, whose value is + − × ÷, powers to 2, 3 or 4, negation, `abs`, `min` and `max` over number literals and
// names (inlined calls replaced by their bodies, optimise/certify.ts `expand`) holding a quotient
// or a power and at least one more operation — where the decimals make a 34-digit value.
import type { Expr } from "../../ir/feel-ast.js";
import type { ModelIR } from "../../ir/ir.js";
import { builtinCalled, expand, isOperandName, plainNumber } from "./certify.js";
import { walk } from "./walk.js";
import { ddRead, ddState } from "../../runtime/certified-dd.js";
import { dec } from "../../runtime/decimal.js";

/** The built-ins of numbers the double-doubles hold, and how many arguments each takes. */
const BUILTINS: Readonly<Record<string, (n: number) => boolean>> = {
  abs: (n) => n === 1,
  min: (n) => n >= 2,
  max: (n) => n >= 2,
};

/** The exponent of `x ** n` the double-doubles take as products: a literal whole number from 2 to 4. */
export function smallPower(n: Expr): number | undefined {
  const k = n.kind === "number" ? Number(n.value) : NaN;
  return Number.isInteger(k) && k >= 2 && k <= 4 ? k : undefined;
}

/** What codegen/certified-dd-code.ts holds. */
function ddCertifiable(e: Expr): boolean {
  switch (e.kind) {
    case "number":
      // one the double-doubles read to 106 bits (a scaled decimal)
      ddRead(dec(e.value));
      return ddState[1] === ddState[1];
    case "name":
      return isOperandName(e, []);
    case "negate":
      return ddCertifiable(e.operand);
    case "arith":
      return ddCertifiable(e.left) && (e.op === "**" ? smallPower(e.right) !== undefined : ddCertifiable(e.right));
    default: {
      const arity = BUILTINS[builtinCalled(e) ?? ""];
      return e.kind === "call" && arity !== undefined && arity(e.args.length) && e.args.every(ddCertifiable);
    }
  }
}

/**
 * A quotient or a power and one more operation: a single quotient is rounded in one step on the
 * decimals, and sums and products of short decimals are integer work there.
 */
function pays(e: Expr): boolean {
  let [costly, operations] = [0, 0];
  walk(e, (n) => {
    if (n.kind !== "arith") return;
    operations++;
    if (n.op === "/" || n.op === "**") costly++;
  });
  return costly > 0 && operations > 1;
}

/** Inlined calls an evaluation of e makes, each charged to the budget (codegen/inlined.ts), nested ones too. */
function inlinedCalls(e: Expr): number {
  let calls = 0;
  walk(e, (n) => (calls += n.kind === "call" && n.inlined ? 1 : 0));
  return calls;
}

export function certifyOutputs(ir: ModelIR): void {
  const read = new Set(ir.decisions.flatMap((d) => [...d.deps, ...(d.requires ?? [])]));
  for (const d of ir.decisions) {
    if (read.has(d.name) || d.body.kind !== "expr" || !plainNumber(d.type)) continue;
    const form = expand(d.body.expr, false);
    if (form && ddCertifiable(form) && pays(form)) d.certifiedOutput = { form, calls: inlinedCalls(d.body.expr) };
  }
}
