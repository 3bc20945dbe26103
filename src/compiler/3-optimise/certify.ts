// Marks the comparisons of two such expressions (`a / 7 + b < c`), the connectives `and`, `or`,
// `not` and `between` of such comparisons, and the roundings to literal places (`decimal(x, 2)`,
// `round half up(x, 4)`, ...) whose x pays to work out in certified doubles (runtime/certified.ts)
// — a call of an inlined function whose body is such a rounding too, worked out from the call's
// arguments as if the body were written where the call is:
// + - × ÷ and powers over number literals and names, entries of structs (`applicant.income`, a
// loop's `v.amount`), `abs`, `floor`, `ceiling`, `modulo`, `min`, `max`, `sqrt`, roundings to
// literal places inside the value, `if` on a condition of comparisons, names and connectives,
// calls of inlined functions (replaced by their bodies), a context's entry (`{p: x / 3, q: p + y}.q`,
// replaced by its value with the entries before it in place), list items `l[i]`, `count(l)`, `sum(l)`
// and sums of `for` loops over a range or a list (`sum(for i in 1..count(l) return l[i] / (1 + r)
// ** i)`), with at least one operation but a quotient at the top (which rounds exactly in one
// step already).
// Codegen keeps the exact path for values the doubles cannot certify.
import type { Call, ContextLit, Expr, For } from "../../ir/feel-ast.js";
import type { FirstLet, LetIR, ModelIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import { ROUNDING_MODES } from "../../runtime/builtins/number.js";
import { forEachExpr, holds, walk } from "./walk.js";

const LEAVES = new Set(["input", "decision", "let", "param", "local"]);
/** Local names that mean something else inside a loop or a filter: read from outside they would be wrong. */
const BOUND_INSIDE = new Set(["item", "partial"]);

/** A name whose value the program reads as an operand: anything in scope but its own loop variables. */
export function isOperandName(e: Expr, loops: readonly string[]): boolean {
  if (e.kind !== "name" || e.ref === undefined || !LEAVES.has(e.ref.kind)) return false;
  return e.ref.kind !== "local" || !(loops.includes(e.name) || BOUND_INSIDE.has(e.name));
}

/** A variable of one of the program's own loops (innermost last in `loops`). */
export const isLoopVariable = (e: Expr, loops: readonly string[]): boolean =>
  e.kind === "name" && e.ref?.kind === "local" && loops.includes(e.name);

/** `sum(...)` or `count(...)` of the built-ins, with one positional argument: its name, else undefined. */
export function aggregateOf(e: Call): "sum" | "count" | undefined {
  const ref = e.callee.kind === "name" ? e.callee.ref : undefined;
  if (e.named || e.args.length !== 1 || ref?.kind !== "builtin") return undefined;
  return ref.name === "sum" || ref.name === "count" ? ref.name : undefined;
}

/** `min(l)` or `max(l)` of the built-ins with one positional argument (a list's least or greatest item): its name, else undefined. */
export function listExtremeOf(e: Expr): "min" | "max" | undefined {
  const fn = builtinCalled(e);
  return (fn === "min" || fn === "max") && (e as Call).args.length === 1 ? fn : undefined;
}

/** The names of the decisions some other decision reads (or requires). */
export const readDecisions = (ir: ModelIR): Set<string> => new Set(ir.decisions.flatMap((d) => [...d.deps, ...(d.requires ?? [])]));

/** The name of a built-in called with positional arguments, else undefined. */
export function builtinCalled(e: Expr): string | undefined {
  if (e.kind !== "call" || e.named || e.callee.kind !== "name" || e.callee.ref?.kind !== "builtin") return undefined;
  return e.callee.ref.name;
}

/** Built-ins of one number the code holds, and how many arguments each takes (min and max: two or more). */
export const NUMBER_BUILTINS: Readonly<Record<string, (n: number) => boolean>> = {
  abs: (n) => n === 1,
  floor: (n) => n === 1,
  ceiling: (n) => n === 1,
  modulo: (n) => n === 2,
  min: (n) => n >= 2,
  max: (n) => n >= 2,
  sqrt: (n) => n === 1,
};

/** Places of a rounding inside the code: a literal whole number from 0 to 15 (10^places is an exact double). */
export function innerPlaces(e: Expr): number | undefined {
  const fn = builtinCalled(e);
  if (fn === undefined || ROUNDING_MODES[fn] === undefined) return undefined;
  const args = (e as Call).args;
  const places = args[1]?.kind === "number" ? Number(args[1].value) : NaN;
  return args.length === 2 && Number.isInteger(places) && places >= 0 && places <= 15 ? places : undefined;
}

/** `not(c)` of the built-in, with one positional argument. */
export const isNot = (e: Expr): e is Call => builtinCalled(e) === "not" && (e as Call).args.length === 1;

/** A struct's entry the code reads (`applicant.income`, `v.amount`): of an operand, a loop's variable, or such an entry. */
function isEntry(e: Expr, loops: readonly string[]): boolean {
  if (e.kind !== "path") return false;
  return isOperandName(e.base, loops) || isLoopVariable(e.base, loops) || isEntry(e.base, loops);
}

/** Whether e holds a loop (`sum(for ...)`), whose passes are budget steps. */
export const holdsLoop = (e: Expr): boolean => holds(e, (n) => n.kind === "for");

/** What the certified code can hold (codegen/certified-code.ts); `loops` are the variables of its own loops. */
function certifiable(e: Expr, loops: readonly string[]): boolean {
  switch (e.kind) {
    case "number":
      return true;
    case "name":
      return isLoopVariable(e, loops) || isOperandName(e, loops);
    case "path":
      return isEntry(e, loops);
    case "negate":
      return certifiable(e.operand, loops);
    case "arith":
      return certifiable(e.left, loops) && certifiable(e.right, loops);
    case "filter":
      return isOperandName(e.base, loops) && certifiable(e.filter, loops);
    case "if":
      // both branches are worked out and one is chosen, or, with a loop in one (its passes budget
      // steps), only the chosen one (codegen/certified-code.ts)
      return certifiableCondition(e.cond, loops) && [e.then, e.else].every((b) => certifiable(b, loops));
    case "call": {
      // (floor and ceiling with places are roundings)
      if (innerPlaces(e) !== undefined) return certifiable(e.args[0]!, loops);
      const arity = NUMBER_BUILTINS[builtinCalled(e) ?? ""];
      if (arity) return arity(e.args.length) && e.args.every((a) => certifiable(a, loops));
      return aggregateOf(e) !== undefined && certifiableArgument(e.args[0]!, aggregateOf(e) === "sum", loops);
    }
    default:
      return false;
  }
}

/**
 * A condition the code decides: a comparison of two such values, `between` of three, a name or a
 * boolean literal (true, false, or anything else: null), and `and`, `or` and `not` of such.
 */
function certifiableCondition(c: Expr, loops: readonly string[]): boolean {
  switch (c.kind) {
    case "compare":
      return certifiable(c.left, loops) && certifiable(c.right, loops);
    case "between":
      return [c.value, c.low, c.high].every((x) => certifiable(x, loops));
    case "logical":
      return certifiableCondition(c.left, loops) && certifiableCondition(c.right, loops);
    case "boolean":
      return true;
    default:
      return isNot(c) ? certifiableCondition(c.args[0]!, loops) : isOperandName(c, loops);
  }
}

/** A list named from outside, or for `sum` a `for` over one range or named list whose body is certifiable. */
function certifiableArgument(x: Expr, sum: boolean, loops: readonly string[]): boolean {
  if (isOperandName(x, loops)) return true;
  if (!sum || x.kind !== "for" || x.iterations.length !== 1) return false;
  const it = x.iterations[0]!;
  if (BOUND_INSIDE.has(it.name)) return false;
  const source = it.to ? certifiable(it.source, loops) && certifiable(it.to, loops) : isOperandName(it.source, loops);
  return source && certifiable(x.body, [...loops, it.name]);
}

/** A power anywhere, a loop, a modulo, or a quotient below the top (a top-level quotient rounds exactly in one step already). */
function pays(e: Expr, top: boolean): boolean {
  switch (e.kind) {
    case "negate":
      return pays(e.operand, false);
    case "arith":
      return e.op !== "/" || !top || pays(e.left, false) || pays(e.right, false);
    case "filter":
      return pays(e.filter, false);
    case "if":
      return true;
    case "compare":
      return pays(e.left, false) || pays(e.right, false);
    case "between":
      return [e.value, e.low, e.high].some((x) => pays(x, false));
    case "logical":
      return pays(e.left, false) || pays(e.right, false);
    case "call": {
      // a square root is long division on decimals; a rounding inside pays only as what it rounds
      // does (`decimal(x, 0) + y` is integer work on the decimals, measured 4× slower certified)
      const costly = ["modulo", "sqrt"].includes(builtinCalled(e) ?? "");
      return e.args[0]?.kind === "for" || costly || e.args.some((a) => pays(a, false));
    }
    default:
      return false;
  }
}

function mark(e: Expr): void {
  // a connective of comparisons: its three values decided by the doubles where every bound allows
  if (e.kind === "logical") {
    const form = expand(e, true);
    if (form && certifiableCondition(form, []) && pays(form, true)) {
      e.certified = true;
      if (form !== e) e.certifiedForm = form;
    }
    return;
  }
  // a comparison of two such sides: decided by the doubles where their bounds keep them apart
  if (e.kind === "compare") {
    const sides = [expand(e.left, true), expand(e.right, true)];
    if (sides.every((s) => s !== undefined && certifiable(s, [])) && sides.some((s) => pays(s!, true))) {
      e.certified = true;
      if (sides[0] !== e.left || sides[1] !== e.right) e.certifiedSides = sides as [Expr, Expr];
    }
    return;
  }
  // a call of an inlined function whose body is such a rounding: worked out from the call's
  // arguments, as if the body were written where the call is (the call made where the doubles cannot decide)
  if (e.kind === "call" && e.inlined) {
    const form = expand(e, true);
    if (form && innerPlaces(form) !== undefined && certifiable(form, []) && pays((form as Call).args[0]!, true)) {
      e.certified = true;
      e.certifiedForm = form;
    }
    return;
  }
  if (e.kind === "call" && !e.named && e.callee.kind === "name" && e.callee.ref?.kind === "builtin") {
    const [x, places] = e.args;
    const rounding = ROUNDING_MODES[e.callee.ref.name] !== undefined && e.args.length === 2;
    if (!rounding || places?.kind !== "number" || !x) return;
    // inlined functions' arithmetic, worked out from the calls' arguments
    const form = expand(x, true);
    if (form && certifiable(form, []) && pays(form, true)) {
      e.certified = true;
      if (form !== x) e.certifiedForm = form;
    }
  }
}

/** A number type with no condition, or any: a number conforms to it as it is. */
export const plainNumber = (t: Type): boolean => t.kind === "any" || (t.kind === "number" && !t.constraint);

/** e with each of its parts mapped by f (undefined when f refuses one); e itself when none changed. */
function mapParts(e: Expr, f: (x: Expr) => Expr | undefined): Expr | undefined {
  switch (e.kind) {
    case "negate": {
      const operand = f(e.operand);
      return operand === e.operand ? e : operand && { ...e, operand };
    }
    case "arith":
    case "compare":
    case "logical": {
      const [left, right] = [f(e.left), f(e.right)];
      return left === e.left && right === e.right ? e : left && right && { ...e, left, right };
    }
    case "between": {
      const [value, low, high] = [f(e.value), f(e.low), f(e.high)];
      const same = value === e.value && low === e.low && high === e.high;
      return same ? e : value && low && high && { ...e, value, low, high };
    }
    case "path": {
      const base = f(e.base);
      return base === e.base ? e : base && { ...e, base };
    }
    case "if": {
      const [cond, then, other] = [f(e.cond), f(e.then), f(e.else)];
      return cond === e.cond && then === e.then && other === e.else ? e : cond && then && other && { ...e, cond, then, else: other };
    }
    case "call": {
      const args = e.args.map(f);
      if (args.some((a) => a === undefined)) return undefined;
      return args.every((a, i) => a === e.args[i]) ? e : { ...e, args: args as Expr[] };
    }
    default:
      return e;
  }
}

/**
 * e with every call of an inlined function replaced by its body worked out from the call's
 * arguments (inlinedForm), when the certified doubles may hold it so; undefined when one may not.
 * Loops are left as they are (the `for` of `sum(for ...)`; only the contexts of their bodies are
 * put in place, `loopWithEntries`): no call inside them is replaced. `loops` allows them, in e and
 * in the bodies of the functions it calls; without it the form holds none (an entry or a let put
 * in place of each of its names must not walk a loop twice).
 */
export function expand(e: Expr, loops: boolean): Expr | undefined {
  const form = expandedParts(e, loops);
  return form && nodesOf(form) <= MOST_FORM_NODES ? form : undefined;
}

/**
 * The most nodes a form `expand` makes may hold, each counted as often as it is reached: the entries
 * of a context and the arguments of an inlined call are put in place of their names, so a name read
 * twice doubles what stands for it (`{a: n, b: a + a, c: b + b, …}.z`, `f(f(f(n)))` with `f(x) = x +
 * x`), and the form, walked by the passes and written out as code, doubles with each. Past it the
 * value stays on the exact path (measured: 16 such doublings took the compile past a minute).
 */
const MOST_FORM_NODES = 2_000;

const counted = new WeakMap<object, number>();

/** The nodes of e as a tree (a node reached twice counted twice), counted once per node shared. */
function nodesOf(e: Expr): number {
  const seen = counted.get(e);
  if (seen !== undefined) return seen;
  let n = 1;
  for (const [key, child] of Object.entries(e)) {
    if (key === "type" || key === "span" || key === "ref" || key === "of" || !child || typeof child !== "object") continue;
    for (const c of Array.isArray(child) ? child : [child]) {
      if (!c || typeof c !== "object") continue;
      // iterations, named arguments and context entries hold their expressions one level down
      const inner = "kind" in c && "span" in c ? [c] : Object.values(c as object).filter((v) => v && typeof v === "object" && "span" in v);
      for (const x of inner) n = Math.min(Number.MAX_SAFE_INTEGER, n + nodesOf(x as Expr));
    }
  }
  counted.set(e, n);
  return n;
}

function expandedParts(e: Expr, loops: boolean): Expr | undefined {
  if (e.kind === "call" && e.inlined) return inlinedForm(e, loops);
  if (e.kind === "path" && e.base.kind === "context") return entryForm(e.base, e.member);
  if (e.kind === "number" || e.kind === "name" || e.kind === "boolean" || e.kind === "string") return e;
  if (e.kind === "call" && (aggregateOf(e) !== undefined || listExtremeOf(e) !== undefined)) return loops ? loopWithEntries(e) : undefined;
  if (e.kind === "filter") return loops ? e : undefined;
  const parts = ["negate", "arith", "compare", "if", "logical", "between", "path"];
  if (!parts.includes(e.kind) && builtinCalled(e) === undefined) return undefined;
  return mapParts(e, (x) => expand(x, loops));
}

/**
 * An aggregate of a `for` whose body's contexts are put in place as `entryForm` puts them outside
 * loops (`sum(for o in 2..8 return {a: 16, b: p - a}.b)`: `p - 16` each pass; the names put there
 * are the body's own, so no loop variable is taken for another). Left as it is when the body calls
 * an inlined function, whose steps the decimals charge on every pass (a form's calls are charged
 * once, `inlinedCalls`), or when the body is not a form.
 */
function loopWithEntries(e: Call): Expr {
  const loop = e.args[0];
  if (loop?.kind !== "for" || inlinedCalls(loop.body) > 0) return e;
  const body = expand(loop.body, true);
  return body === undefined || body === loop.body ? e : { ...e, args: [{ ...loop, body }] };
}

/**
 * The names of `kind` (a function's parameters, a context's entries) e reads as numbers on every
 * evaluation: in both branches of an `if`, or outside any.
 */
function readAlways(e: Expr, kind: "param" | "local" | "let" = "param"): Set<string> {
  if (e.kind === "name") return new Set(e.ref?.kind === kind ? [e.ref.name] : []);
  if (e.kind === "if") {
    // a name as the condition is tested for true, not read as a number
    const cond = e.cond.kind === "compare" ? readAlways(e.cond, kind) : new Set<string>();
    const [a, b] = [readAlways(e.then, kind), readAlways(e.else, kind)];
    return new Set([...cond, ...[...a].filter((p) => b.has(p))]);
  }
  const all = new Set<string>();
  mapParts(e, (x) => {
    for (const p of readAlways(x, kind)) all.add(p);
    return x;
  });
  return all;
}

/**
 * `{a: x / 3, b: a + y}.b`: the entry `member` of a context literal with the entries before it in
 * place of their names, as an inlined call's body takes its arguments, when the certified doubles
 * may work it out from them alone: the keys distinct, every entry but the member's either a number
 * literal or a name read as an operand (whose evaluation meets nothing) or read as a number on every
 * evaluation of the member (directly or through an entry that is), so that what the context's
 * evaluation meets the doubles meet; no entry holds a loop (`expand` without loops: a name put
 * there could be taken for its variable). Undefined otherwise.
 */
function entryForm(c: ContextLit, member: string): Expr | undefined {
  const keys = c.entries.map((x) => x.key);
  const place = new Map(keys.map((k, i) => [k, i]));
  const at = place.get(member) ?? -1;
  if (at < 0 || place.size !== keys.length) return undefined;
  const values = c.entries.map((x) => expand(x.value, false));
  if (values.some((v) => v === undefined)) return undefined;
  // the entries evaluated to work out the member: read always by it or by one that is
  const needed = new Set([member]);
  for (let k = at; k >= 0; k--) {
    if (!needed.has(keys[k]!)) continue;
    for (const n of readAlways(values[k]!, "local")) if ((place.get(n) ?? k) < k) needed.add(n);
  }
  const plain = (v: Expr) => v.kind === "number" || isOperandName(v, []);
  if (!values.every((v, k) => needed.has(keys[k]!) || plain(v!))) return undefined;
  // each entry with the ones before it in place (an entry's name read inside it means an earlier entry, or an outer name)
  const forms = new Map<string, Expr>();
  const substitute = (n: Expr): Expr | undefined =>
    n.kind === "name" && n.ref?.kind === "local" && forms.has(n.ref.name) ? forms.get(n.ref.name) : mapParts(n, substitute);
  for (let k = 0; k <= at; k++) {
    const form = substitute(values[k]!);
    // counted entry by entry: each count then walks only what the entry adds, never a long chain at once
    if (!form || nodesOf(form) > MOST_FORM_NODES) return undefined;
    forms.set(keys[k]!, form);
  }
  return forms.get(member);
}

/**
 * A decision's value with its lets in place of their names (`value`), as a context's entries are
 * put in place (`entryForm`), when the certified doubles may work it out from them alone: every
 * let an expression the code holds, with loops only where `loops` allows them (a let's own names
 * are inputs, decisions and earlier lets, none a loop's variable).
 * FEEL works out every let, read or not, so what the lets' evaluation meets the doubles must meet:
 * a let read as a number on every evaluation of the value (directly or through a let that is) is
 * met there; a number literal or a name read as an operand meets nothing; any other (read in one
 * branch of an `if` only, or not at all) is worked out first (`first`, its lets in place), and
 * where it declines the value declines. A number let holding a loop, or read inside a loop's body
 * (where nothing is put in place), keeps its name: it is worked out once in `first`, and its name
 * read as that value wherever it stands (its passes charged once, as the decimals walk them once).
 * `named`: the forms of those read by name. Undefined otherwise (the lets are then worked out first
 * and read as their values).
 */
export function letsForm(
  lets: readonly LetIR[],
  value: Expr,
  loops = false,
): { value: Expr; first: FirstLet[]; named: Expr[] } | undefined {
  const bodies = lets.map((l) => (l.body.kind === "expr" ? expand(l.body.expr, loops) : undefined));
  const names = lets.map((l) => l.name);
  if (bodies.some((b) => b === undefined) || new Set(names).size !== names.length) return undefined;
  const place = new Map(names.map((n, i) => [n, i]));
  // the lets evaluated to work out the value: read always by it or by a let that is
  const needed = readAlways(value, "let");
  for (let k = lets.length - 1; k >= 0; k--) {
    if (!needed.has(names[k]!)) continue;
    for (const n of readAlways(bodies[k]!, "let")) if ((place.get(n) ?? k) < k) needed.add(n);
  }
  const plain = (v: Expr) => v.kind === "number" || isOperandName(v, []);
  const early = names.filter((n, k) => !needed.has(n) && !plain(bodies[k]!));
  const number = (n: string) => bodies[place.get(n) ?? -1]?.type?.kind === "number";
  // the lets read by name: numbers made by a loop, then those found read inside a loop's body
  const named = new Set(names.filter((n, k) => number(n) && holdsLoop(bodies[k]!)));
  for (;;) {
    // each let with the ones before it in place (a let reads only the lets before it)
    const forms = new Map<string, Expr>();
    const substitute = (n: Expr): Expr | undefined =>
      n.kind === "name" && n.ref?.kind === "let" && forms.has(n.ref.name) && !named.has(n.ref.name)
        ? forms.get(n.ref.name)
        : mapParts(n, substitute);
    for (let k = 0; k < lets.length; k++) {
      const form = substitute(bodies[k]!);
      if (!form || nodesOf(form) > MOST_FORM_NODES) return undefined;
      forms.set(names[k]!, form);
    }
    const form = substitute(value);
    if (!form) return undefined;
    const first = names.filter((n) => named.has(n) || early.includes(n)).map((n) => ({ name: n, form: forms.get(n)! }));
    // a let still read by name that is not worked out first: read inside a loop's body; a loop put
    // in place twice (a list let holding it read twice): the decimals walk it once, and the
    // double-doubles would charge its passes to the budget at each place
    const left = new Set<string>();
    const walked = new Set<Expr>();
    let twice = false;
    for (const f of [form, ...first.map((x) => x.form)])
      walk(f, (n) => {
        if (n.kind === "name" && n.ref?.kind === "let" && !named.has(n.ref.name)) left.add(n.ref.name);
        twice ||= n.kind === "for" && walked.has(n);
        if (n.kind === "for") walked.add(n);
      });
    const byName = first.filter((x) => named.has(x.name)).map((x) => x.form);
    if (left.size === 0) return twice ? undefined : { value: form, first, named: byName };
    if ([...left].some((n) => !number(n))) return undefined;
    for (const n of left) named.add(n);
  }
}

/**
 * The body of an inlined call with its arguments in place of its parameters, when the certified
 * doubles may work it out from them alone: every parameter and the result a number with no
 * condition (the doubles decline any value but a number, which is what the parameter check
 * refuses); every argument a number literal, a name whose value the parameter's check cannot
 * refuse (`numberValued`), or an expression whose parameter the body reads as a number on every
 * evaluation (so that what its evaluation meets, the doubles meet) — once, where it holds a loop
 * (which `loops` must allow); and the body,
 * its own inlined calls replaced so, holding only what the code holds — loops too (`sum(for o in
 * 0..3 return o * p)`) where `loops` allows them and no argument names a local, which a loop of the
 * body could take for its variable. Undefined otherwise.
 */
function inlinedForm(call: Call, loops: boolean): Expr | undefined {
  const inl = call.inlined;
  if (!inl || !plainNumber(inl.type) || call.named) return undefined;
  const args = call.args.map((a) => expand(a, loops));
  const body = expand(inl.body, loops && args.every((a) => a !== undefined && !namesLocal(a)));
  if (!body) return undefined;
  const read = readAlways(body);
  const usable = inl.params.every((p, i) => {
    const a = args[i];
    if (!a || !plainNumber(p.type)) return false;
    // an argument holding a loop stands where its parameter is read: once, on every evaluation, so
    // that its passes are walked once, as the decimals walk them
    if (holdsLoop(a)) return read.has(p.id) && readsOf(body, p.id) === 1;
    // a literal, or a name whose value the parameter's check cannot refuse, may go unread
    const plain = a.kind === "number" || (isOperandName(a, []) && (p.type.kind === "any" || numberValued(a)));
    return plain || read.has(p.id);
  });
  if (!usable || args.length !== inl.params.length) return undefined;
  const byParam = new Map(inl.params.map((p, i) => [p.id, args[i]!]));
  // into the body's loops too: no argument names a local their variables could take
  const substitute = (n: Expr): Expr | undefined => {
    if (n.kind === "name" && n.ref?.kind === "param" && byParam.has(n.ref.name)) return byParam.get(n.ref.name);
    return n.kind === "for" ? loopParts(n, substitute) : mapParts(n, substitute);
  };
  return substitute(body);
}

/** A `for` with its iterations' sources and ends and its body mapped by f (undefined when f refuses one); the loop itself when none changed. */
function loopParts(loop: For, f: (x: Expr) => Expr | undefined): For | undefined {
  const iterations = loop.iterations.map((it) => {
    const [source, to] = [f(it.source), it.to && f(it.to)];
    if (!source || (it.to && !to)) return undefined;
    return source === it.source && to === it.to ? it : { ...it, source, ...(to && { to }) };
  });
  const body = f(loop.body);
  if (!body || iterations.some((it) => it === undefined)) return undefined;
  const same = body === loop.body && iterations.every((it, i) => it === loop.iterations[i]);
  return same ? loop : { ...loop, iterations: iterations as For["iterations"], body };
}

/**
 * A decision's, a let's or a parameter's name typed a number: its value is a number or null (a
 * decision's is checked against its type, a let's is what FEEL's arithmetic makes, a parameter's
 * was checked), which a number parameter's check takes as it is. (An input's is what the state
 * holds: a string there makes the invocation null.)
 */
const numberValued = (a: Expr): boolean =>
  a.kind === "name" && ["decision", "let", "param"].includes(a.ref?.kind ?? "") && a.type?.kind === "number";

/** How often e names parameter `id`. */
function readsOf(e: Expr, id: string): number {
  let n = 0;
  walk(e, (x) => (n += x.kind === "name" && x.ref?.kind === "param" && x.ref.name === id ? 1 : 0));
  return n;
}

/** Whether e names a local (a context's entry, a loop's variable). */
function namesLocal(e: Expr): boolean {
  return holds(e, (n) => n.kind === "name" && n.ref?.kind === "local");
}

/** Inlined calls an evaluation of e makes, each charged to the budget (codegen/inlined.ts), nested ones too. */
export function inlinedCalls(e: Expr): number {
  let calls = 0;
  walk(e, (n) => (calls += n.kind === "call" && n.inlined ? 1 : 0));
  return calls;
}

export const certifyRoundings = (ir: ModelIR): void => forEachExpr(ir, mark);
