// Marks the number decisions whose value is sums, differences, products, whole powers 2 to 4,
// negations, `abs`, `min`, `max`, `modulo` and roundings to literal places (`decimal`, `floor`,
// `ceiling`, `round up`, ...) of number inputs, other decisions, lets and short literals, and `if`s
// choosing between such by comparisons of such and boolean names (`and`, `or`, `not` of them), and
// nothing else (`(17 - term months) * 17`, `if a > b then (a - b) * 2 else 0`): codegen works their
// JSON output out on scaled integers (codegen/scaled-code.ts, runtime/certified-scaled.ts) where
// every step is exact, and on the decimals otherwise. The double-doubles are not worth such forms
// (certify-output.ts `pays`; those it takes, a power beside another operation, it keeps): their
// decimals are short, and on scaled integers no decimal is made but the one the decision's readers
// take, if any (a single decimal in place of one for each step). A decision's lets are put in place
// of their names (certify.ts `letsForm`) when none must be worked out first, and context entries
// and inlined calls' bodies in place of paths and calls (certify.ts `expand`).
import type { Call, Expr } from "../../ir/feel-ast.js";
import type { ModelIR } from "../../ir/ir.js";
import { parseScaled } from "../../runtime/decimal-scaled.js";
import {
  builtinCalled,
  expand,
  inlinedCalls,
  innerPlaces,
  isNot,
  letsForm,
  NUMBER_BUILTINS,
  plainNumber,
  readDecisions,
} from "./certify.js";
import { holds, walk } from "./walk.js";

/** The built-ins the scaled code takes besides the roundings (`scaledPlaces`), of the arities the certified code takes them. */
const CALLS = new Set(["abs", "min", "max", "modulo"]);

/** The places a rounding built-in rounds its first argument to on scaled integers: `innerPlaces`, or 0 for `floor(x)` and `ceiling(x)`. */
export function scaledPlaces(e: Call): number | undefined {
  const fn = builtinCalled(e);
  return e.args.length === 1 && (fn === "floor" || fn === "ceiling") ? 0 : innerPlaces(e);
}

/**
 * n for `x ** n` with n a literal 2, 3 or 4: the decimals raise a short base to a small whole power
 * by products of it (`Decimal.pow`), which the scaled code makes too.
 */
export function scaledPower(e: Expr): number | undefined {
  return e.kind === "arith" && e.op === "**" && e.right.kind === "number" && /^[234]$/.test(e.right.value)
    ? Number(e.right.value)
    : undefined;
}

/** The operations of e when it is such a form (0 for a name or a literal), else -1. */
function operations(e: Expr): number {
  const all = (parts: readonly Expr[]): number =>
    parts.reduce((n, p) => {
      const k = operations(p);
      return n < 0 || k < 0 ? -1 : n + k;
    }, 1);
  switch (e.kind) {
    case "number":
      return parseScaled(e.value) !== null ? 0 : -1;
    case "name":
      return (e.ref?.kind === "input" || e.ref?.kind === "decision") && e.type?.kind === "number" ? 0 : -1;
    case "negate":
      return all([e.operand]);
    case "arith": {
      // a power to a literal 2, 3 or 4: products of the base, one fewer than the exponent
      const n = scaledPower(e);
      if (n === undefined) return e.op === "+" || e.op === "-" || e.op === "*" ? all([e.left, e.right]) : -1;
      const base = all([e.left]);
      return base < 0 ? -1 : base + n - 2;
    }
    case "call": {
      if (scaledPlaces(e) !== undefined) return all([e.args[0]!]);
      const fn = builtinCalled(e);
      return fn !== undefined && CALLS.has(fn) && NUMBER_BUILTINS[fn]!(e.args.length) ? all(e.args) : -1;
    }
    case "if": {
      // a choice and its tests are no decimal step (a comparison of two input doubles is made on
      // them as they are): what the decimals spend is the test's arithmetic and a branch's
      const [test, a, b] = [tests(e.cond), operations(e.then), operations(e.else)];
      return test < 0 || a < 0 || b < 0 ? -1 : test + Math.max(a, b);
    }
    default:
      return -1;
  }
}

/** The operations of a condition of comparisons of such forms, `and`, `or` and `not` of them (those of the forms), else -1. */
function tests(c: Expr): number {
  const both = (a: number, b: number) => (a < 0 || b < 0 ? -1 : a + b);
  if (c.kind === "compare") return both(operations(c.left), operations(c.right));
  if (c.kind === "logical") return both(tests(c.left), tests(c.right));
  if (isFlag(c)) return 0;
  return isNot(c) ? both(tests(c.args[0]!), 0) : -1;
}

/** A boolean input or decision: a condition that holds where it is true (FEEL's `if` takes anything else, null too, as not). */
export const isFlag = (c: Expr): boolean =>
  c.kind === "name" && (c.ref?.kind === "input" || c.ref?.kind === "decision") && c.type?.kind === "boolean";

const namesDecision = (n: Expr): boolean => n.kind === "name" && n.ref?.kind === "decision";

/**
 * Whether e makes an inlined call on some evaluations only (in a branch of an `if`, an operand of
 * `and` or `or`): the decimals charge its steps when they make it, where the scaled form would
 * charge every call it puts in place.
 */
function callsMaybe(e: Expr): boolean {
  let maybe = false;
  walk(e, (n) => {
    const parts = n.kind === "if" ? [n.then, n.else] : n.kind === "logical" ? [n.left, n.right] : [];
    maybe ||= parts.some((p) => inlinedCalls(p) > 0);
  });
  return maybe;
}

/**
 * The operations a form must hold: two for a decision other decisions read (`(17 - t) * 17`), since
 * its readers take a decimal made of the integers, which a single operation makes anyway; one for a
 * decision nobody reads whose names are inputs (`t * 17`), whose JSON number is then all it answers
 * (another decision's decimal may be long, a quotient's, on which the form would decline on every
 * evaluation: measured, a model 1.3 times slower). Forms of one operation are taken for the first
 * ONE_OPERATION_FORMS such decisions of a model only: each adds its code beside the decimals', and
 * on every decision of a model of thousands (`n + 1`, `n + 2`, ...) that would take it past the
 * server's limit on generated code.
 */
export const ONE_OPERATION_FORMS = 64;

export function certifyScaled(ir: ModelIR): void {
  const read = readDecisions(ir);
  let single = 0;
  for (const d of ir.decisions) {
    if (d.certifiedOutput || d.certifiedSum || d.body.kind !== "expr" || !plainNumber(d.type)) continue;
    const lets = d.lets.length > 0;
    const withLets = lets ? letsForm(d.lets, d.body.expr) : undefined;
    if (lets && (withLets === undefined || withLets.first.length > 0)) continue;
    // contexts' entries and inlined calls' bodies put in place too, the calls charged where the form answers
    const form = expand(withLets?.value ?? d.body.expr, false);
    const bodies = [d.body.expr, ...d.lets.flatMap((l) => (l.body.kind === "expr" ? [l.body.expr] : []))];
    if (form === undefined) continue;
    const [ops, held] = [operations(form), read.has(d.name)];
    if (ops < (held || holds(form, namesDecision) ? 2 : 1) || (ops === 1 && single >= ONE_OPERATION_FORMS) || bodies.some(callsMaybe))
      continue;
    if (ops === 1) single++;
    d.scaledOutput = { form, read: held, lets, calls: bodies.reduce((n, b) => n + inlinedCalls(b), 0) };
  }
}
