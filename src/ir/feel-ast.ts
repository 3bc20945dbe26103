// The FEEL abstract syntax tree (DMN 1.5, chapter 10). One shape for expressions and unary tests.
// Every node carries the span of its source text. The analyser fills `ref` on names and `type`
// on every node; the optimiser and codegen read them.
import type { Span } from "./diagnostics.js";
import type { Type } from "./types.js";

interface Base {
  span: Span;
  /** inferred static type, filled by the analyser */
  type?: Type;
}

export type Expr =
  | NumberLit
  | StringLit
  | BooleanLit
  | NullLit
  | TemporalLit
  | Name
  | InputValue
  | Path
  | Filter
  | Call
  | Negate
  | Arith
  | Compare
  | Logical
  | Between
  | In
  | InstanceOf
  | If
  | For
  | Quantified
  | ListLit
  | ContextLit
  | RangeLit
  | FunctionDef;

/** decimal literal text as written, e.g. "0.1", ".5", "1e3" is not FEEL */
interface NumberLit extends Base {
  kind: "number";
  value: string;
}
export interface StringLit extends Base {
  kind: "string";
  value: string;
}
interface BooleanLit extends Base {
  kind: "boolean";
  value: boolean;
}
interface NullLit extends Base {
  kind: "null";
}
/** @"2020-01-01", @"P1D", @"10:00:00@Europe/Paris": the string, parsed at analysis */
interface TemporalLit extends Base {
  kind: "temporal";
  value: string;
}

/** What a name refers to, resolved by the analyser. */
export type NameRef =
  | { kind: "input"; name: string }
  | { kind: "decision"; name: string }
  | { kind: "function"; name: string }
  | { kind: "let"; name: string }
  | { kind: "param"; name: string }
  /** a name bound inside the expression: for/some/every variable, context entry, lambda param, item */
  | { kind: "local"; name: string }
  | { kind: "builtin"; name: string };

/** A (possibly multi-word) name, e.g. `Monthly Salary`, `date and time`. */
export interface Name extends Base {
  kind: "name";
  name: string;
  ref?: NameRef;
}
/** `?` in a unary test: the value under test. */
interface InputValue extends Base {
  kind: "input-value";
}
/** `base.member`; over a list it maps the member over the items. */
interface Path extends Base {
  kind: "path";
  base: Expr;
  member: string;
  /** as on Filter: the base is such an input, whose items' declared field codegen may read raw */
  rawItems?: boolean;
}
/** `base[filter]`: a boolean filter (with `item` and context-entry names in scope) or an index. */
export interface Filter extends Base {
  kind: "filter";
  base: Expr;
  filter: Expr;
  /**
   * Set by the optimiser when the base is an input whose declared type is a list of structs: codegen
   * may test the condition on the raw JSON items (optimise/raw-items.ts, codegen/raw-items.ts).
   */
  rawItems?: boolean;
}
export interface Call extends Base {
  kind: "call";
  callee: Expr;
  args: Expr[];
  /** set instead of args for named invocation: f(a: 1, b: 2) */
  named?: { name: string; value: Expr; span: Span }[];
  /**
   * Set by the optimiser on `decimal(x, 2)` and the other roundings to literal places whose `x` is
   * arithmetic on numbers that JS doubles may work out with a certified error bound
   * (optimise/certify.ts, runtime/certified.ts).
   */
  certified?: boolean;
  /** as on Filter: `count(l)` of such an input, which codegen may count from the raw JSON array */
  rawItems?: boolean;
  /**
   * Set by the optimiser on a call of one of the model's small non-recursive functions
   * (optimise/inline.ts): its body, for codegen to emit at the call site in place of the call.
   */
  inlined?: Inlined;
  /**
   * Set by the optimiser beside `certified` when the rounded value is such an inlined call whose
   * arguments are names and literals: the body with the arguments in place of the parameters,
   * which the certified doubles work out (the exact path still runs the call). On an inlined call
   * whose body is such a rounding: that rounding with the call's arguments in place of the
   * parameters, as if written where the call is.
   */
  certifiedForm?: Expr;
}

/**
 * A function's body copied to one call site (`function` names the function): each argument is
 * bound, in order, to the name in `params` (the parameter references of the body renamed so);
 * `type` on a parameter is its declared type (an argument that does not conform makes the call
 * null, as the call itself does), `type` here the declared result type the body's value is
 * converted to.
 */
