// Marks the number decisions whose JSON output certified double-doubles may give without the
// decimal (runtime/certified-dd.ts): a decision of a number type with no condition, whose value is
// + − × ÷, powers to whole literals from 2 to 64 (and their reciprocals), negation, `abs`, `min`, `max`, `modulo`, `floor`, `ceiling`, `sqrt`,
// roundings to literal places 0 to 15 and `if` on comparisons of such values, boolean names and
// string names equal to a literal (`between`, `and`, `or`, `not` of them), `count` of a named
// list, `sum`, `min` and `max` of a named list, of a path `l.field` of one or of a `for` over a range or a named list (`summed`), over number
// literals and names (inlined calls replaced by
// their bodies and a context's entry `{p: x / 3, q: p + y}.q` by its value with the entries before
// it in place, optimise/certify.ts `expand`) holding a square root, or a quotient or a power and at
// least one more operation — where the decimals make a 34-digit value; a rounding or modulo only with a quotient
// (`roundsLong`) — or reading such a decision, whose double-double it takes in place of its
// decimal; a decision's lets put in place of their names as a context's entries are
// (certify.ts `letsForm`; those the value does not read on every evaluation worked out first),
// worked out only where the doubles decline. A marked decision that
// other decisions read hands them its double-double, and its decimal is made only when one of them
// needs it (`read`).
import type { Call, Expr, For } from "../../ir/feel-ast.js";
import type { DecisionIR, ModelIR, TableIR } from "../../ir/ir.js";
import {
  aggregateOf,
  builtinCalled,
  expand,
  inlinedCalls,
  innerPlaces,
  isOperandName,
  letsForm,
  listExtremeOf,
  plainNumber,
  readDecisions,
} from "./certify.js";
import { ROUNDING_MODES } from "../../runtime/builtins/number.js";
import { holds, walk } from "./walk.js";
import { literalNumber } from "../../ir/literal-number.js";
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
  sqrt: (n) => n === 1,
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

/** The most squarings of a power the double-doubles take: each doubles the relative bound. */
const MOST_POWER = 64;

/**
 * The exponent of `x ** n` the double-doubles take as products by squaring (a negative one as the
 * reciprocal of that): a literal whole number n with 2 ≤ |n| ≤ MOST_POWER, `(1 + r / 1200) ** 12`.
 */
export function smallPower(n: Expr): number | undefined {
  const k = n.kind === "number" ? Number(n.value) : n.kind === "negate" && n.operand.kind === "number" ? -Number(n.operand.value) : NaN;
  return Number.isInteger(k) && Math.abs(k) >= 2 && Math.abs(k) <= MOST_POWER ? k : undefined;
}

/**
 * The nodes of e that codegen/certified-dd-code.ts does not hold, outermost first: the first alone,
 * or with `all` every one (the parts of each looked into too, bench/certify-count.ts); `name` hears
 * each decision e reads. None: e is what the double-doubles hold.
 */
export function ddBlocking(e: Expr, name: (n: string) => void = () => {}, all = false): Expr[] {
  const out: Expr[] = [];
  const visit = (x: Expr): void => {
    if (out.length > 0 && !all) return;
    const parts = ddNode(x, name);
    if (parts === undefined) {
      out.push(x);
      if (all) childrenOf(x).forEach(visit);
    } else parts.forEach(visit);
  };
  visit(e);
  return out;
}

/** The parts of e to look into when e itself is a step the double-doubles hold, else undefined. */
function ddNode(e: Expr, name: (n: string) => void): readonly Expr[] | undefined {
  switch (e.kind) {
    case "number":
      // one the double-doubles read to 106 bits (a scaled decimal)
      ddRead(dec(e.value));
      return ddState[1] === ddState[1] ? [] : undefined;
    case "name":
      if (e.ref?.kind === "decision") name(e.ref.name);
      return isOperandName(e, []) ? [] : undefined;
    case "negate":
      return [e.operand];
    case "arith":
      return e.op !== "**" ? [e.left, e.right] : smallPower(e.right) !== undefined ? [e.left] : undefined;
    case "if": {
      // both branches are worked out and one is chosen, or where a branch holds a loop only the one
      // taken (codegen/certified-dd-code.ts `branched`): no loop's passes are charged for the other
      const cond = conditionParts(e.cond);
      return cond ? [...cond, e.then, e.else] : undefined;
    }
    case "path":
      // an entry of a loop's variable (the only names bound inside a form the double-doubles hold)
      return e.base.kind === "name" && e.base.ref?.kind === "local" && isOperandName(e.base, []) ? [] : undefined;
    default: {
      if (e.kind !== "call") return undefined;
      // a named list's length, exact (`ddCount`)
      if (aggregateOf(e) === "count") return namedOutside(e.args[0]!) ? [] : undefined;
      if (aggregateOf(e) === "sum" || listExtremeOf(e) !== undefined) return summed(e.args[0]!);
      if (ddRounding(e)) return [e.args[0]!];
      const arity = BUILTINS[builtinCalled(e) ?? ""];
      return arity !== undefined && arity(e.args.length) ? e.args : undefined;
    }
  }
}

