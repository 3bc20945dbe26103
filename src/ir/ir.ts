// The typed intermediate representation: what the analyser produces from content, what the
// optimiser rewrites and what codegen emits. Expressions are FEEL AST nodes with `ref` and `type`
// filled in. Every node keeps its model address (spec 2.13) for diagnostics and receipts.
import type { Expr, UnaryTests } from "./feel-ast.js";
import type { Type } from "./types.js";

export type HitPolicy = "UNIQUE" | "FIRST" | "PRIORITY" | "ANY" | "COLLECT" | "RULE ORDER" | "OUTPUT ORDER";
export type Aggregation = "SUM" | "MIN" | "MAX" | "COUNT";

export interface ModelIR {
  name: string;
  types: Record<string, Type>;
  inputs: InputIR[];
  functions: FunctionIR[];
  /** in dependency (topological) order: each decision after everything it uses */
  decisions: DecisionIR[];
  questions: QuestionIR[];
}

export interface InputIR {
  name: string;
  address: string;
  type: Type;
  desc: string;
  options?: Record<string, string>;
  from?: string;
  threshold?: number;
  blank: boolean;
}

export interface LetIR {
  name: string;
  address: string;
  body: BodyIR;
}

export type BodyIR = { kind: "expr"; expr: Expr; text: string } | { kind: "table"; table: TableIR };

export interface DecisionIR {
  name: string;
  address: string;
  /** declared or inferred result type */
  type: Type;
  /** neither the model, a table's heading nor the decision's question declares a type: `type` is inferred from the expression, whose values are not held to it (codegen/declared.ts) */
  inferred?: true;
  desc?: string;
  lets: LetIR[];
  body: BodyIR;
  /** names of inputs and decisions this decision reads (directly or through lets) */
  deps: string[];
  /** names of functions it calls */
  calls: string[];
  /** the question of the same name, when there is one */
  question?: string;
  /** inputs and decisions that must be established (not null) before this decision is answered */
  requires?: string[];
  /**
   * Set by the optimiser on a number decision whose value is arithmetic certified double-doubles
   * may work out (optimise/certify-output.ts): that arithmetic, its inlined calls replaced by their
   * bodies, from which codegen makes the JSON output without the decimal where the bound decides
   * it (runtime/certified-dd.ts); `read` when other decisions read it (they are handed its
   * double-double, and its decimal is made when one of them needs it); `lets` when the form holds
   * the decision's lets in place of their names (they are worked out only where the doubles decline),
   * `first` those the value does not read on every evaluation and those read by name (worked out
   * before it: where one declines, the value declines, optimise/certify.ts `letsForm`);
   * `condition` on a boolean decision whose form answers 1, 2 or 3 for true, false or null
   * (optimise/certify-condition.ts).
   */
  certifiedOutput?: { form: Expr; calls: number; read: boolean; lets?: true; first?: FirstLet[]; condition?: true };
  /**
   * Set by the optimiser on a number decision no other decision reads whose value is a COLLECT SUM
   * table (optimise/certify-output.ts `certifySum`): each rule's output as certified double-doubles
   * may work it out (its inlined calls replaced by their bodies) and how many calls were inlined in
   * it; codegen sums the matched rules' outputs on them and makes the JSON output without the
   * decimals where the bound decides it (codegen/certified-sum.ts).
   */
  certifiedSum?: { forms: Expr[]; calls: number[] };
  /**
   * Set by the optimiser on a number decision whose value is sums, differences, products, whole
   * powers 2 to 4, negations, `abs`, `min`, `max`, `modulo` and roundings to literal places of number
   * inputs, decisions and short literals alone, and `if`s between such chosen by comparisons of such
   * and boolean names (optimise/certify-scaled.ts): `form` with its lets, context entries and inlined
   * calls in place; codegen makes its JSON output on scaled integers where every step is exact
   * (codegen/scaled-code.ts), on the decimals otherwise; `read` when other decisions read it, which
   * then get the decimal of those integers; `lets` when its lets are in the form, worked out only by
   * the decimals; `calls` the inlined calls in its form, whose steps are charged where the form
   * answers.
   */
  scaledOutput?: { form: Expr; read: boolean; lets: boolean; calls: number };
}

