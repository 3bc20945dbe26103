// A call of a model function the optimiser inlined (optimise/inline.ts): the function's body at the
// call site, each argument evaluated once and in order, then checked against its parameter's type
// and the body's value converted to the result type, as the function itself does
// (codegen/module.ts) — without the call, its frame and its argument array. The call's steps are
// charged to the budget all the same.
//
// Where the code around declares locals for it (`ExprContext.locals`: a decision's code in `run`,
// a function's or a lambda's body), an argument worked out is assigned to a local of its own and
// the body follows in the same expression, `(ia1 = x * 12, rt.tick(2), body)`: no function is made
// and called for the call. Elsewhere (code hoisted to the module's top level) the body is the body
// of an arrow function called at once with the arguments.
//
// A call whose body is a rounding the optimiser certified from the call's arguments
// (optimise/certify.ts) is first worked out in certified doubles from the arguments as written:
// `monthly payment(p, r, years * 12)` reads the three inputs and works out `years * 12` in doubles,
// no decimal made for it; the call is made where the doubles cannot decide.
import type { Call, Expr, Inlined } from "../../ir/feel-ast.js";
import { builtinCalled, inlinedCalls, innerPlaces } from "../3-optimise/certify.js";
import { ROUNDING_MODES } from "../../runtime/builtins/number.js";
import type { Type } from "../../ir/types.js";
import { CALL_STEPS } from "../../runtime/budget.js";
import { certifiedCode } from "./certified-code.js";
import { bodyConforms, needsCoercion, unlessOfKind } from "./conformance.js";
import { readsOnly, type Emitter } from "./emitter.js";
import { certifiedReads, emitExpr, type ExprContext } from "./expr.js";
import type { Scope } from "./scope.js";

const conformsAlready = (e: Expr, t: Inlined["type"]): boolean => !needsCoercion(t) || bodyConforms({ kind: "expr", expr: e, text: "" }, t);

/**
 * JS true when the argument in `id` makes the invocation null: not null, not of its parameter's
 * type and not converted to it. Null, and a value of the type's kind already, are left as they are
 * (rt.coerce would give them back); `id` holds the converted value after.
 */
const refuses = (id: string, t: Type, em: Emitter): string =>
  `(${unlessOfKind(t, id) ?? `${id} !== null`} && (${id} = rt.coerce(${id}, ${em.type(t)})) === null)`;

/**
 * A call the optimiser inlined, its body at the call site; one it certified too (optimise/certify.ts)
 * first as its body's rounding worked out in certified doubles from the call's arguments, as if
 * written where the call is, the steps of the calls it stands for charged (given back when the
 * doubles cannot decide and the call is made).
 */
export function emitInlined(call: Call, scope: Scope, cx: ExprContext): string {
  const exact = emitInlinedCall(call.inlined!, call.args, scope, cx);
  const form = call.certified ? call.certifiedForm : undefined;
  const places = form && innerPlaces(form);
  if (!form || places === undefined) return exact;
  const x = (form as Call).args[0]!;
  const mode = ROUNDING_MODES[builtinCalled(form)!]!;
  const steps = inlinedCalls(call) * CALL_STEPS;
  return `(${certifiedCode(x, places, mode, certifiedReads(scope, cx), cx.em, steps)} ?? ${exact})`;
}

function emitInlinedCall(inl: Inlined, args: Expr[], scope: Scope, cx: ExprContext): string {
  const inner = scope.child();
  const params: string[] = [];
  const values: string[] = [];
  const checks: string[] = [];
  inl.params.forEach((p, i) => {
    const value = emitExpr(args[i]!, scope, cx);
    const check = !conformsAlready(args[i]!, p.type);
    // a name is read where it is used; anything else is worked out once, in order, as an argument
    if (!check && readsOnly(value)) {
      inner.bind("param", p.id, value);
      return;
    }
    const id = cx.em.fresh(cx.locals ? "ia" : "a");
    cx.locals?.push(id);
    inner.bind("param", p.id, id);
    params.push(id);
    values.push(value);
    // An argument that does not conform to its parameter's type makes the invocation null.
    if (check) checks.push(refuses(id, p.type, cx.em));
  });
  const body = emitExpr(inl.body, inner, cx);
  const result = conformsAlready(inl.body, inl.type) ? body : `rt.coerce(${body}, ${cx.em.type(inl.type)})`;
  // the steps of a call, after its arguments, before their checks (rt.enter)
  const tick = `rt.tick(${CALL_STEPS})`;
  const guarded = checks.length === 0 ? result : `${checks.join(" || ")} ? null : ${result}`;
  // every argument a name read in place: the steps, then the body, with no function made for it
  if (params.length === 0) return `(${tick}, ${guarded})`;
  if (cx.locals) return `(${params.map((id, i) => `${id} = ${values[i]}`).join(", ")}, ${tick}, ${guarded})`;
  return `((${params.join(", ")}) => { ${tick}; return ${guarded}; })(${values.join(", ")})`;
}

/** The declaration of the locals inlined calls were given (`ExprContext.locals`), when there are any. */
export const declaredLocals = (locals: readonly string[]): string[] => (locals.length === 0 ? [] : [`let ${locals.join(", ")};`]);
