// Resolves the names of a FEEL expression and infers a static type for every node, bottom-up.
// One handler per node kind. Unsure inference yields `any`; only certain conflicts are reported.
import { diagnostic } from "../../../ir/diagnostics.js";
import type { Expr } from "../../../ir/feel-ast.js";
import type { Type } from "../../../ir/types.js";
import { compatible, joinTypes, typeToString } from "./compat.js";
import { at, type ExprContext } from "./context.js";
import { inferCall, inferName } from "./infer-names.js";
import { checkCellLiterals, checkResultLiterals } from "./literals.js";
import { inferContext, inferFilter, inferFor, inferFunctionDef, inferQuantified } from "./infer-scoped.js";
import { memberType, propertiesOf } from "./members.js";
import { arithType, comparable, negateType, ordersChoice } from "./operators.js";
import { didYouMean } from "../../1-parse/suggest.js";
import { temporalLiteralType } from "./temporal-literal.js";
import { inferTests } from "./unary.js";
import { checkTypeExpr } from "./type-expr-check.js";

const BOOLEAN: Type = { kind: "boolean" };
const isValueSet = (t: Type): boolean => t.kind === "choice" || t.kind === "levels";

type Handler<K extends Expr["kind"]> = (e: Extract<Expr, { kind: K }>, ctx: ExprContext) => Type;
type Handlers = { [K in Expr["kind"]]: Handler<K> };

const HANDLERS: Handlers = {
  number: () => ({ kind: "number" }),
  string: () => ({ kind: "string" }),
  boolean: () => BOOLEAN,
  null: () => ({ kind: "null" }),
  temporal: (e) => temporalLiteralType(e.value),
  name: (e, ctx) => inferName(e, ctx, false),
  "input-value": (_, ctx) => ctx.inputValue ?? { kind: "any" },
  path: (e, ctx) => {
    const base = infer(e.base, ctx);
    const t = memberType(base, e.member);
    // a field may itself be of type null (`{a: null}.a`): look for the name, not at the type
    if (base.kind === "struct" && !base.fields.some(([k]) => k === e.member)) {
      const fields = base.fields.map(([k]) => k);
      ctx.sink.push(
        diagnostic(
          "types.unknown-member",
          { variant: "field", member: e.member, type: typeToString(base), didYouMean: didYouMean(e.member, fields) },
          at(ctx, e.span),
        ),
      );
    }
    const properties = propertiesOf(base);
    if (properties && !properties.includes(e.member)) {
      const params = { member: e.member, type: base.kind, properties, didYouMean: didYouMean(e.member, properties) };
      ctx.sink.push(diagnostic("types.unknown-member", { variant: "property", ...params }, at(ctx, e.span)));
      return { kind: "null" };
    }
    return t;
  },
  filter: inferFilter,
  call: inferCall,
  negate: (e, ctx) => {
    const r = negateType(infer(e.operand, ctx));
    if (r.problem === "boolean") ctx.sink.push(diagnostic("types.arith-boolean", { variant: "negate" }, at(ctx, e.span)));
    return r.type;
  },
  arith: (e, ctx) => {
    const left = infer(e.left, ctx);
    const right = infer(e.right, ctx);
    const r = arithType(e.op, left, right);
    if (r.problem === "boolean") ctx.sink.push(diagnostic("types.arith-boolean", { variant: "operator", op: e.op }, at(ctx, e.span)));
    if (r.problem === "mismatch")
      ctx.sink.push(
        diagnostic(
          "types.mismatch",
          { variant: "operator", op: e.op, left: typeToString(left), right: typeToString(right) },
          at(ctx, e.span),
        ),
      );
    return r.type;
  },
  compare: (e, ctx) => {
    const left = infer(e.left, ctx);
    const right = infer(e.right, ctx);
    if (!comparable(left, right))
      ctx.sink.push(
        diagnostic("types.compare-mismatch", { variant: "compare", left: typeToString(left), right: typeToString(right) }, at(ctx, e.span)),
      );
    const choice = ordersChoice(e.op, left, right);
    if (choice)
      ctx.sink.push(diagnostic("types.compare-mismatch", { variant: "unordered", op: e.op, type: typeToString(choice) }, at(ctx, e.span)));
    // `tier = "gold"`, `risk >= "mid"`: the literal must be a value, and then compares as one
    if (isValueSet(left)) checkResultLiterals(e.right, left, ctx, "the values it is compared with");
    if (isValueSet(right)) checkResultLiterals(e.left, right, ctx, "the values it is compared with");
    return BOOLEAN;
  },
  logical: (e, ctx) => {
    infer(e.left, ctx);
    infer(e.right, ctx);
    return BOOLEAN;
  },
  between: (e, ctx) => {
    const v = infer(e.value, ctx);
    for (const bound of [e.low, e.high]) {
      const b = infer(bound, ctx);
      if (!comparable(v, b))
        ctx.sink.push(
          diagnostic("types.compare-mismatch", { variant: "compare", left: typeToString(v), right: typeToString(b) }, at(ctx, bound.span)),
        );
    }
    return BOOLEAN;
  },
  in: (e, ctx) => {
    const v = infer(e.value, ctx);
    inferTests(e.tests, { ...ctx, inputValue: v }, (p, where) => diagnostic("types.compare-mismatch", { variant: "test", ...p }, where));
    checkCellLiterals(e.tests, v, ctx, "the values it is tested against");
    return BOOLEAN;
  },
  "instance-of": (e, ctx) => {
    infer(e.value, ctx);
    checkTypeExpr(e.of, ctx);
    return BOOLEAN;
  },
  if: (e, ctx) => {
    const cond = infer(e.cond, ctx);
    if (!compatible(cond, BOOLEAN))
      ctx.sink.push(diagnostic("types.mismatch", { variant: "condition", type: typeToString(cond) }, at(ctx, e.cond.span)));
    return joinTypes(infer(e.then, ctx), infer(e.else, ctx));
  },
  for: inferFor,
  quantified: inferQuantified,
  list: (e, ctx) => {
    const items = e.items.map((i) => infer(i, ctx));
    return { kind: "list", element: items.length === 0 ? { kind: "any" } : items.reduce(joinTypes) };
  },
  context: inferContext,
  range: (e, ctx) => {
    const ends = [e.start, e.end].filter((x): x is Expr => x !== null).map((x) => infer(x, ctx));
    if (ends.length === 2 && !comparable(ends[0]!, ends[1]!))
      ctx.sink.push(
        diagnostic(
          "types.compare-mismatch",
          { variant: "range", start: typeToString(ends[0]!), end: typeToString(ends[1]!) },
          at(ctx, e.span),
        ),
      );
    return { kind: "range", element: ends.length === 0 ? { kind: "any" } : ends.reduce(joinTypes) };
  },
  function: inferFunctionDef,
};

/** Infers (and records on the node) the type of `e`, resolving every name in it. */
export function infer(e: Expr, ctx: ExprContext): Type {
  const handler = HANDLERS[e.kind] as (e: Expr, ctx: ExprContext) => Type;
  const t = handler(e, ctx);
  e.type = t;
  return t;
}