/** A let a certified form works out before its value (optimise/certify.ts `letsForm`): its name, read as that value where the form names it, and its form. */
export interface FirstLet {
  name: string;
  form: Expr;
}

export interface FunctionIR {
  name: string;
  address: string;
  params: { name: string; type: Type }[];
  returns: Type;
  body: BodyIR;
  calls: string[];
}

export interface TableInputIR {
  /** header text and its parsed expression */
  text: string;
  expr: Expr;
  type: Type;
  /** allowed input values (lenient/DMN import), as unary tests */
  allowed?: UnaryTests;
  /**
   * Set by the optimiser when every cell of the column can be tested on the raw JSON value:
   * "number" — the column is a number input and every cell compares with short numeric literals;
   * "string" — the column is string-typed input and every cell is literal equality;
   * "boolean" — the column is a boolean input and every cell is `true` or `false`, maybe negated;
   * "date" — the column is a date input and every cell compares with date literals (tested as day numbers).
   * A column whose expression is not an input (a decision, a computation) is marked "number", "string"
   * or "boolean" by its type: its value is tested as the JS string or boolean it is, a number through
   * its nearest double (runtime/column-double.ts).
   */
  specialised?: SpecialisedKind;
  /**
   * Set by the optimiser (optimise/certify-column.ts) on a computed "number" column whose double
   * the certified double-doubles may give (`form`: the heading with inlined calls replaced by their
   * bodies; `calls`: the inlined calls its evaluation charges to the budget); the heading's decimal
   * is then worked out only where their bound cannot decide that double.
   */
  certified?: { form: Expr; calls: number };
}

export interface TableOutputIR {
  name: string;
  type: Type;
  /** allowed output values, in order: PRIORITY and OUTPUT ORDER rank by this list */
  allowed?: string[];
  /** default output entry (DMN), used when no rule matches */
  defaultValue?: Expr;
}

export interface RuleIR {
  /** 1-based rule number, as in receipts (spec 2.11) */
  index: number;
  address: string;
  /** one per input column; `{kind:"any"}` for `-` */
  conditions: UnaryTests[];
  /** one per output column */
  outputs: Expr[];
  why?: string;
}

export interface TableIR {
  address: string;
  hit: HitPolicy;
  aggregation?: Aggregation;
  inputs: TableInputIR[];
  outputs: TableOutputIR[];
  /** true when the table has one output column: results are bare values, not contexts */
  singleOutput: boolean;
  rules: RuleIR[];
  /** set by the optimiser for tables it can index (see optimise/table-index-plan.ts) */
  index?: TableIndexPlan;
}

export type SpecialisedKind = "number" | "string" | "boolean" | "date";

/**
 * One column of an index: its value domain cut into `regions` (numbers, and dates as day numbers:
 * 2i is the open interval below bounds[i], 2i + 1 is bounds[i] itself; strings: values[i], then every other string;
 * booleans: false, true), and per rule the regions its cell allows, as half-open ranges:
 * rule k allows [cells[j], cells[j + 1]) for every even j from starts[k] to starts[k + 1].
 */
export type IndexedColumn = (
  { kind: "number"; bounds: number[] } | { kind: "date"; bounds: number[] } | { kind: "string"; values: string[] } | { kind: "boolean" }
) & {
  regions: number;
  starts: number[];
  cells: number[];
};

/**
 * The index of a table: one entry per input column. The rules at the positions `residual` (in
 * order) have a cell the index cannot represent (a test of an expression, not a literal): the
 * index never finds them, and they are tested one by one.
 */
export interface TableIndexPlan {
  rules: number;
  columns: IndexedColumn[];
  residual: number[];
}

export type QuestionType = "noul" | "choice" | "score" | "number" | "date";

export interface QuestionIR {
  id: string;
  type: QuestionType;
  instructions: string;
  criteria?: Record<string, string>;
  options?: Record<string, string> | string[];
  levels?: string[];
  range?: { min?: number; max?: number };
}
