// Marks the boolean decisions whose JSON output certified double-doubles may give without the
// decimals (runtime/certified-dd.ts): a decision of type boolean that no other decision reads,
// whose value is a condition the double-doubles decide in an `if` (a comparison, `between`, `and`,
// `or`, `not` of them, boolean names) over what a number decision's form holds — + − × ÷, small
// powers, `abs`, `min`, `max`, `modulo`, `floor`, `ceiling`, `sqrt`, roundings to literal places,
// inlined calls and lets put in place (optimise/certify.ts `expand`, `letsForm`), the double-double
// of a marked decision — and that reads such a decision or holds a square root, or a quotient or
// a power and one more operation (`pays`: comparisons of short decimals are quick on the decimals). The form is `if c then 1 else if not(c) then 2
// else 3`: 1 true, 2 false, 3 null (FEEL's `if` takes null to its else branch); codegen answers
// true or false, and leaves null and any condition the bounds do not decide to the decimals.
import type { Call, Expr } from "../../ir/feel-ast.js";
import type { DecisionIR, FirstLet, LetIR, ModelIR } from "../../ir/ir.js";
import { expand, holdsLoop, inlinedCalls, letsForm, readDecisions } from "./certify.js";
import { ddBlocking, pays } from "./certify-output.js";
import { holds } from "./walk.js";

/** The answers the form gives for true, false and null. */
export const CONDITION_ANSWERS = { true: 1, false: 2, null: 3 } as const;

/** `if c then 1 else if not(c) then 2 else 3` of condition c, its nodes spanning c's text. */
function answerForm(c: Expr): Expr {
  const span = c.span;
  const number = { kind: "number" } as const;
  const lit = (v: number): Expr => ({ kind: "number", value: String(v), span, type: number });
  const not: Call = {
    kind: "call",
    callee: { kind: "name", name: "not", ref: { kind: "builtin", name: "not" }, span },
    args: [c],
    span,
    type: { kind: "boolean" },
  };
  const { true: t, false: f, null: n } = CONDITION_ANSWERS;
  return {
    kind: "if",
    cond: c,
    then: lit(t),
    else: { kind: "if", cond: not, then: lit(f), else: lit(n), span, type: number },
    span,
    type: number,
  };
}

/**
 * c reads a decision marked certified (whose decimal the condition then need not make), or holds
 * what makes the decimals' work long (`pays`: a square root, or a quotient or a power and one more
 * operation) and is not decided whole by the certified single doubles already (a comparison or a
 * connective of comparisons of such values, optimise/certify.ts, which are cheaper) — unless that
 * long work is in the lets, which the single doubles read as the decimals make them
 * (`p = 17 / (abs(b) + 845)` of a let `p: sqrt(abs(a))`); comparisons of short decimals are quick
 * on the decimals.
 */
function worthIt(c: Expr, value: Expr, lets: readonly LetIR[], marked: ReadonlySet<string>): boolean {
  const reads = holds(c, (n) => n.kind === "name" && n.ref?.kind === "decision" && marked.has(n.ref.name));
  const single = (value.kind === "compare" || value.kind === "logical") && value.certified === true;
  const longLets = pays(...lets.flatMap((l) => (l.body.kind === "expr" ? [l.body.expr] : [])));
  return reads || (pays(c) && (!single || longLets));
}

/**
 * The form of a boolean decision's condition as the double-doubles hold it: its lets in place
 * (`letsForm`, `inPlace`) with those worked out first, else — as a number decision's — its lets read
 * as the values the decimals make them (`if tier in ("a", "b") then …` is no form, but a condition
 * reading it, and a marked decision's double-double, may be). Undefined when neither is held.
 */
function conditionForm(
  d: DecisionIR,
  read: ReadonlySet<string>,
  marked: ReadonlySet<string>,
): { form: Expr; first: FirstLet[]; inPlace: boolean } | undefined {
  if (d.body.kind !== "expr" || d.type.kind !== "boolean" || read.has(d.name)) return undefined;
  const body = d.body.expr;
  const held = (value: Expr, first: FirstLet[], inPlace: boolean) => {
    const c = expand(value, false);
    if (!c || holdsLoop(c) || !worthIt(c, body, d.lets, marked) || c.kind === "name") return undefined;
    const form = answerForm(c);
    return [form, ...first.map((f) => f.form)].every((f) => ddBlocking(f).length === 0) ? { form, first, inPlace } : undefined;
  };
  const lets = d.lets.length > 0 ? letsForm(d.lets, body) : undefined;
  return (lets && held(lets.value, lets.first, true)) ?? held(body, [], false);
}

export function certifyConditions(ir: ModelIR): void {
  const read = readDecisions(ir);
  const marked = new Set(ir.decisions.filter((d) => d.certifiedOutput).map((d) => d.name));
  for (const d of ir.decisions) {
    const held = conditionForm(d, read, marked);
    if (!held || d.body.kind !== "expr") continue;
    const { form, first, inPlace } = held;
    const lets = inPlace && d.lets.length > 0;
    const letCalls = lets ? d.lets.reduce((n, l) => n + (l.body.kind === "expr" ? inlinedCalls(l.body.expr) : 0), 0) : 0;
    d.certifiedOutput = {
      form,
      calls: inlinedCalls(d.body.expr) + letCalls,
      read: false,
      condition: true,
      ...(lets && { lets: true }),
      ...(first.length > 0 && { first }),
    };
  }
}
