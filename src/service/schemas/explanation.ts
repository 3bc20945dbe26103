// The explanation of a run (`explain: true`; docs/explanations.md): what each decision did, addressed
// with model addresses (spec 2.13) and free of model text. The shape is ir/explanation.ts.
import { NULL_REASONS } from "../../ir/explanation.js";
import { mapOf, ref, type JsonSchema } from "./json-schema.js";

const ruleNumber: JsonSchema = { type: "integer", minimum: 1 };
const address = (description: string): JsonSchema => ({ type: "string", description });

export const RuleExplanation: JsonSchema = {
  type: "object",
  description: "one rule tried, in order",
  properties: {
    rule: { ...ruleNumber, description: "1-based rule number" },
    address: address("`decisions.<name>.rule[<n>]`"),
    matched: { type: "boolean" },
    failed: {
      type: "object",
      description: "the first cell of the rule that did not match: its 1-based input column and the column value it saw",
      properties: { column: { type: "integer", minimum: 1 }, value: { description: "the column's value (JSON)" } },
      required: ["column", "value"],
    },
  },
  required: ["rule", "address", "matched"],
};

export const TableExplanation: JsonSchema = {
  type: "object",
  description: "a decision table: the value of each input column and every rule tried",
  properties: {
    hitPolicy: { type: "string", description: 'the hit policy, with its aggregation: "FIRST", "UNIQUE", "COLLECT SUM", ...' },
    inputs: { type: "array", description: "the value of each input column, in column order (JSON)" },
    matched: { type: "array", items: ruleNumber, description: "the rules that matched (under FIRST at most one)" },
    rules: {
      type: "array",
      items: ref("RuleExplanation"),
      description: "every rule evaluated, in order; under FIRST, the rules before the match and the match",
    },
    defaulted: { type: "boolean", description: "true when no rule matched and the table's default gave the value" },
  },
  required: ["hitPolicy", "inputs", "matched", "rules"],
};

export const StepExplanation: JsonSchema = {
  type: "object",
  description: "a `let` entry, a call of one of the model's functions or an `if`, in evaluation order",
  properties: {
    address: address("`decisions.<name>.let.<entry>`, `functions.<name>`, or the address holding the `if`"),
    kind: { type: "string", enum: ["let", "call", "if"] },
    value: { description: "the entry's value, the call's result or the `if`'s result (JSON)" },
    branch: { type: "string", enum: ["then", "else"], description: "the branch an `if` took" },
    condition: {
      type: "object",
      description: "an `if`'s condition: where it is in the expression text at `address` (UTF-16 offsets, end excluded)",
      properties: { start: { type: "integer", minimum: 0 }, end: { type: "integer", minimum: 0 } },
      required: ["start", "end"],
    },
  },
  required: ["address", "kind", "value"],
};

export const NullCause: JsonSchema = {
  type: "object",
  description: "why a decision is null: the first operation that produced null",
  properties: {
    address: address("where the null arose: `inputs.<name>`, a decision, a `let` entry or a rule"),
    reason: { type: "string", enum: [...NULL_REASONS] },
    detail: { type: "string", description: "plain words; may name inputs and built-ins, never quotes the model" },
  },
  required: ["address", "reason", "detail"],
};

export const DecisionExplanation: JsonSchema = {
  type: "object",
  properties: {
    address: address("`decisions.<name>`"),
    value: { description: "the decision's value, as in the receipt" },
    table: ref("TableExplanation"),
    steps: { type: "array", items: ref("StepExplanation") },
    omittedSteps: {
      type: "integer",
      minimum: 1,
      description: "steps taken but not listed: an explanation lists its first 1,000 steps over all decisions",
    },
    nullCause: ref("NullCause"),
  },
  required: ["address", "value"],
};

export const Explanation: JsonSchema = {
  type: "object",
  description:
    "what each decision did (request field `explain: true`), addressed with model addresses and never holding model text: resolve the addresses against the model. See docs/explanations.md.",
  properties: { decisions: mapOf(ref("DecisionExplanation"), "every evaluated decision, by name") },
  required: ["decisions"],
};
