// A tree-walking FEEL interpreter (DMN 1.5, chapter 10) over the parser's AST: every node is
// evaluated by one entry of a table keyed by its kind, in a chain of scopes.
import type { Expr, Iteration, TypeExpr } from "../../../src/ir/feel-ast.js";
import { arith, negate } from "./arithmetic.js";
import { builtinValue, callNamed, callPositional, REFERENCE_BUILTINS } from "./builtins.js";
import { compare, equal } from "./compare.js";
import { member } from "./members.js";
import { parseTemporal } from "./temporal.js";
import { matchesTests } from "./unary-tests.js";
import { Num, context, has, isList, isNum, tagOf, type RFunction, type RValue } from "./values.js";

export class Scope {
  constructor(
    private readonly vars: Map<string, RValue>,
    private readonly parent?: Scope,
  ) {}
  static of(entries: Record<string, RValue>): Scope {
    return new Scope(new Map(Object.entries(entries)));
  }
  child(entries: Iterable<[string, RValue]>): Scope {
    return new Scope(new Map(entries), this);
  }
  lookup(name: string): RValue | undefined {
    return this.vars.has(name) ? this.vars.get(name) : this.parent?.lookup(name);
  }
}

/** a name the program uses that nothing binds: the generators never write one */
class UnboundName extends Error {}

const bool = (v: RValue): boolean | null => (typeof v === "boolean" ? v : null);

function and(a: boolean | null, b: boolean | null): boolean | null {
  if (a === false || b === false) return false;
  return a === true && b === true ? true : null;
}
function or(a: boolean | null, b: boolean | null): boolean | null {
  if (a === true || b === true) return true;
  return a === false && b === false ? false : null;
}

const COMPARE: Record<string, (c: number) => boolean> = { "<": (c) => c < 0, "<=": (c) => c <= 0, ">": (c) => c > 0, ">=": (c) => c >= 0 };

export function compareOp(op: string, a: RValue, b: RValue): boolean | null {
  if (op === "=") return equal(a, b);
  if (op === "!=") {
    const e = equal(a, b);
    return e === null ? null : !e;
  }
  const c = compare(a, b);
  return c === null ? null : COMPARE[op]!(c);
}

/** the bindings of `for`/`some`/`every`, each iteration seeing the ones before it */
function* bindings(iterations: Iteration[], scope: Scope): Generator<Scope> {
  if (iterations.length === 0) {
    yield scope;
    return;
  }
  const [first, ...rest] = iterations as [Iteration, ...Iteration[]];
  const source = evaluate(first.source, scope);
  let items: RValue[];
  if (first.to) {
    const to = evaluate(first.to, scope);
    // endpoints that are not integers give nothing to iterate over (the TCK leaves this open)
    if (!isNum(source) || !isNum(to) || !source.isInteger() || !to.isInteger()) return;
    const [a, b] = [source.toNumber(), to.toNumber()];
    const step = a <= b ? 1 : -1;
    items = Array.from({ length: Math.abs(b - a) + 1 }, (_, i) => new Num(a + i * step));
  } else {
    // null iterates over nothing, any other non-list as a one-item list (TCK 1153 cases 003/004
    // are pending a ruling; this is the engine's reading)
    items = isList(source) ? source : source === null ? [] : [source];
  }
  for (const item of items) yield* bindings(rest, scope.child([[first.name, item]]));
}

function filter(base: RValue, f: Expr, scope: Scope): RValue {
  if (base === null) return null;
  const items = isList(base) ? base : [base];
  const itemScope = (item: RValue) =>
    // the item's entries shadow `item` and outer names (docs/conformance.md)
    scope.child([["item", item], ...(item !== null && has(item, "context") ? item.entries : [])]);
  const results = items.map((item) => evaluate(f, itemScope(item)));
  if (results.length > 0 && isNum(results[0]!)) {
    // an index: 1-based, negative from the end
    const i = results[0].toNumber();
    const at = i > 0 ? i - 1 : items.length + i;
    return results[0].isInteger() && i !== 0 && at >= 0 && at < items.length ? items[at]! : null;
  }
  if (items.length === 0) {
    const probe = evaluate(f, itemScope(null));
    return isNum(probe) ? null : [];
  }
  // a condition that is neither boolean nor null makes the filter null
  if (results.some((r) => r !== null && typeof r !== "boolean")) return null;
  return items.filter((_, i) => results[i] === true);
}

function call(e: Extract<Expr, { kind: "call" }>, scope: Scope): RValue {
  const builtin = e.callee.kind === "name" && scope.lookup(e.callee.name) === undefined && e.callee.name in REFERENCE_BUILTINS;
  if (builtin) {
    const name = (e.callee as { name: string }).name;
    if (e.named) return callNamed(name, new Map(e.named.map((a) => [a.name, evaluate(a.value, scope)])));
    return callPositional(
      name,
      e.args.map((a) => evaluate(a, scope)),
    );
  }
  const f = evaluate(e.callee, scope);
  if (f === null || !has(f, "function")) return null;
  if (e.named) {
    const named = new Map(e.named.map((a) => [a.name, evaluate(a.value, scope)]));
    if ([...named.keys()].some((k) => !f.params.includes(k))) return null;
    return f.call(f.params.map((p) => named.get(p) ?? null));
  }
  return f.call(e.args.map((a) => evaluate(a, scope)));
}

