// FEEL expression → JS expression. One emitter per node kind; every value is a runtime FeelValue
// and every operation a call into the runtime (`rt`), except where the optimiser proved a shortcut.
import type { Span } from "../../ir/diagnostics.js";
import type { Expr, Iteration, NameRef } from "../../ir/feel-ast.js";
import { typeExprToType } from "../../ir/type-expr.js";
import type { Type } from "../../ir/types.js";
import { readsOnly, type Emitter } from "./emitter.js";
import { refKey, type Scope } from "./scope.js";
import { declarationBlocks } from "./declaration-blocks.js";
import { builtinDef, builtinGroup } from "../../runtime/builtins/index.js";
import { SCALAR_KINDS } from "../../runtime/kinds.js";
import { CONTAINER_SIZE } from "../../runtime/budget.js";
import { ROUNDING_MODES } from "../../runtime/builtins/number.js";
import type { RawAggregation } from "../../runtime/raw-items.js";
import { certifiedCode, certifiedComparison, certifiedCondition, type CertifiedReads } from "./certified-code.js";
import { decidedComparison, type Triple } from "./certified-dd-code.js";
import { declaredLocals, emitInlined } from "./inlined.js";
import { loopInvariants } from "./loop-invariant.js";
import { runningTotalsList } from "../3-optimise/running-totals.js";
import { constantCallQuiet } from "../2-analyse/expressions/constant-call.js";
import { emitMembership, levelsOf, ORDERING } from "./unary-tests.js";
import { emitMember, fieldSlot } from "./field-slot.js";
import { countFold, emitFilter, LIST_FOLD, projectFold, sumFold } from "./filter.js";
import { rawNumberRead } from "./raw-inputs.js";
import { exactNumber } from "../3-optimise/exact-number.js";
import {
  rawCountOf,
  rawIteration,
  rawLocalField,
  rawLoop,
  rawProjection,
  loopProjection,
  rawQuantified,
  rawListRead,
  type RawInput,
  type RawListRead,
} from "./raw-items.js";

export interface ExprContext {
  em: Emitter;
  /** the model address being emitted, for internal error messages */
  where: string;
  /** the model's named types, for `instance of` and typed lambda parameters */
  types: Record<string, Type>;
  /** in the explain function (codegen/explain.ts): JS id of its recorder, told of calls and `if` branches */
  explain?: string;
  /** the inputs read from raw JSON that codegen/raw-items.ts may test, by the JS id of their FEEL value */
  raws?: ReadonlyMap<string, RawInput>;
  /**
   * in `run`: the raw JSON value's JS id of each number input, by the JS that reads its FEEL value,
   * which certified operands read in its place (codegen/raw-inputs.ts)
   */
  rawNumbers?: ReadonlyMap<string, string>;
  /**
   * in `run`: each input declared as a list of numbers, strings or booleans, by the JS that reads its
   * FEEL value: its raw JSON value's JS id and its type; the certified double-doubles' loops read a
   * list of numbers' items raw (codegen/raw-items.ts `rawListRead`), `count` the raw array
   */
  plainLists?: ReadonlyMap<string, { raw: string; type: Extract<Type, { kind: "list" }> }>;
  /** the model's functions by name: the JS function (`fn<i>`), its FEEL value (`F<i>`) and its parameter count */
  functions?: ReadonlyMap<string, { fn: string; value: string; arity: number }>;
  /** the declared types of the model's decisions, by name (a decision that is another by name, codegen/declared.ts) */
  decisionTypes?: ReadonlyMap<string, Type>;
  /** in `run`: the double-doubles of certified decisions other decisions read (codegen/module.ts), by name */
  decided?: ReadonlyMap<string, Triple>;
  /**
   * JS ids the code around declares as locals, to which inlined calls add their arguments'
   * (codegen/inlined.ts): set for a decision's code, a function's body and a lambda's, each
   * declaring its own; absent in code hoisted to the module's top level
   */
  locals?: string[];
}

/** The JS of a certified code's operand: a number input's raw read where `cx` has one (codegen/raw-inputs.ts), else its FEEL value's. */
export const certifiedOperand =
  (scope: Scope, cx: ExprContext) =>
  (e: Expr): string => {
    const code = emitExpr(e, scope, cx);
    const raw = e.kind === "name" ? cx.rawNumbers?.get(code) : undefined;
    return raw === undefined ? code : rawNumberRead(raw, code);
  };

/** The raw reading of a certified loop's list (codegen/raw-items.ts `rawListRead`), when it names an input read so. */
export const certifiedList =
  (scope: Scope, cx: ExprContext) =>
  (e: Expr): RawListRead | undefined =>
    e.kind === "name" && e.ref?.kind === "input" ? rawListRead(emitExpr(e, scope, cx), scope, cx) : undefined;