/**
 * What `sum(x)`, `min(x)` or `max(x)` the double-doubles hold runs over (`ddSum`, `ddExtremeOf`,
 * codegen/certified-dd-code.ts `aggregate`): a named list, a path `l.field` of one, or a `for` of
 * one variable over a range or a named list — its parts, else undefined. Its body may hold such
 * loops of its own (`sum(for o in 2..8 return modulo(sum(for v in 1..o return d / v), 7))`),
 * walked on every pass as the decimals walk them, each pass a budget step.
 */
function summed(x: Expr): readonly Expr[] | undefined {
  if (namedOutside(x) || (x.kind === "path" && namedOutside(x.base))) return [];
  const it = sumLoop(x)?.iterations[0];
  if (!it) return undefined;
  if (it.to) return [it.source, it.to, (x as For).body];
  return namedOutside(it.source) ? [(x as For).body] : undefined;
}

/** A name read as an operand that no loop binds. */
const namedOutside = (x: Expr): boolean => isOperandName(x, []) && x.kind === "name" && x.ref?.kind !== "local";

/** x as a `for` of one variable the double-doubles may name (not `item` or `partial`), else undefined. */
export const sumLoop = (x: Expr): For | undefined =>
  x.kind === "for" && x.iterations.length === 1 && !["item", "partial"].includes(x.iterations[0]!.name) ? x : undefined;

/**
 * The values a condition of an `if` the double-doubles decide compares (`ddTest`): a comparison of
 * two values, `between`, and `and`, `or`, `not` of such conditions; undefined for any other.
 */
function conditionParts(c: Expr): readonly Expr[] | undefined {
  if (isOperandName(c, []) || stringTest(c)) return [];
  if (c.kind === "compare") return [c.left, c.right];
  if (c.kind === "between") return [c.value, c.low, c.high];
  if (c.kind === "logical") {
    const [a, b] = [conditionParts(c.left), conditionParts(c.right)];
    return a && b && [...a, ...b];
  }
  return builtinCalled(c) === "not" && (c as Call).args.length === 1 ? conditionParts((c as Call).args[0]!) : undefined;
}

/** `x = "s"` or `x != "s"` of a name read as an operand and a string literal (`ddSameString`): x and s, else undefined. */
export function stringTest(c: Expr): { x: Expr; s: string; eq: boolean } | undefined {
  if (c.kind !== "compare" || (c.op !== "=" && c.op !== "!=")) return undefined;
  const [x, s] = c.right.kind === "string" ? [c.left, c.right] : [c.right, c.left];
  return s.kind === "string" && isOperandName(x, []) ? { x, s: s.value, eq: c.op === "=" } : undefined;
}

/** The expressions directly below e (a call's arguments, not its callee). */
function childrenOf(e: Expr): Expr[] {
  if (e.kind === "call") return e.args;
  const below: Expr[] = [];
  walk(e, (n) => {
    if (n !== e && !below.some((b) => contains(b, n))) below.push(n);
  });
  return below;
}

const contains = (outer: Expr, inner: Expr): boolean => holds(outer, (n) => n === inner);

/**
 * A square root (an integer root of 70 digits on the decimals), or a quotient or a power and one
 * more operation: a single quotient is rounded in one step on the decimals, and sums and products
 * of short decimals are integer work there. Or `LOOP_WORTH` operations walked in the passes of
 * loops over ranges of literal bounds (`min(for o in 1..7 return rate * weight)`): each pass makes
 * decimals (its value, the aggregate's step over it) where the double-doubles add two doubles.
 */
export function pays(...forms: Expr[]): boolean {
  let [costly, operations, roots, looped] = [0, 0, 0, 0];
  const passes = passesOf(forms);
  walkEach(forms, (n) => {
    if (n.kind === "arith" || n.kind === "negate" || roundsOrModulo(n)) looped += passes.get(n) ?? 0;
    // a rounding, floor, ceiling, modulo or root is one more operation (`floor(a / 3)`)
    // a loop's sum is one more operation too (`sum(for i in 1..n return a / i)`)
    if (n.kind !== "arith" && n.kind !== "for" && !roundsOrModulo(n) && !root(n)) return;
    operations++;
    if (root(n)) roots++;
    else if (n.kind === "arith" && (n.op === "/" || n.op === "**")) costly++;
  });
  return roots > 0 || (costly > 0 && operations > 1) || looped >= LOOP_WORTH;
}

/** Operations in loops' passes a call that pay for the double-doubles (bench/RESULTS-generated.md, Stop 79: 4 and 6 compared). */
const LOOP_WORTH = 4;

/** How many passes a call makes over each node inside a loop over a range of literal bounds (none outside one). */
function passesOf(forms: readonly Expr[]): Map<Expr, number> {
  const out = new Map<Expr, number>();
  walkEach(forms, (n) => {
    if (n.kind !== "for" || n.iterations.length !== 1) return;
    const it = n.iterations[0]!;
    const [from, to] = [literalNumber(it.source), literalNumber(it.to)];
    if (from === undefined || to === undefined) return;
    const times = Math.abs(to - from) + 1;
    const outer = out.get(n) ?? 1;
    walk(n.body, (c) => out.set(c, Math.max(out.get(c) ?? 1, outer * times)));
  });
  return out;
}