function lambda(e: Extract<Expr, { kind: "function" }>, scope: Scope): RFunction {
  const params = e.params.map((p) => p.name);
  return {
    t: "function",
    params,
    call: (args) => {
      if (args.length > params.length) return null;
      const typed = e.params.every((p, i) => !p.type || args[i] === undefined || args[i] === null || instanceOf(args[i]!, p.type));
      return typed ? evaluate(e.body, scope.child(params.map((p, i) => [p, args[i] ?? null]))) : null;
    },
  };
}

const KIND_NAMES = ["number", "string", "boolean", "date", "time", "date and time", "days and time duration", "years and months duration"];
/** `instance of` a named type: a value of that kind (null is an instance of Null only) */
const NAMED_TYPES: Record<string, (v: RValue) => boolean> = {
  Any: (v) => v !== null,
  Null: (v) => v === null,
  ...Object.fromEntries(["context", "list", "range", "function", ...KIND_NAMES].map((k) => [k, (v: RValue) => tagOf(v) === k])),
};

function instanceOf(v: RValue, t: TypeExpr): boolean {
  switch (t.kind) {
    case "named":
      return NAMED_TYPES[t.name]?.(v) ?? false;
    case "list":
      return isList(v) && v.every((x) => x === null || instanceOf(x, t.element));
    case "range":
      return v !== null && has(v, "range") && [v.start, v.end].every((x) => x === null || instanceOf(x, t.element));
    case "context":
      return v !== null && has(v, "context") && t.fields.every((f) => v.entries.has(f.name) && instanceOf(v.entries.get(f.name)!, f.type));
    case "function":
      return v !== null && has(v, "function");
  }
}

type Eval<K extends Expr["kind"]> = (e: Extract<Expr, { kind: K }>, scope: Scope) => RValue;
const EVAL: { [K in Expr["kind"]]: Eval<K> } = {
  number: (e) => new Num(e.value),
  string: (e) => e.value,
  boolean: (e) => e.value,
  null: () => null,
  temporal: (e) => parseTemporal(e.value),
  name: (e, scope) => {
    const v = scope.lookup(e.name);
    if (v !== undefined) return v;
    if (e.name in REFERENCE_BUILTINS) return builtinValue(e.name);
    throw new UnboundName(`unbound name "${e.name}"`);
  },
  "input-value": (_e, scope) => scope.lookup("?") ?? null,
  path: (e, scope) => {
    const base = evaluate(e.base, scope);
    return isList(base) ? base.map((x) => member(x, e.member)) : member(base, e.member);
  },
  filter: (e, scope) => filter(evaluate(e.base, scope), e.filter, scope),
  call,
  negate: (e, scope) => negate(evaluate(e.operand, scope)),
  arith: (e, scope) => arith(e.op, evaluate(e.left, scope), evaluate(e.right, scope)),
  compare: (e, scope) => compareOp(e.op, evaluate(e.left, scope), evaluate(e.right, scope)),
  logical: (e, scope) => {
    const a = bool(evaluate(e.left, scope));
    const b = bool(evaluate(e.right, scope));
    return e.op === "and" ? and(a, b) : or(a, b);
  },
  between: (e, scope) => {
    const v = evaluate(e.value, scope);
    return and(compareOp(">=", v, evaluate(e.low, scope)), compareOp("<=", v, evaluate(e.high, scope)));
  },
  in: (e, scope) => matchesTests(e.tests, evaluate(e.value, scope), scope),
  "instance-of": (e, scope) => instanceOf(evaluate(e.value, scope), e.of),
  // a condition that is neither boolean nor null makes the whole `if` null (docs/conformance.md)
  if: (e, scope) => {
    const cond = evaluate(e.cond, scope);
    if (cond !== null && typeof cond !== "boolean") return null;
    return cond === true ? evaluate(e.then, scope) : evaluate(e.else, scope);
  },
  for: (e, scope) => {
    const out: RValue[] = [];
    for (const s of bindings(e.iterations, scope)) {
      out.push(evaluate(e.body, s));
    }
    return out;
  },
  // `some` is the disjunction of the `satisfies` values, `every` their conjunction (null where
  // neither decides); a value that is neither boolean nor null makes it null (TCK 1153-boxed-some, 006)
  quantified: (e, scope) => {
    const results: RValue[] = [];
    for (const s of bindings(e.iterations, scope)) results.push(evaluate(e.satisfies, s));
    if (results.some((r) => r !== null && typeof r !== "boolean")) return null;
    const decides = e.quantifier === "some";
    if (results.includes(decides)) return decides;
    return results.includes(null) ? null : !decides;
  },
  list: (e, scope) => e.items.map((x) => evaluate(x, scope)),
  context: (e, scope) => {
    const entries: [string, RValue][] = [];
    for (const entry of e.entries) entries.push([entry.key, evaluate(entry.value, scope.child(entries))]);
    return context(entries);
  },
  range: (e, scope) => ({
    t: "range",
    startIncluded: e.startIncluded,
    start: e.start ? evaluate(e.start, scope) : null,
    end: e.end ? evaluate(e.end, scope) : null,
    endIncluded: e.endIncluded,
    startOpen: e.start === null,
    endOpen: e.end === null,
  }),
  function: lambda,
};

export function evaluate(e: Expr, scope: Scope): RValue {
  return (EVAL[e.kind] as Eval<typeof e.kind>)(e as never, scope);
}