/** Both, for the certified doubles' code (codegen/certified-code.ts). */
export const certifiedReads = (scope: Scope, cx: ExprContext): CertifiedReads => ({
  operand: certifiedOperand(scope, cx),
  list: certifiedList(scope, cx),
});

type Emit<K extends Expr["kind"]> = (node: Extract<Expr, { kind: K }>, scope: Scope, cx: ExprContext) => string;

export const COMPARE_OPS = { "=": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge" } as const;
const ARITH_OPS = { "+": "add", "-": "sub", "*": "mul", "/": "div", "**": "pow" } as const;

/**
 * The aggregates worked out from a raw number field's JSON doubles: `min` and `max`, whose value
 * is one of its items (which way each looks), and `sum` and `mean`, added as scaled integers.
 */
const RAW_AGGREGATES: ReadonlyMap<string, RawAggregation> = new Map<string, RawAggregation>([
  ["min", -1],
  ["max", 1],
  ["sum", "sum"],
  ["mean", "mean"],
]);

const emitters: { [K in Expr["kind"]]: Emit<K> } = {
  number: (n, _s, cx) => cx.em.pooled("n", `rt.num(${cx.em.lit(n.value)})`),
  string: (n, _s, cx) => cx.em.lit(n.value),
  boolean: (n) => (n.value ? "true" : "false"),
  null: () => "null",
  temporal: (n, _s, cx) => cx.em.pooled("t", `rt.temporalLiteral(${cx.em.lit(n.value)})`),
  name: (n, scope, cx) => emitName(n.name, n.ref, scope, cx),
  "input-value": (_n, scope) => scope.input ?? "null",
  path: (n, scope, cx) => {
    if (n.base.kind === "context") {
      const entry = contextEntry(n.base, n.member, scope, cx);
      if (entry !== undefined) return entry;
    }
    // `l[c].f` over an input's list: the field gathered in the filter's loop, from the raw JSON items it keeps
    const slot = n.base.kind === "filter" && n.base.rawItems ? fieldSlot(n.base.type, n.member) : -1;
    if (n.base.kind === "filter" && slot >= 0) {
      const t = n.base.type;
      return emitFilter(
        n.base,
        scope,
        cx,
        projectFold(slot, n.member, (x) => emitMember(x, t, n.member, cx.em), cx),
      );
    }
    const base = emitExpr(n.base, scope, cx);
    // `l.f` over an input's list, `m.f` of a loop over its items: each item's field read from the raw JSON where it can be
    const raw = n.rawItems ? rawProjection(n, base, scope, cx) : rawLocalField(base, n.member, cx);
    return raw ?? emitMember(base, n.base.type, n.member, cx.em);
  },
  filter: (n, scope, cx) => emitFilter(n, scope, cx, LIST_FOLD),
  call: (n, scope, cx) => {
    const callee = emitExpr(n.callee, scope, cx);
    const ref = n.callee.kind === "name" ? n.callee.ref : undefined;
    // the explain function records each call of one of the model's functions
    const told = (call: string) =>
      cx.explain && ref?.kind === "function" ? `rt.explainCall(${cx.explain}, ${cx.em.lit(`functions.${ref.name}`)}, ${call})` : call;
    if (n.named) {
      const args = n.named.map((a) => `[${cx.em.lit(a.name)}, ${emitExpr(a.value, scope, cx)}]`);
      return told(`rt.callNamed(${callee}, [${args.join(", ")}])`);
    }
    const args = () => n.args.map((a) => emitExpr(a, scope, cx)).join(", ");
    // one of the model's functions by its own name, with as many arguments as it has parameters:
    // its JS function itself, which is what rt.call comes to (the function converts its arguments)
    const own = ref?.kind === "function" ? cx.functions?.get(ref.name) : undefined;
    if (own && callee === own.value && n.args.length === own.arity) {
      // its body in place of the call, when the optimiser copied it here (not inside a filter,
      // where the items' entries would shadow the body's names; nor where calls are explained)
      if (n.inlined && !cx.explain && scope.shadowingItems.length === 0) return emitInlined(n, scope, cx);
      return told(`${own.fn}(${args()})`);
    }
    // a built-in by its own name: the overload is picked once, when the module loads
    if (ref?.kind === "builtin" && scope.lookup(refKey(ref)) === undefined) {
      const direct = cx.em.hoist("p", `rt.positional(${hoistBuiltin(ref.name, cx)}, ${n.args.length})`);
      if (scope.shadowingItems.length > 0)
        return shadowableCall(n.callee.kind === "name" ? n.callee.name : ref.name, direct, n.args, scope, cx);
      const places = literalPlaces(n.args[1]);
      const mode = ROUNDING_MODES[ref.name];
      // decimal(x, 2) and its siblings with a literal scale: the rounding itself, and for
      // decimal(a / b, 2) the quotient rounded in one step
      if (mode !== undefined && n.args.length === 2 && places !== undefined) {
        const x = n.args[0]!;
        const exact =
          x.kind === "arith" && x.op === "/"
            ? `rt.roundQuotient(${emitExpr(x.left, scope, cx)}, ${emitExpr(x.right, scope, cx)}, ${places}, ${mode}, ${direct})`
            : `rt.roundPlaces(${emitExpr(x, scope, cx)}, ${places}, ${mode}, ${direct})`;
        // (an inlined function's arithmetic is not worked out so where its calls are explained)
        if (!n.certified || (n.certifiedForm && cx.explain)) return exact;
        // doubles with an error bound first (runtime/certified.ts), the exact path when they cannot decide
        return `(${certifiedCode(n.certifiedForm ?? x, places, mode, certifiedReads(scope, cx), cx.em)} ?? ${exact})`;
      }
      // count(l) of an input's list: the raw array's length
      const counted = n.rawItems && n.args.length === 1 ? rawCountOf(n.rawItems, emitExpr(n.args[0]!, scope, cx), direct, scope, cx) : null;
      if (counted) return counted;
      // min(l.f), max(l.f), sum(l.f), mean(l.f) of a number field of an input's list: from the JSON doubles
      const how = RAW_AGGREGATES.get(ref.name);
      const arg = n.args[0];
      // and of `for x in l return x.f`, while l is a JSON array
      const looped = arg && arg.kind !== "path" ? loopProjection(arg) : undefined;
      const projected = arg?.kind === "path" ? arg : looped;
      if (how !== undefined && n.args.length === 1 && projected?.rawItems) {
        const loop = looped && (() => `${direct}(${args()})`);
        const fromDoubles = rawProjection(projected, emitExpr(projected.base, scope, cx), scope, cx, { how, direct, loop });
        if (fromDoubles) return fromDoubles;
      }
      // sum(l[c].f), mean(l[c].f) of a number field of an input's list: the kept fields' doubles summed
      const filtered = arg?.kind === "path" && arg.base.kind === "filter" && arg.base.rawItems ? arg : undefined;
      const slot = filtered ? fieldSlot(filtered.base.type, filtered.member) : -1;
      if (filtered && (how === "sum" || how === "mean") && n.args.length === 1 && slot >= 0) {
        const [filter, t] = [filtered.base as Extract<Expr, { kind: "filter" }>, filtered.base.type];
        const member = (x: string) => emitMember(x, t, filtered.member, cx.em);
        return emitFilter(filter, scope, cx, sumFold(slot, filtered.member, member, how === "mean", direct, cx));
      }
      // count(l[c]): the kept items counted, not gathered into a list
      if (ref.name === "count" && n.args.length === 1 && n.args[0]!.kind === "filter")
        return emitFilter(n.args[0], scope, cx, countFold(direct));
      const prefix = ref.name === "sum" ? prefixOf(n.args[0]!, scope) : undefined;
      if (prefix) {
        // a running total: the sums of the list's prefixes are kept between calls (runtime/prefix-sums.ts)
        const sublist = cx.em.hoist("p", `rt.positional(${emitExpr(prefix.callee, scope, cx)}, 3)`);
        const [list, start, length] = prefix.args.map((a) => emitExpr(a, scope, cx));
        return `rt.sumOfPrefix(${list}, ${start}, ${length}, ${sublist}, ${direct})`;
      }
      return `${direct}(${args()})`;
    }
    return told(`rt.call(${callee}, [${args()}])`);
  },
  negate: (n, scope, cx) => `rt.neg(${emitExpr(n.operand, scope, cx)})`,
  arith: (n, scope, cx) => `rt.${ARITH_OPS[n.op]}(${emitExpr(n.left, scope, cx)}, ${emitExpr(n.right, scope, cx)})`,
  compare: (n, scope, cx) => {
    const [left, right] = [emitExpr(n.left, scope, cx), emitExpr(n.right, scope, cx)];
    const levels = levelsOf(n.left.type) ?? levelsOf(n.right.type);
    if (levels && Object.hasOwn(ORDERING, n.op)) return `rt.rankCompare(${cx.em.data("L", levels)}, ${cx.em.lit(n.op)}, ${left}, ${right})`;
    const exact = `rt.${COMPARE_OPS[n.op]}(${left}, ${right})`;
    const raw = levels || cx.explain ? undefined : rawComparison(n, left, right, cx);
    if (raw) return `(${raw} ?? ${exact})`;
    const decided =
      levels || !cx.decided || cx.explain ? undefined : decidedComparison(n, cx.decided, (e) => emitExpr(e, scope, cx), cx.em);
    if (decided) return `(${decided} ?? ${exact})`;
    if (!n.certified || levels || (n.certifiedSides && cx.explain)) return exact;
    // doubles with error bounds first (runtime/certified.ts), the decimals when the bounds overlap
    return `(${certifiedComparison(n.op, ...(n.certifiedSides ?? [n.left, n.right]), certifiedReads(scope, cx), cx.em)} ?? ${exact})`;
  },
  logical: (n, scope, cx) => {
    const exact = `rt.${n.op}(${emitExpr(n.left, scope, cx)}, ${emitExpr(n.right, scope, cx)})`;
    if (!n.certified || (n.certifiedForm && cx.explain)) return exact;
    // decided in certified doubles (runtime/certified.ts), the exact path for null and where bounds overlap
    return `(${certifiedCondition(n.certifiedForm ?? n, certifiedReads(scope, cx), cx.em)} ?? ${exact})`;
  },
  between: (n, scope, cx) => {
    const [value, low, high] = [emitExpr(n.value, scope, cx), emitExpr(n.low, scope, cx), emitExpr(n.high, scope, cx)];
    const levels = levelsOf(n.value.type) ?? levelsOf(n.low.type) ?? levelsOf(n.high.type);
    if (levels) return `rt.rankInRange(${cx.em.data("L", levels)}, ${value}, true, ${low}, ${high}, true)`;
    return `rt.between(${value}, ${low}, ${high})`;
  },
  in: (n, scope, cx) => {
    const x = cx.em.fresh("x");
    return `((${x}) => ${emitMembership(n.tests, x, scope, cx, levelsOf(n.value.type))})(${emitExpr(n.value, scope, cx)})`;
  },
  "instance-of": (n, scope, cx) =>
    `rt.instanceOf(${emitExpr(n.value, scope, cx)}, ${cx.em.type(baseType(typeExprToType(n.of, cx.types)))})`,
  if: (n, scope, cx) => {
    const [cond, then, otherwise] = [emitExpr(n.cond, scope, cx), emitExpr(n.then, scope, cx), emitExpr(n.else, scope, cx)];
    if (cx.explain) return explainedIf(n.cond.type?.kind === "boolean", n.cond.span, cond, then, otherwise, cx);
    if (n.cond.type?.kind === "boolean") return `(${cond} === true ? ${then} : ${otherwise})`;
    // A condition that is neither boolean nor null makes the whole `if` null.
    const k = cx.em.fresh("k");
    return `((${k}) => ${k} === 1 ? ${then} : ${k} === 0 ? ${otherwise} : null)(rt.branch(${cond}))`;
  },
  for: (n, scope, cx) => {
    const totals = n.runningTotals && !shadowsBuiltins(scope) ? runningTotalsList(n) : undefined;
    // running totals in one pass; the loop as written for what that pass leaves (not a list of numbers)
    if (totals) return `(rt.runningTotals(${emitExpr(totals, scope, cx)}) ?? ${emitLoop(n, scope, cx)})`;
    return emitLoop(n, scope, cx);
  },
  quantified: (n, scope, cx) => {
    const r = cx.em.fresh("q");
    const [hit, miss] = n.quantifier === "some" ? ["true", "false"] : ["false", "true"];
    const judged = `if (${r} === ${hit}) h = true; else if (${r} === null) u = true; else if (${r} !== ${miss}) return null;`;
    const raw = n.rawItems ? rawQuantifiedLoop(n, scope, cx, r, judged) : undefined;
    const loops =
      raw ??
      nestLoops(n.iterations, scope.child(), cx, (inner) => `{ rt.tick(); const ${r} = ${emitExpr(n.satisfies, inner, cx)}; ${judged} }`);
    // Every item is tried: a result that is not a boolean (or null) anywhere makes the whole test null.
    return `(() => { let h = false, u = false; ${loops} return h ? ${hit} : u ? null : ${miss}; })()`;
  },
  // a list of literals is made once, when the module loads; any other counts toward the size as it is made
  list: (n, scope, cx) => {
    const items = `[${n.items.map((i) => emitExpr(i, scope, cx)).join(", ")}]`;
    return isLiteralTree(n) ? items : `rt.madeList(${items})`;
  },
  context: (n, scope, cx) => {
    // two entries of one name make the context an error result (DMN 1.4, DMN14-178)
    const twice = duplicateKey(n);
    if (twice !== undefined) return `rt.problem(${cx.em.lit(`the context has two entries named ${twice}`)})`;
    const inner = scope.child();
    const lines: string[] = [];
    const ids: string[] = [];
    for (const e of n.entries) {
      const id = cx.em.fresh("e");
      lines.push(`const ${id} = ${emitExpr(e.value, inner, cx)};`);
      inner.bind("local", e.key, id);
      ids.push(id);
    }
    const made = contextOf(
      n.entries.map((e) => e.key),
      ids,
      cx,
    );
    return `(() => { ${declarationBlocks(lines, `return ${made};`)} })()`;
  },
  // Both endpoints written (`[a..b]`): a null endpoint value is a value, not "unbounded".
  range: (n, scope, cx) =>
    `rt.range(${n.startIncluded}, ${n.start ? emitExpr(n.start, scope, cx) : "null"}, ${n.end ? emitExpr(n.end, scope, cx) : "null"}, ${n.endIncluded}${n.start && n.end ? ", true" : ""}${n.test ? `, ${cx.em.lit(n.test)}` : ""})`,
  function: (n, scope, cx) => {
    // an external function's body describes the Java method; the runtime maps it (src/runtime/java)
    if (n.external) return `rt.externalFunction(${emitExpr(n.body, scope, cx)}, [${n.params.map((p) => cx.em.lit(p.name)).join(", ")}])`;
    // A function closes over where it is defined: inside a filter the item's entries stay in scope,
    // as the analyser resolves them (a name it left to the item is read from the item here too).
    const inner = scope.child({ input: null, partial: null });
    const params = n.params.map((p) => {
      const id = cx.em.fresh("p");
      inner.bind("local", p.name, id);
      return id;
    });
    const names = n.params.map((p) => cx.em.lit(p.name)).join(", ");
    const coerced = n.params
      .map((p, i) => (p.type ? `${params[i]} = rt.coerce(${params[i]}, ${cx.em.type(typeExprToType(p.type, cx.types))}); ` : ""))
      .join("");
    // the locals of the calls inlined in the body, each call of the lambda its own
    const locals: string[] = [];
    const body = emitExpr(n.body, inner, { ...cx, locals });
    const declared = declaredLocals(locals)
      .map((d) => `${d} `)
      .join("");
    return `rt.fn("lambda", [${names}], (${params.join(", ")}) => { rt.enter(); try { ${coerced}${declared}return ${body}; } finally { rt.leave(); } })`;
  },
};

/**
 * A built-in called inside a filter whose item may be a context: an entry of the item by the
 * callee's name is the function called (`orders[date(...) > x]` with an entry `date`), else that of
 * the item of an enclosing filter, else the built-in, called directly. The arguments are evaluated
 * once, before the look-up, which reads nothing they can change.
 */
function shadowableCall(name: string, direct: string, args: Expr[], scope: Scope, cx: ExprContext): string {
  const params = args.map(() => cx.em.fresh("a")).join(", ");
  const key = cx.em.lit(name);
  const chosen = scope.shadowingItems.reduceRight(
    (otherwise, item) => `rt.hasEntry(${item}, ${key}) ? rt.call(rt.member(${item}, ${key}), [${params}]) : ${otherwise}`,
    `${direct}(${params})`,
  );
  return `((${params}) => ${chosen})(${args.map((a) => emitExpr(a, scope, cx)).join(", ")})`;
}

/** Kinds of list items that are never contexts. */
const PLAIN_ITEMS = new Set<string>([...SCALAR_KINDS, "null", "choice", "levels"]);

/**
 * Whether a filtered list may hold contexts, whose entries shadow names in the filter: not when it
 * is a literal list written without contexts, nor when its type's items are never contexts (names
 * the analyser left unresolved are still read from the item: they are its members).
 */
export const mayHoldContexts = (base: Expr): boolean =>
  !(
    (base.kind === "list" && isLiteralTree(base) && base.items.every((i) => i.kind !== "context")) ||
    (base.type?.kind === "list" && PLAIN_ITEMS.has(base.type.element.kind))
  );

/** Whether the built-ins' names may mean something else here: an item's entry inside a filter, or a binding of the scope. */
const shadowsBuiltins = (scope: Scope): boolean =>
  scope.shadowingItems.length > 0 ||
  ["count", "sum", "sublist"].some((name) => scope.lookup(refKey({ kind: "builtin", name })) !== undefined);

/** The JS ids that keep a loop-invariant part (codegen/loop-invariant.ts): its value once worked out, and whether problems are heard. */
const kept = new Map<Expr, { value: string; heard: string }>();

/** A loop-invariant part: worked out in the first pass that reaches it, or in every pass where problems are heard. */
function emitKept(node: Expr, keep: { value: string; heard: string }, scope: Scope, cx: ExprContext): string {
  kept.delete(node);
  const code = emitExpr(node, scope, cx);
  kept.set(node, keep);
  return `(${keep.value} === undefined || ${keep.heard} ? (${keep.value} = ${code}) : ${keep.value})`;
}

/** A `for` as a loop pushing each result onto the list it returns. */
function emitLoop(n: Extract<Expr, { kind: "for" }>, scope: Scope, cx: ExprContext): string {
  const acc = cx.em.fresh("acc");
  // `partial` reads a copy: the list of the results so far is a value, not the growing accumulator
  const outer = scope.child({ partial: acc }).bind("local", "partial", readPartial(acc));
  // the explain function records the calls and branches of every pass
  const invariants = cx.explain ? [] : loopInvariants(n.body, scope).filter((e) => !isLiteralTree(e) && !isConstantCall(e));
  const heard = invariants.length > 0 ? cx.em.fresh("h") : "";
  const keeps = invariants.map((e) => [e, { value: cx.em.fresh("m"), heard }] as const);
  for (const [e, keep] of keeps) kept.set(e, keep);
  let loops: string;
  try {
    loops = nestLoops(n.iterations, outer, cx, (inner) => `{ rt.tick(); ${acc}.push(${emitExpr(n.body, inner, cx)}); }`);
  } finally {
    for (const [e] of keeps) kept.delete(e);
  }
  const declared = keeps.length > 0 ? `let ${keeps.map(([, k]) => k.value).join(", ")}; const ${heard} = rt.problemsHeard(); ` : "";
  return `((${acc}) => { ${declared}${loops} return rt.madeList(${acc}); })([])`;
}

/** `partial` as a value: a copy of the results so far, which keep growing after it is read. */
export const readPartial = (acc: string): string => `rt.resultsSoFar(${acc})`;

/**
 * An `if` that tells the explain recorder its branch and where its condition is, before the branch
 * runs, then its value: the same choice as the `if` emitter's.
 */
function explainedIf(boolean: boolean, span: Span, cond: string, then: string, otherwise: string, cx: ExprContext): string {
  const k = cx.em.fresh("k");
  const step = cx.em.fresh("step");
  const chosen = boolean ? `${k} ? ${then} : ${otherwise}` : `${k} === 1 ? ${then} : ${k} === 0 ? ${otherwise} : null`;
  const record = `rt.explainIf(${cx.explain}, ${cx.em.lit(cx.where)}, ${span.start}, ${span.end}, ${k})`;
  return `((${k}) => ((${step}) => rt.explainValue(${step}, ${chosen}))(${record}))(${boolean ? `${cond} === true` : `rt.branch(${cond})`})`;
}

/** A built-in's function value, hoisted: looked up in its group, so that a bundle keeps that group alone. */
function hoistBuiltin(name: string, cx: ExprContext): string {
  const group = builtinGroup(name);
  if (group === undefined) throw new Error(`codegen: ${JSON.stringify(name)} is no built-in`);
  return cx.em.hoist("b", `rt.builtinOf(rt.${group}, ${cx.em.lit(name)})`);
}

function emitName(name: string, ref: NameRef | undefined, scope: Scope, cx: ExprContext): string {
  if (ref) {
    const id = scope.lookup(refKey(ref)) ?? (ref.kind === "builtin" ? hoistBuiltin(ref.name, cx) : undefined);
    // Inside a filter, the items' context entries (the innermost filter's first) shadow names from
    // outside; `item` itself is shadowed by its own filter's item only.
    const items = ref.kind !== "local" ? scope.shadowingItems : ref.name === "item" && scope.shadowing ? [scope.shadowing] : [];
    if (id && items.length > 0) return items.reduceRight((outer, item) => `rt.entryOr(${item}, ${cx.em.lit(name)}, ${outer})`, id);
    if (id) return id;
  }
  // Inside a filter, a name the analyser could not resolve is an entry of the item context; inside
  // a filter within a filter, an item without that entry leaves the name to the outer item.
  if (scope.item) {
    const own = emitMember(scope.item, scope.itemType, name, cx.em);
    const outside = scope.outsideItem;
    if (outside?.item == null) return own;
    return `(rt.hasEntry(${scope.item}, ${cx.em.lit(name)}) ? ${own} : ${emitName(name, undefined, outside, cx)})`;
  }
  const local = scope.lookup(`local:${name}`);
  if (local) return local;
  throw new Error(`codegen: unresolved name ${JSON.stringify(name)} in ${cx.where}`);
}

/**
 * A quantifier's one iteration over an input's raw JSON items (codegen/raw-items.ts) when the raw
 * array has items, over its FEEL value otherwise; or undefined.
 */
function rawQuantifiedLoop(
  n: Extract<Expr, { kind: "quantified" }>,
  scope: Scope,
  cx: ExprContext,
  r: string,
  judged: string,
): string | undefined {
  const source = emitExpr(n.iterations[0]!.source, scope, cx);
  const raw = rawQuantified(n, source, scope, cx);
  if (!raw) return undefined;
  const [list, v, i] = [cx.em.fresh("L"), cx.em.fresh("v"), cx.em.fresh("ix")];
  const inner = scope.child().bind("local", n.iterations[0]!.name, v);
  const satisfies = emitExpr(n.satisfies, inner, cx);
  const fast = rawLoop(raw, v, r, i, satisfies, () => judged, cx);
  const slow = `const ${list} = rt.iter(${source}); for (const ${v} of ${list}) { rt.tick(); const ${r} = ${satisfies}; ${judged} }`;
  return `if (${raw.input.array} !== null) { ${fast} } else { ${slow} }`;
}

/**
 * Nested `for...of` loops binding each iteration variable; `body` is emitted in the innermost scope.
 * Emitted inside a function: an iteration range whose endpoints are not two integers or two dates
 * makes the whole expression null.
 */
function nestLoops(iterations: Iteration[], scope: Scope, cx: ExprContext, body: (inner: Scope) => string): string {
  // each iteration wraps the loops inside it
  const loops: ((inner: string) => string)[] = [];
  let inner = scope;
  for (const it of iterations) {
    const v = cx.em.fresh("v");
    if (it.to) {
      const r = cx.em.fresh("r");
      const ends = `${emitExpr(it.source, inner, cx)}, ${emitExpr(it.to, inner, cx)}`;
      // a variable that nothing inside reads (its id absent from the code): passes with no value made
      const iterate = (x: string) => (new RegExp(`\\b${v}\\b`).test(x) ? "iterRange" : "iterPasses");
      loops.push((x) => `{ const ${r} = rt.${iterate(x)}(${ends}); if (${r} === null) return null; for (const ${v} of ${r}) ${x} }`);
      inner = inner.child().bind("local", it.name, v);
      continue;
    }
    const source = emitExpr(it.source, inner, cx);
    // over an input's raw items: each item converted only when the body reads it whole
    const raw = rawIteration(it.rawItems, source, inner, cx);
    loops.push(raw ? raw.loop : (x) => `for (const ${v} of rt.iter(${source})) ${x}`);
    inner = inner.child().bind("local", it.name, raw ? raw.value : v);
  }
  return loops.reduceRight((x, loop) => loop(x), body(inner));
}

/**
 * `instance of` tests the base type: allowed values and constraints restrict what a model accepts,
 * not what kind of value something is.
 */
function baseType(t: Type): Type {
  if (t.kind === "choice" || t.kind === "levels") return { kind: "string" };
  if (t.kind === "list") return { kind: "list", element: baseType(t.element) };
  if ("constraint" in t && t.constraint) return { ...t, constraint: undefined };
  return t;
}

const LITERAL_KINDS = new Set(["number", "string", "boolean", "null", "temporal"]);

/** The first key a context literal writes twice, if any. */
/**
 * `{a: .., b: ..}.b`: the entries evaluated in order as for the context, the size the context
 * would count charged, and the one entry read without making the context; undefined when the
 * literal has no entry of that name, or two of one name (then the context is the problem).
 */
function contextEntry(n: Extract<Expr, { kind: "context" }>, member: string, scope: Scope, cx: ExprContext): string | undefined {
  if (duplicateKey(n) !== undefined || !n.entries.some((e) => e.key === member)) return undefined;
  const inner = scope.child();
  const lines: string[] = [];
  let picked = "";
  for (const e of n.entries) {
    const value = emitExpr(e.value, inner, cx);
    // an entry that only reads a name is that name, read where it is used
    const id = readsOnly(value) ? value : cx.em.fresh("e");
    if (id !== value) lines.push(`const ${id} = ${value};`);
    inner.bind("local", e.key, id);
    if (e.key === member) picked = id;
  }
  const charge = `rt.charge(${CONTAINER_SIZE + n.entries.length})`;
  if (lines.length === 0) return `(${charge}, ${picked})`;
  return `(() => { ${declarationBlocks(lines, `${charge}; return ${picked};`)} })()`;
}

function duplicateKey(n: Extract<Expr, { kind: "context" }>): string | undefined {
  const seen = new Set<string>();
  for (const { key } of n.entries) {
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}

/** A value built from literals only: evaluated once at load time (FEEL values are immutable). */
export function isLiteralTree(e: Expr | null): boolean {
  if (e === null || LITERAL_KINDS.has(e.kind)) return true;
  switch (e.kind) {
    case "negate":
      return e.operand.kind === "number";
    case "list":
      return e.items.every(isLiteralTree);
    case "range":
      return isLiteralTree(e.start) && isLiteralTree(e.end);
    case "context":
      return duplicateKey(e) === undefined && e.entries.every((x) => isLiteralTree(x.value));
    default:
      return false;
  }
}

/** `sublist(l, 1, n)` of the built-in, as the argument of `sum`: the sum of a prefix. */
function prefixOf(e: Expr, scope: Scope): Extract<Expr, { kind: "call" }> | undefined {
  if (e.kind !== "call" || e.named || e.args.length !== 3 || e.callee.kind !== "name") return undefined;
  const [ref, start] = [e.callee.ref, e.args[1]!];
  const builtin = ref?.kind === "builtin" && ref.name === "sublist" && scope.lookup(refKey(ref)) === undefined;
  return builtin && start.kind === "number" && start.value === "1" ? e : undefined;
}

/** A literal integer scale that decimal.js rounds to directly (0 to 22 places). */
function literalPlaces(e: Expr | undefined): number | undefined {
  if (e?.kind !== "number" || !/^\d+$/.test(e.value)) return undefined;
  const places = Number(e.value);
  return places <= 22 ? places : undefined;
}

const HOISTABLE = new Set(["negate", "list", "range", "context"]);

/** A call of a pure built-in on literals, such as `duration("P30D")`: computed once at load time. */
function isConstantCall(e: Expr): boolean {
  if (e.kind !== "call" || e.callee.kind !== "name" || e.callee.ref?.kind !== "builtin") return false;
  if (builtinDef(e.callee.ref.name)?.impure) return false;
  // made once only when it says nothing: `modulo(1, 0)` says "division by zero" each time it runs
  return (e.named ? e.named.every((a) => isLiteralTree(a.value)) : e.args.every(isLiteralTree)) && constantCallQuiet(e.callee.ref.name, e);
}

/**
 * Sites of decimal arithmetic counted at run time, for bench/decimal-reasons.ts: while `sites` is a
 * list, each operator, negation and number built-in not certified (`count` aside) is pushed there
 * and its code reports to `rt.probe(site, value)`, which only that bench's loader gives (the code
 * does not pass verify.ts). Left unset, codegen is unchanged.
 */
export const decimalProbe: { sites?: Expr[] } = {};
function probed(node: Expr, code: string): string {
  const sites = decimalProbe.sites;
  if (!sites || node.type?.kind !== "number" || !(node.kind === "arith" || node.kind === "negate" || uncertifiedNumberCall(node)))
    return code;
  sites.push(node);
  return `rt.probe(${sites.length - 1}, ${code})`;
}

const uncertifiedNumberCall = (n: Expr): boolean =>
  n.kind === "call" &&
  !n.inlined &&
  !n.certified &&
  n.callee.kind === "name" &&
  n.callee.ref?.kind === "builtin" &&
  n.callee.ref.name !== "count";

const JS_COMPARE = { "=": "===", "!=": "!==", "<": "<", "<=": "<=", ">": ">", ">=": ">=" } as const;

/**
 * A number input compared with a number literal or another number input, on the inputs' raw JSON
 * doubles where those are finite numbers: exactly FEEL's answer on the decimals the loader reads,
 * when the literal is the shortest form of its double (docs/numbers.md, "JSON numbers compared as
 * doubles", whose argument gives sign(D(x) − D(y)) = sign(x − y) for two inputs as well);
 * undefined otherwise, where the comparison is made on the decimals.
 */
function rawComparison(n: Extract<Expr, { kind: "compare" }>, left: string, right: string, cx: ExprContext): string | undefined {
  const rawOf = (e: Expr, code: string) => (e.kind === "name" ? cx.rawNumbers?.get(code) : undefined);
  const raws = [rawOf(n.left, left), rawOf(n.right, right)];
  const [a, b] = [raws[0] ?? exactNumber(n.left), raws[1] ?? exactNumber(n.right)];
  if (a === null || b === null || raws.every((r) => r === undefined)) return undefined;
  const finite = raws.flatMap((r) => (r === undefined ? [] : [`typeof ${r} === "number" && ${r} - ${r} === 0`]));
  return `(${finite.join(" && ")} ? ${a} ${JS_COMPARE[n.op]} ${b} : undefined)`;
}

/** A context of these (distinct) names and the values of these expressions: its names hoisted, one array every call shares. */
export const contextOf = (names: readonly string[], values: readonly string[], cx: ExprContext): string =>
  `rt.contextOf(${cx.em.data("N", names)}, [${values.join(", ")}])`;

export function emitExpr(node: Expr, scope: Scope, cx: ExprContext): string {
  const keep = kept.get(node);
  if (keep) return emitKept(node, keep, scope, cx);
  const emit = emitters[node.kind] as Emit<typeof node.kind>;
  const code = emit(node as never, scope, cx);
  // Inside a filter a callee's name may be an entry of the item (`orders[date(...) > x]`): the call
  // reads the item, so it is not a constant there.
  const constant = (HOISTABLE.has(node.kind) && isLiteralTree(node)) || (isConstantCall(node) && scope.shadowingItems.length === 0);
  if (!constant) return probed(node, code);
  // a list or context is marked, so that returning it as JSON copies a form made once (runtime/json.ts)
  return cx.em.hoist("c", node.kind === "list" || node.kind === "context" ? `rt.constant(${code})` : code);
}

// ---- unary tests ----
