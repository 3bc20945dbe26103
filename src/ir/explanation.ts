// What `explain(state)` says about one evaluation (docs/explanations.md). Plain JSON addressed
// with model addresses (`decisions.risk.rule[3]`); it never holds model text: readers resolve the
// addresses against the model they have.

export interface Explanation {
  /** keyed by decision name: every evaluated decision */
  decisions: Record<string, DecisionExplanation>;
}

export interface DecisionExplanation {
  /** `decisions.<name>` */
  address: string;
  /** the decision's value as JSON, as in the answer */
  value: unknown;
  /** when the decision is a decision table */
  table?: TableExplanation;
  /** `let` entries, calls of the model's functions and `if` branches, in evaluation order */
  steps?: StepExplanation[];
  /** steps taken but not kept: an explanation keeps its first 1,000 steps over all decisions (runtime/explain.ts) */
  omittedSteps?: number;
  /** when the value is null: the first operation that produced null */
  nullCause?: NullCause;
}

interface TableExplanation {
  /** "FIRST", "UNIQUE", "ANY", "PRIORITY", "RULE ORDER", "OUTPUT ORDER", "COLLECT", "COLLECT SUM", ... */
  hitPolicy: string;
  /** the value of each input column, in column order (JSON) */
  inputs: unknown[];
  /** 1-based numbers of the rules that matched (under FIRST at most one) */
  matched: number[];
  /** every rule evaluated, in order (under FIRST: the rules before the match and the match) */
  rules: RuleExplanation[];
  /** true when no rule matched and the table's default produced the value */
  defaulted?: boolean;
}

interface RuleExplanation {
  /** 1-based */
  rule: number;
  /** `decisions.<name>.rule[<n>]` */
  address: string;
  matched: boolean;
  /** the first cell that failed: its 1-based input column and the column value it saw */
  failed?: { column: number; value: unknown };
}

export interface StepExplanation {
  /** `decisions.<name>.let.<entry>`, `functions.<name>`, or the address of the decision or entry holding an `if` */
  address: string;
  kind: "let" | "call" | "if";
  /** the entry's value, the call's result, the `if`'s result */
  value: unknown;
  /** the branch an `if` took (none when its condition was not a boolean or null) */
  branch?: "then" | "else";
  /** an `if`'s condition: where it is in the expression text at `address` (UTF-16 offsets, end excluded) */
  condition?: { start: number; end: number };
}

export const NULL_REASONS = [
  "missing-input",
  "type-mismatch",
  "conversion-failed",
  "no-rule-matched",
  "null-operand",
  "invalid-argument",
  "out-of-range",
] as const;

export interface NullCause {
  /** where the null arose: an input, a decision, a `let` entry or a rule */
  address: string;
  reason: (typeof NULL_REASONS)[number];
  /** plain words; may name inputs and built-ins, never quotes model text */
  detail: string;
}
