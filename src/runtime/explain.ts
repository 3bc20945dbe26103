// The recorder behind a generated module's `explain` function (codegen/explain.ts): the generated
// code reports inputs, `let` entries, calls, `if` branches, table rules and decisions as it
// evaluates them; `explanation` turns the record into JSON (ir/explanation.ts). FEEL problems
// raised meanwhile are kept with the address being evaluated, to say why a value is null.
import type { DecisionExplanation, Explanation, NullCause, StepExplanation } from "../ir/explanation.js";
import type { Type } from "../ir/types.js";
import { setOwn } from "./json.js";
import { conforms } from "./types.js";
import type { FeelValue } from "./values.js";

/** What the generated code knows of a decision (hoisted data). */
export interface DecisionFacts {
  name: string;
  address: string;
  /** the inputs and decisions it reads, in the order the model names them */
  inputs: string[];
  decisions: string[];
}

export interface TableRecord {
  hitPolicy: string;
  columns: FeelValue[];
  matched: number[];
  rules: { rule: number; address: string; failed: number }[];
  defaulted: boolean;
}

interface StepRecord {
  address: string;
  kind: StepExplanation["kind"];
  value: FeelValue;
  branch?: StepExplanation["branch"];
  condition?: StepExplanation["condition"];
}

interface DecisionRecord {
  facts: DecisionFacts;
  value: FeelValue;
  table?: TableRecord;
  steps: StepRecord[];
  /** steps taken past the explanation's limit, counted but not kept */
  omitted: number;
  nullCause?: NullCause;
}

/**
 * The most steps (`let` entries, calls, `if` branches) an explanation keeps, over all its decisions:
 * a loop calling a function a million times is explained by its first steps and the count of the rest.
 */
const MAX_EXPLAINED_STEPS = 1_000;

type InputStatus = "missing" | "unreadable";

export interface ExplainRecorder {
  /** the address being evaluated, to place FEEL problems */
  at: string;
  problems: { address: string; message: string }[];
  inputs: Map<string, InputStatus>;
  decisions: DecisionRecord[];
  byName: Map<string, DecisionRecord>;
  table: TableRecord | undefined;
  steps: StepRecord[];
  /** steps kept so far, over all decisions */
  kept: number;
  /** steps of the decision being evaluated past MAX_EXPLAINED_STEPS */
  omitted: number;
}

export const explainRecorder = (): ExplainRecorder => ({
  at: "",
  problems: [],
  inputs: new Map(),
  decisions: [],
  byName: new Map(),
  table: undefined,
  steps: [],
  kept: 0,
  omitted: 0,
});

/** A step, kept while the explanation has room for it, else counted. */
function step(X: ExplainRecorder, record: StepRecord): void {
  if (X.kept >= MAX_EXPLAINED_STEPS) {
    X.omitted++;
    return;
  }
  X.kept++;
  X.steps.push(record);
}

/** A FEEL problem, placed where evaluation is. */
export function explainProblem(X: ExplainRecorder, message: string): void {
  X.problems.push({ address: X.at, message });
}

/** An input read from the state: absent or null, or present but not readable as a value of its type `t`. */
export function explainInput(X: ExplainRecorder, name: string, raw: unknown, value: FeelValue, t: Type): FeelValue {
  if (raw === undefined || raw === null) X.inputs.set(name, "missing");
  else if (value === null || !conforms(value, t)) X.inputs.set(name, "unreadable");
  return value;
}

export function explainAt(X: ExplainRecorder, address: string): void {
  X.at = address;
}

export function explainLet(X: ExplainRecorder, address: string, value: FeelValue): void {
  step(X, { address, kind: "let", value });
}

export function explainCall(X: ExplainRecorder, address: string, value: FeelValue): FeelValue {
  step(X, { address, kind: "call", value });
  return value;
}

/**
 * An `if` reached, recorded before its branch is evaluated (so an `if` inside it comes after it):
 * `k` the branch (1 or true: then; 0 or false: else; otherwise none), `start` and `end` where its
 * condition is in the text at `address`. Its value follows with explainValue.
 */
export function explainIf(X: ExplainRecorder, address: string, start: number, end: number, k: number | boolean): StepRecord {
  const branch = k === 1 || k === true ? "then" : k === 0 || k === false ? "else" : undefined;
  const record: StepRecord = { address, kind: "if", value: null, condition: { start, end } };
  if (branch) record.branch = branch;
  step(X, record);
  return record;
}

export function explainValue(record: StepRecord, value: FeelValue): FeelValue {
  record.value = value;
  return value;
}

