// Marks the number decisions whose JSON output certified double-doubles may give without the
// decimal (runtime/certified-dd.ts): a decision of a number type with no condition, whose value is
// + − × ÷, powers to 2, 3 or 4, negation, `abs`, `min` and `max` over number literals and names
// (inlined calls replaced by their bodies, optimise/certify.ts `expand`) holding a quotient or a
// power and at least one more operation — where the decimals make a 34-digit value — or reading
// such a decision, whose double-double it takes in place of its decimal. A marked decision that
// other decisions read hands them its double-double, and its decimal is made only when one of them
// needs it (`read`).
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

/** e is what codegen/certified-dd-code.ts holds; `name` hears each name it reads. */
function ddParts(e: Expr, name: (n: string) => void): boolean {
  const part = (x: Expr): boolean => ddParts(x, name);
  switch (e.kind) {
    case "number":
      // one the double-doubles read to 106 bits (a scaled decimal)
      ddRead(dec(e.value));
      return ddState[1] === ddState[1];
    case "name":
      if (e.ref?.kind === "decision") name(e.ref.name);
      return isOperandName(e, []);
    case "negate":
      return part(e.operand);
    case "arith":
      return part(e.left) && (e.op === "**" ? smallPower(e.right) !== undefined : part(e.right));
    default: {
      const arity = BUILTINS[builtinCalled(e) ?? ""];
      return e.kind === "call" && arity !== undefined && arity(e.args.length) && e.args.every(part);
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
  // decisions in dependency order: a reader comes after the marked decisions it reads
  const marked = new Set<string>();
  for (const d of ir.decisions) {
    if (d.body.kind !== "expr" || !plainNumber(d.type)) continue;
    const form = expand(d.body.expr, false);
    let readsMarked = false;
    if (!form || !ddParts(form, (n) => (readsMarked ||= marked.has(n))) || !(readsMarked || pays(form))) continue;
    d.certifiedOutput = { form, calls: inlinedCalls(d.body.expr), read: read.has(d.name) };
    marked.add(d.name);
  }
}