/** A square root: 34 digits from long division on the decimals, as a quotient makes. */
const root = (n: Expr): boolean => n.kind === "call" && builtinCalled(n) === "sqrt" && n.args.length === 1;

/** A rounding, `floor`, `ceiling` or `modulo` the double-doubles take. */
const roundsOrModulo = (n: Expr): boolean => n.kind === "call" && (ddRounding(n) !== undefined || builtinCalled(n) === "modulo");

/**
 * e holds no rounding, floor, ceiling or modulo, or holds a quotient or a marked decision as well:
 * a 34-digit value. Without one, they and the powers around them are integer work on the decimals
 * (`ceiling(x) ** 3`, `modulo((20 - r) ** 3 - p, 7)`), measured slower in double-doubles.
 */
function roundsLong(forms: readonly Expr[], readsMarked: boolean): boolean {
  let [roundings, quotients] = [0, 0];
  walkEach(forms, (n) => {
    if ((n.kind === "arith" && n.op === "/") || root(n)) quotients++;
    if (roundsOrModulo(n)) roundings++;
  });
  return roundings === 0 || quotients > 0 || readsMarked;
}

/**
 * A form of a decision (its value, or a table column's heading) the double-doubles hold and that
 * is worth them: it pays (a root, or a quotient or power beside one more operation) or reads a
 * decision of `marked`, whose double-double it takes; and its roundings or modulo round a 34-digit
 * value (`roundsLong`) — with the forms of the lets it reads by name (`named`, certify.ts
 * `letsForm`) as its parts. A decision or let it reads as a decimal may be long (34 digits): `ddRead`
 * reads it as a double-double too.
 */
export function worthDoubleDoubles(form: Expr, marked: ReadonlySet<string>, named: readonly Expr[] = []): boolean {
  let readsMarked = false;
  const forms = [form, ...named];
  if (forms.some((f) => ddBlocking(f, (n) => (readsMarked ||= marked.has(n))).length > 0)) return false;
  return (readsMarked || pays(...forms)) && roundsLong(forms, readsMarked);
}

/** Every node of each form. */
const walkEach = (forms: readonly Expr[], visit: (n: Expr) => void): void => forms.forEach((f) => walk(f, visit));

export function certifyOutputs(ir: ModelIR): void {
  const read = readDecisions(ir);
  // decisions in dependency order: a reader comes after the marked decisions it reads
  const marked = new Set<string>();
  for (const d of ir.decisions) {
    if (d.body.kind === "table" && !read.has(d.name)) certifySum(d, d.body.table, marked);
    if (d.body.kind !== "expr" || !plainNumber(d.type)) continue;
    // loops left as they are (`sum(for ...)`), in lets too; a decision read by others whose decimal
    // is made after its double-double gives its loops' passes back first (codegen/module.ts `readCertified`)
    // lets put in place of their names (worked out only where the doubles decline), else read as their values
    // (a form with its lets in place the double-doubles do not hold falls back to the lets read as values)
    const letsIn = d.lets.length > 0 ? letsForm(d.lets, d.body.expr, true) : undefined;
    const inPlace = letsIn && expand(letsIn.value, true);
    const first = letsIn?.first ?? [];
    const lets =
      inPlace !== undefined && first.every((f) => ddBlocking(f.form).length === 0) && worthDoubleDoubles(inPlace, marked, letsIn!.named);
    const withLets = lets ? inPlace : undefined;
    const form = withLets ?? expand(d.body.expr, true);
    if (!form || !(lets || worthDoubleDoubles(form, marked))) continue;
    const letCalls = withLets ? d.lets.reduce((n, l) => n + (l.body.kind === "expr" ? inlinedCalls(l.body.expr) : 0), 0) : 0;
    d.certifiedOutput = {
      form,
      calls: inlinedCalls(d.body.expr) + letCalls,
      read: read.has(d.name),
      ...(withLets && { lets: true }),
      ...(withLets && first.length > 0 && { first }),
    };
    marked.add(d.name);
  }
}

/**
 * Marks a COLLECT SUM table of one number output, read by no other decision and without lets,
 * whose every rule's output the double-doubles hold and one at least is worth them: a sum of short
 * decimals is integer work on the decimals, a sum of 34-digit ones (quotients, roots) is long.
 */
function certifySum(d: DecisionIR, table: TableIR, marked: ReadonlySet<string>): void {
  if (table.hit !== "COLLECT" || table.aggregation !== "SUM" || !table.singleOutput || d.lets.length > 0) return;
  if (!plainNumber(d.type) || !plainNumber(table.outputs[0]!.type)) return;
  const forms: Expr[] = [];
  for (const rule of table.rules) {
    const form = expand(rule.outputs[0]!, true);
    if (!form || ddBlocking(form).length > 0) return;
    forms.push(form);
  }
  if (!forms.some((f) => worthDoubleDoubles(f, marked))) return;
  d.certifiedSum = { forms, calls: table.rules.map((r) => inlinedCalls(r.outputs[0]!)) };
}
