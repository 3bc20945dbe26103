// Constant folding: operators over literals are evaluated at compile time with the runtime
// itself, so folded code means exactly what the unfolded code meant. A let or a decision whose
// value folds to a literal stands as that literal where it is read by name, and folding goes on
// there (`part 1 - 214` of a let `part 1: 5`).
import type { Expr } from "../../ir/feel-ast.js";
import type { BodyIR, DecisionIR, ModelIR } from "../../ir/ir.js";
import * as rt from "../../runtime/index.js";
import { isDecimal } from "../../runtime/decimal.js";
import type { FeelValue } from "../../runtime/values.js";
import { literalValue } from "../2-analyse/expressions/literal-value.js";
import { ARITH, COMPARE, closedValue, foldWork, worked, type FoldWork } from "./closed.js";

/** A literal node for a folded value (a negative number negated, a date as `@"..."`), or null when the value has none. */
function literalNode(v: FeelValue, like: Expr): Expr | null {
  const base = { span: like.span, type: like.type };
  if (v === null) return { kind: "null", ...base };
  if (typeof v === "boolean") return { kind: "boolean", value: v, ...base };
  if (typeof v === "string") return { kind: "string", value: v, ...base };
  if (isDecimal(v) && v.isFinite() && !v.isNegative()) return { kind: "number", value: v.toFixed(), ...base };
  if (isDecimal(v) && v.isFinite() && !v.isZero())
    return { kind: "negate", operand: { kind: "number", value: v.neg().toFixed(), ...base }, ...base };
  return v instanceof rt.FeelDate ? dateNode(v, base) : null;
}

/** `@"2022-12-31"` for a date its text gives back exactly. */
function dateNode(v: InstanceType<typeof rt.FeelDate>, base: Pick<Expr, "span" | "type">): Expr | null {
  const text = rt.toFeelString(v);
  const again = typeof text === "string" ? rt.temporalLiteral(text) : null;
  return typeof text === "string" && again instanceof rt.FeelDate && rt.eq(again, v) === true
    ? { kind: "temporal", value: text, ...base }
    : null;
}

/**
 * An operator over two literals worked out, within what is left of the model's compile-time work
 * (`10 ** 99999` a few thousand times took seconds); expressions that fail at run time are kept
 * unfolded, so their messages are produced there.
 */
function evaluate(e: Expr, work: FoldWork): FeelValue | undefined {
  if (e.kind !== "arith" && e.kind !== "compare" && e.kind !== "logical") return undefined;
  const [l, r] = [literalValue(e.left), literalValue(e.right)];
  if (l === undefined || r === undefined) return undefined;
  return worked(work, () =>
    e.kind === "arith" ? ARITH[e.op](l, r) : e.kind === "compare" ? COMPARE[e.op](l, r) : e.op === "and" ? rt.and(l, r) : rt.or(l, r),
  );
}

/** Kinds a closed expression worked out whole may stand as (closed.ts); operators over literals fold below. */
const CLOSED_KINDS: ReadonlySet<string> = new Set(["call", "path", "for", "arith", "compare"]);

/** Literals known by name: decisions' (the model's) and the lets' of the decision being folded. */
interface Known {
  decision: Map<string, Expr>;
  let: Map<string, Expr>;
}

/** The literal a name stands for, at the name's place, or undefined. */
function knownLiteral(e: Expr, known: Known): Expr | undefined {
  if (e.kind !== "name" || (e.ref?.kind !== "decision" && e.ref?.kind !== "let")) return undefined;
  const lit = known[e.ref.kind].get(e.ref.name);
  return lit && { ...structuredClone(lit), span: e.span };
}

/**
 * Folds bottom-up, in place; returns the (possibly replaced) node. Inside a filter's condition
 * (`shadowed`) a built-in's name may be an item's field, so no call there is worked out, and no
 * name is taken for a known literal.
 */
function foldExpr(e: Expr, work: FoldWork, known: Known, shadowed = false): Expr {
  const lit = shadowed ? undefined : knownLiteral(e, known);
  if (lit) return lit;
  for (const [key, child] of Object.entries(e)) {
    // Unary tests (`in`) and type expressions (`instance of`) share node kind names with
    // expressions but not their shapes: leave them as they are.
    if (key === "type" || key === "span" || key === "ref" || key === "tests" || key === "of") continue;
    if (Array.isArray(child)) {
      child.forEach((c, i) => {
        if (isExpr(c)) child[i] = foldExpr(c, work, known, shadowed);
        else if (c && typeof c === "object" && isExpr((c as { value?: unknown }).value))
          (c as { value: Expr }).value = foldExpr((c as { value: Expr }).value, work, known, shadowed);
      });
    } else if (isExpr(child))
      (e as unknown as Record<string, Expr>)[key] = foldExpr(child, work, known, shadowed || (e.kind === "filter" && key === "filter"));
  }
  if (e.kind === "if") {
    const c = literalValue(e.cond);
    if (c === true) return e.then;
    if (c === false || c === null) return e.else;
    if (c !== undefined) return { kind: "null", span: e.span, type: e.type };
  }
  // a closed expression's null is left to run: code around a null literal may be written otherwise (a call's message lost)
  const v = evaluate(e, work) ?? (!shadowed && CLOSED_KINDS.has(e.kind) ? (closedValue(e, work) ?? undefined) : undefined);
  return v === undefined ? e : (literalNode(v, e) ?? e);
}

function isExpr(x: unknown): x is Expr {
  return !!x && typeof x === "object" && typeof (x as Expr).kind === "string" && "span" in (x as object);
}

function foldBody(b: BodyIR, work: FoldWork, known: Known): void {
  if (b.kind === "expr") {
    b.expr = foldExpr(b.expr, work, known);
    return;
  }
  for (const rule of b.table.rules) rule.outputs = rule.outputs.map((o) => foldExpr(o, work, known));
  for (const input of b.table.inputs) input.expr = foldExpr(input.expr, work, known);
}

/** The literal a body folded to (not null, whose code around it may be written otherwise), or undefined. */
function literalOf(b: BodyIR): Expr | undefined {
  if (b.kind !== "expr") return undefined;
  const v = literalValue(b.expr);
  return v === undefined || v === null ? undefined : b.expr;
}

/**
 * The literal that is a decision's value: its body's (not null), when nothing holds it to a type
 * (inferred) or its declared type is the literal's own kind, unconstrained (a declared `number
 * [0..9]` or choice may make it null); else undefined.
 */
export function decisionLiteral(d: DecisionIR): Expr | undefined {
  const lit = literalOf(d.body);
  if (!lit || d.inferred) return lit;
  const kind = lit.kind === "negate" ? "number" : lit.kind;
  return d.type.kind === kind && Object.keys(d.type).length === 1 ? lit : undefined;
}

export function foldConstants(ir: ModelIR): void {
  const work = foldWork();
  const decisions = new Map<string, Expr>();
  for (const f of ir.functions) foldBody(f.body, work, { decision: new Map(), let: new Map() });
  // decisions in dependency order: a reader comes after the decisions it reads
  for (const d of ir.decisions) {
    const known: Known = { decision: decisions, let: new Map() };
    for (const l of d.lets) {
      foldBody(l.body, work, known);
      const lit = literalOf(l.body);
      if (lit) known.let.set(l.name, lit);
    }
    foldBody(d.body, work, known);
    const lit = decisionLiteral(d);
    if (lit) decisions.set(d.name, lit);
  }
}