export function explainTable(X: ExplainRecorder, hitPolicy: string, columns: FeelValue[]): TableRecord {
  X.table = { hitPolicy, columns, matched: [], rules: [], defaulted: false };
  return X.table;
}

/** A rule tried; `failed` is the 1-based column of its first failing cell, 0 when it matched. Returns whether it matched. */
export function explainRule(t: TableRecord, rule: number, address: string, failed: number): boolean {
  t.rules.push({ rule, address, failed });
  if (failed === 0) t.matched.push(rule);
  return failed === 0;
}

export function explainDefault(t: TableRecord, defaulted: boolean): void {
  t.defaulted = defaulted;
}

const within = (address: string, scope: string) => address === scope || address.startsWith(`${scope}.`);

/** Problem messages by what went wrong; any other is a value of the wrong kind. */
const REASONS: [RegExp, NullCause["reason"]][] = [
  [/outside the year range|too large|not a finite number|out of range/, "out-of-range"],
  [
    /division|zero raised|negative number|must be positive|outside the list|not a range literal|is after its end|empty string|no such (date|time)|not a valid|hit policy violated|appears twice|must differ|expects|does not take|no parameters? named|is not an integer/,
    "invalid-argument",
  ],
];

const reasonOf = (message: string): NullCause["reason"] => REASONS.find(([re]) => re.test(message))?.[1] ?? "type-mismatch";

/** A problem's message without the text it quotes, which may come from the model. */
const unquoted = (message: string): string => message.replace(/@?"(?:[^"\\]|\\.)*"/g, "a string");

function nullCause(X: ExplainRecorder, facts: DecisionFacts, table: TableRecord | undefined, steps: StepRecord[]): NullCause {
  for (const name of facts.inputs) {
    const status = X.inputs.get(name);
    if (status === "unreadable")
      return { address: `inputs.${name}`, reason: "conversion-failed", detail: `input ${name} could not be read as its type` };
    if (status === "missing") return { address: `inputs.${name}`, reason: "missing-input", detail: `input ${name} is missing or null` };
  }
  for (const name of facts.decisions) {
    const cause = X.byName.get(name)?.nullCause;
    if (cause) return cause;
  }
  if (table && table.matched.length === 0 && !table.defaulted)
    return { address: facts.address, reason: "no-rule-matched", detail: "no rule of the table matched and it has no default" };
  const problem = X.problems.find((p) => within(p.address, facts.address));
  if (problem) return { address: problem.address, reason: reasonOf(problem.message), detail: unquoted(problem.message) };
  if (table?.matched.length === 1 && !table.defaulted) {
    const rule = table.rules.find((r) => r.failed === 0)!;
    return { address: rule.address, reason: "null-operand", detail: "the output of the rule that matched is null" };
  }
  const nullLet = steps.find((s) => s.kind === "let" && s.value === null);
  if (nullLet) return { address: nullLet.address, reason: "null-operand", detail: "the entry is null" };
  return { address: facts.address, reason: "null-operand", detail: "the expression gave null from a null operand" };
}

/** A decision evaluated: its value and everything recorded since the previous one. */
export function explainDecision(X: ExplainRecorder, facts: DecisionFacts, value: FeelValue): void {
  const record: DecisionRecord = { facts, value, table: X.table, steps: X.steps, omitted: X.omitted };
  if (value === null) record.nullCause = nullCause(X, facts, X.table, X.steps);
  X.decisions.push(record);
  X.byName.set(facts.name, record);
  X.table = undefined;
  X.steps = [];
  X.omitted = 0;
}

/** The record as JSON, values converted by `json`. */
export function explanation(X: ExplainRecorder, json: (v: FeelValue) => unknown): Explanation {
  const decisions: Record<string, DecisionExplanation> = {};
  for (const d of X.decisions) {
    const out: DecisionExplanation = { address: d.facts.address, value: json(d.value) };
    if (d.table) {
      const t = d.table;
      out.table = {
        hitPolicy: t.hitPolicy,
        inputs: t.columns.map(json),
        matched: t.matched,
        rules: t.rules.map((r) =>
          r.failed === 0
            ? { rule: r.rule, address: r.address, matched: true }
            : { rule: r.rule, address: r.address, matched: false, failed: { column: r.failed, value: json(t.columns[r.failed - 1]!) } },
        ),
      };
      if (t.defaulted) out.table.defaulted = true;
    }
    if (d.steps.length > 0) out.steps = d.steps.map((s) => ({ ...s, value: json(s.value) }));
    if (d.omitted > 0) out.omittedSteps = d.omitted;
    if (d.nullCause) out.nullCause = d.nullCause;
    setOwn(decisions, d.facts.name, out);
  }
  return { decisions };
}
