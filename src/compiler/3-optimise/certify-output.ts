// Marks the number decisions whose JSON output certified double-doubles may give without the
// decimal (runtime/certified-dd.ts): a decision of a number type with no condition, whose value is
// + − × ÷, powers to 2, 3 or 4, negation, `abs`, `min`, `max`, `modulo`, `floor`, `ceiling` and
// roundings to literal places 0 to 15 over number literals and names (inlined calls replaced by
// their bodies, optimise/certify.ts `expand`) holding a quotient or a power and at least one more
// operation — where the decimals make a 34-digit value; a rounding or modulo only with a quotient
// (`roundsLong`) — or reading such a decision, whose double-double it takes in place of its
// decimal. A marked decision that
// other decisions read hands them its double-double, and its decimal is made only when one of them
// needs it (`read`).
import type { Call, Expr } from "../../ir/feel-ast.js";
import type { ModelIR } from "../../ir/ir.js";
import { builtinCalled, expand, innerPlaces, isOperandName, plainNumber } from "./certify.js";
import { ROUNDING_MODES } from "../../runtime/builtins/number.js";
import { walk } from "./walk.js";
import { ddRead, ddState } from "../../runtime/certified-dd.js";
import { dec } from "../../runtime/decimal.js";

/** The built-ins of numbers the double-doubles hold, and how many arguments each takes. */
const BUILTINS: Readonly<Record<string, (n: number) => boolean>> = {
  abs: (n) => n === 1,
  min: (n) => n >= 2,
  max: (n) => n >= 2,
  modulo: (n) => n === 2,
  floor: (n) => n === 1,
  ceiling: (n) => n === 1,
};

/**
 * A rounding the double-doubles decide from the interval (runtime/certified-dd.ts `ddRounded`):
 * its places (0 to 15, literal) and its mode, `floor(x)` and `ceiling(x)` at no places.
 */
export function ddRounding(e: Expr): { places: number; mode: number } | undefined {
  const fn = builtinCalled(e);
  if (fn === undefined || ROUNDING_MODES[fn] === undefined) return undefined;
  const places = (e as Call).args.length === 1 ? (BUILTINS[fn]?.(1) ? 0 : undefined) : innerPlaces(e);
  return places === undefined ? undefined : { places, mode: ROUNDING_MODES[fn] };
}

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
      if (e.kind !== "call") return false;
      if (ddRounding(e)) return part(e.args[0]!);
      const arity = BUILTINS[builtinCalled(e) ?? ""];
      return arity !== undefined && arity(e.args.length) && e.args.every(part);
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
    // a rounding, floor, ceiling or modulo is one more operation (`floor(a / 3)`)
    if (n.kind !== "arith" && !roundsOrModulo(n)) return;
    operations++;
    if (n.kind === "arith" && (n.op === "/" || n.op === "**")) costly++;
  });
  return costly > 0 && operations > 1;
}

/** A rounding, `floor`, `ceiling` or `modulo` the double-doubles take. */
const roundsOrModulo = (n: Expr): boolean => n.kind === "call" && (ddRounding(n) !== undefined || builtinCalled(n) === "modulo");

/**
 * e holds no rounding, floor, ceiling or modulo, or holds a quotient or a marked decision as well:
 * a 34-digit value. Without one, they and the powers around them are integer work on the decimals
 * (`ceiling(x) ** 3`, `modulo((20 - r) ** 3 - p, 7)`), measured slower in double-doubles.
 */
function roundsLong(e: Expr, readsMarked: boolean): boolean {
  let [roundings, quotients] = [0, 0];
  walk(e, (n) => {
    if (n.kind === "arith" && n.op === "/") quotients++;
    if (roundsOrModulo(n)) roundings++;
  });
  return roundings === 0 || quotients > 0 || readsMarked;
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
    if (!roundsLong(form, readsMarked)) continue;
    d.certifiedOutput = { form, calls: inlinedCalls(d.body.expr), read: read.has(d.name) };
    marked.add(d.name);
  }
}