export interface Inlined {
  function: string;
  params: { id: string; type: Type }[];
  body: Expr;
  type: Type;
}
interface Negate extends Base {
  kind: "negate";
  operand: Expr;
}
interface Arith extends Base {
  kind: "arith";
  op: "+" | "-" | "*" | "/" | "**";
  left: Expr;
  right: Expr;
}
export interface Compare extends Base {
  kind: "compare";
  op: "=" | "!=" | "<" | "<=" | ">" | ">=";
  left: Expr;
  right: Expr;
  /**
   * Set by the optimiser when both sides are arithmetic JS doubles may work out with a certified
   * error bound and one of them is slow on decimals (optimise/certify.ts): the doubles decide the
   * comparison where the bounds keep the two sides apart (runtime/certified.ts `certCompare`).
   */
  certified?: boolean;
  /**
   * Set beside `certified` when a side holds calls of inlined functions: the two sides with each
   * such call replaced by the function's body worked out from its arguments, which the certified
   * doubles work out (the exact path still runs the calls).
   */
  certifiedSides?: [Expr, Expr];
}
interface Logical extends Base {
  kind: "logical";
  op: "and" | "or";
  left: Expr;
  right: Expr;
  /**
   * Set by the optimiser when the connective's operands are comparisons the certified doubles
   * decide, names and connectives of such, one of them slow on decimals (optimise/certify.ts): the
   * doubles decide where every bound allows (runtime/certified.ts `certDecide`).
   */
  certified?: boolean;
  /** Set beside `certified` when an operand holds calls of inlined functions: the connective with their bodies in place (as Compare's `certifiedSides`). */
  certifiedForm?: Expr;
}
export interface Between extends Base {
  kind: "between";
  value: Expr;
  low: Expr;
  high: Expr;
}
/** `value in tests`: `x in [1..5]`, `x in (1, 2, 3)`, `x in < 10` */
interface In extends Base {
  kind: "in";
  value: Expr;
  tests: UnaryTests;
}
export interface InstanceOf extends Base {
  kind: "instance-of";
  value: Expr;
  of: TypeExpr;
}
export interface If extends Base {
  kind: "if";
  cond: Expr;
  then: Expr;
  else: Expr;
}
export interface Iteration {
  name: string;
  /** `in source`, or `in start..end` (integer range iteration) */
  source: Expr;
  to?: Expr;
  span: Span;
  /** as on Filter: the source is an input whose declared type is a list of structs, whose items codegen may read raw */
  rawItems?: boolean;
}
export interface For extends Base {
  kind: "for";
  iterations: Iteration[];
  body: Expr;
  /**
   * Set by the optimiser on `for i in 1..count(l) return sum(sublist(l, 1, i))`, the running totals
   * of l, built in one pass (optimise/running-totals.ts, runtime/prefix-sums.ts).
   */
  runningTotals?: boolean;
}
export interface Quantified extends Base {
  kind: "quantified";
  quantifier: "some" | "every";
  iterations: Iteration[];
  satisfies: Expr;
  /** as on Filter: the one iteration's source is an input whose declared type is a list of structs */
  rawItems?: boolean;
}
interface ListLit extends Base {
  kind: "list";
  items: Expr[];
}
export interface ContextLit extends Base {
  kind: "context";
  entries: { key: string; value: Expr; span: Span }[];
}
/** `[a..b]`, `(a..b)`, `]a..b[`, and the DMN 1.5 open forms `< 10`, `>= x` used as values */
export interface RangeLit extends Base {
  kind: "range";
  startIncluded: boolean;
  start: Expr | null;
  end: Expr | null;
  endIncluded: boolean;
  /**
   * DMN 1.5 `=e` and `!=e` used as values (`(=10).start`): start and end are the same node `e`,
   * both included for `=` and both excluded for `!=`. Such a range is not equal to `[e..e]`.
   */
  test?: "=" | "!=";
}
export interface FunctionDef extends Base {
  kind: "function";
  params: { name: string; type?: TypeExpr; span: Span }[];
  body: Expr;
  /** `function(...) external {...}`: body is the context describing the external function */
  external?: boolean;
}

// ---- unary tests (decision table input cells, `in` right-hand sides) ----

/**
 * A cell such as `< 10, [20..30], "x"` is a list of tests, any of which may match.
 * `-` matches anything; `not(...)` negates a list of tests.
 */
export type UnaryTests =
  { kind: "any"; span: Span } | { kind: "tests"; tests: UnaryTest[]; span: Span } | { kind: "not"; tests: UnaryTest[]; span: Span };

export type UnaryTest =
  /** `< e`, `<= e`, `> e`, `>= e`, `= e`, `!= e` against the input value */
  | { kind: "compare"; op: "<" | "<=" | ">" | ">=" | "=" | "!="; value: Expr; span: Span }
  /** `[a..b]` and friends */
  | { kind: "range"; range: RangeLit; span: Span }
  /**
   * A plain expression: matches when input = value, or when value is a list containing the input,
   * a range containing it, or `true` (expressions using `?`), per DMN 1.5 10.3.2.9.
   */
  | { kind: "expr"; value: Expr; span: Span };

// ---- type expressions (`instance of`, typed function parameters) ----

export type TypeExpr =
  | { kind: "named"; name: string; span: Span }
  | { kind: "list"; element: TypeExpr; span: Span }
  | { kind: "range"; element: TypeExpr; span: Span }
  | { kind: "context"; fields: { name: string; type: TypeExpr }[]; span: Span }
  | { kind: "function"; params: TypeExpr[]; result: TypeExpr; span: Span };
