// index.d.ts of a generated package, written with ts-morph: an `Input` interface from the
// inputs (what the input schema accepts), `Decisions` from the decisions' declared or inferred
// types, `Answers` shaped per question type, and the signatures of the package's API.
import { Project, VariableDeclarationKind, type OptionalKind, type PropertySignatureStructure, type SourceFile } from "ts-morph";
import type { CompiledModel } from "../5-load/compiled-model.js";
import { NULL_REASONS } from "../../ir/explanation.js";
import type { QuestionIR } from "../../ir/ir.js";
import type { NumberMode } from "./standalone.js";
import { propertyName, TypeNamer } from "./ts-types.js";
import { visibleJson, visibleText } from "../../ir/visible-text.js";

/** Declarations every package has, written as text: they do not depend on the model. */
const FIXED = `
/** A JSON value with every number as its exact decimal string (\`{ exactDecimals: true }\`). */
export type Exact<T> = T extends number ? string : T extends readonly (infer E)[] ? Exact<E>[] : T extends object ? { [K in keyof T]: Exact<T[K]> } : T;
export interface EvaluateOptions {
  /** numbers as exact decimal strings instead of JS numbers */
  exactDecimals?: boolean;
}
/** What a decision did: the rule(s) that fired in a table (1-based) and its \`let\` values. */
export interface TraceEntry {
  rule?: number | number[];
  lets?: Record<string, unknown>;
}
export type Trace = { [K in keyof Decisions]?: TraceEntry };
export interface StateError {
  /** \`inputs.<name>\`, \`inputs.<name>.<field>\`, \`inputs.<name>[<i>]\` or \`inputs\` */
  address: string;
  /** state.missing, state.type, state.enum, state.format, state.range or state.invalid */
  code: string;
  message: string;
}
export type ValidationResult = { ok: true } | { ok: false; errors: StateError[] };
/** One way a state does not match: the input it concerns (null when the state as a whole is wrong). */
export interface StateIssue extends StateError {
  input: string | null;
}
/** Thrown by \`evaluate\`, \`evaluateTraced\`, \`explain\` and \`answers\` for a state that does not match the input schema. */
export declare class InvalidStateError extends Error {
  readonly name: "InvalidStateError";
  /** one per offending input, with the messages of \`validate\` */
  readonly issues: StateIssue[];
}
/**
 * Thrown by \`evaluate\`, \`evaluateTraced\`, \`explain\`, \`answers\` and \`evaluateUnchecked\` when the
 * state makes a decision's value fall outside its declared type or constraint (\`number >= 0\`).
 */
export declare class DeclaredResultError extends Error {
  readonly name: "DeclaredResultError";
  readonly code: "decision.outside-type";
  /** the decision's name */
  readonly decision: string;
  /** \`decisions.<name>\` */
  readonly address: string;
  /** the declared type, as the model writes it */
  readonly declaredType: string;
}
/** What \`explain\` says of one evaluation, addressed like the model (\`decisions.risk.rule[3]\`); it holds no model text. */
export interface Explanation {
  decisions: { [K in keyof Decisions]?: DecisionExplanation };
}
export interface DecisionExplanation {
  address: string;
  value: unknown;
  table?: {
    hitPolicy: string;
    /** the value of each input column, in column order */
    inputs: unknown[];
    /** 1-based numbers of the rules that matched */
    matched: number[];
    /** every rule tried, in order; \`failed\` is its first failing cell (1-based column) and the value that column saw */
    rules: { rule: number; address: string; matched: boolean; failed?: { column: number; value: unknown } }[];
    defaulted?: boolean;
  };
  /** \`let\` entries, calls of the model's functions and \`if\` branches, in evaluation order */
  steps?: { address: string; kind: "let" | "call" | "if"; value: unknown; branch?: "then" | "else" }[];
  /** steps taken but not listed: an explanation lists its first 1,000 steps over all decisions */
  omittedSteps?: number;
  /** when the value is null: where the null arose and why */
  nullCause?: {
    address: string;
    reason: ${NULL_REASONS.map((r) => JSON.stringify(r)).join(" | ")};
    detail: string;
  };
}
/** A yes/no question: the probability that the decision is true (a deterministic run gives 1 or 0). */
export interface NoulAnswer {
  value: boolean | null;
  probability: number | null;
}
/** A choice or score question: the mass of each option or level. */
export interface ChoiceAnswer<V extends string> {
  value: V | null;
  distribution: Record<V, number>;
}
export interface NumberAnswer {
  value: number | null;
  distribution: { value: number; p: number }[];
}
/** A date question: dates as YYYY-MM-DD. */
export interface DateAnswer {
  value: string | null;
  distribution: { value: string; p: number }[];
}
`;

const RESERVED = [
  "Input",
  "Decisions",
  "Answers",
  "Exact",
  "EvaluateOptions",
  "TraceEntry",
  "Trace",
  "StateError",
  "ValidationResult",
  "StateIssue",
  "InvalidStateError",
  "DeclaredResultError",
  "Explanation",
  "DecisionExplanation",
  "NoulAnswer",
  "ChoiceAnswer",
  "NumberAnswer",
  "DateAnswer",
];

const optionNames = (q: QuestionIR): string[] =>
  q.type === "score" ? (q.levels ?? []) : Array.isArray(q.options) ? q.options : Object.keys(q.options ?? {});

const union = (values: string[]): string => (values.length ? values.map((v) => visibleJson(v)).join(" | ") : "never");

const ANSWER_TYPES: Record<QuestionIR["type"], (q: QuestionIR) => string> = {
  noul: () => "NoulAnswer",
  choice: (q) => `ChoiceAnswer<${union(optionNames(q))}>`,
  score: (q) => `ChoiceAnswer<${union(optionNames(q))}>`,
  number: () => "NumberAnswer",
  date: () => "DateAnswer",
};

/**
 * Model text inside a comment: it can neither close the comment nor end the line it is on, and no
 * `@` of it starts a JSDoc tag (`@deprecated`, `@type` at the start of a line, `{@link}` anywhere),
 * which editors would obey: each is written `\@`, TSDoc's escape, which a hover shows as `@`.
 */
const commentSafe = (text: string): string => visibleText(text.replace(/\r\n?/g, "\n")).replace(/\*\//g, "*\\/").replace(/@/g, "\\@");
const docs = (text: string | undefined) => (text ? [commentSafe(text)] : []);

function addApi(file: SourceFile, numbers: NumberMode): void {
  const constant = (name: string, type: string, doc: string) =>
    file.addVariableStatement({
      isExported: true,
      hasDeclareKeyword: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name, type }],
      docs: [doc],
    });
  constant("contentHash", "string", "sha256 of the model's canonical JSON: the model this package was compiled from");
  constant(
    "numbers",
    JSON.stringify(numbers),
    numbers === "double"
      ? "Numbers are JS doubles: binary floating point, outside FEEL's decimal semantics."
      : "Numbers are FEEL decimals (34 significant digits, half-even).",
  );
  constant("inputSchema", "Record<string, unknown>", "JSON Schema 2020-12 of a state (also in schema.json)");
  const state = { name: "state", type: "Input" };
  const overloads = (name: string, result: (d: string) => string, doc: string) =>
    file.addFunctions(
      [
        {
          name,
          parameters: [state, { name: "options", type: "{ exactDecimals?: false }", hasQuestionToken: true }],
          returnType: result("Decisions"),
          docs: [doc],
        },
        { name, parameters: [state, { name: "options", type: "{ exactDecimals: true }" }], returnType: result("Exact<Decisions>") },
        {
          name,
          parameters: [state, { name: "options", type: "EvaluateOptions", hasQuestionToken: true }],
          returnType: result("Decisions | Exact<Decisions>"),
        },
      ].map((f) => ({ ...f, isExported: true, hasDeclareKeyword: true })),
    );
  const throws =
    "Throws `InvalidStateError` when the state does not match the input schema, `DeclaredResultError` when it makes a decision fall outside its declared type.";
  overloads("evaluate", (d) => d, `Evaluates every decision on a state. ${throws}`);
  overloads(
    "evaluateTraced",
    (d) => `{ decisions: ${d}; trace: Trace }`,
    `Like \`evaluate\`, with the rules that fired and the \`let\` values of each decision. ${throws}`,
  );
  overloads(
    "explain",
    (d) => `{ decisions: ${d}; explanation: Explanation }`,
    `Like \`evaluate\`, with what each decision did: the rules tried and the first cell that failed, steps, why a null is null. ${throws}`,
  );
  overloads(
    "evaluateUnchecked",
    (d) => d,
    "`evaluate` without checking the state, for states validated already: a state that does not match gives nulls.",
  );
  file.addFunction({
    isExported: true,
    hasDeclareKeyword: true,
    name: "answers",
    parameters: [state],
    returnType: "Answers",
    docs: [`Evaluates the state, then shapes each question's answer (takes a state, not decisions). ${throws}`],
  });
  file.addFunction({
    isExported: true,
    hasDeclareKeyword: true,
    name: "validate",
    parameters: [{ name: "state", type: "unknown" }],
    returnType: "ValidationResult",
    docs: ["Checks a state against the input schema; errors are addressed `inputs.<name>`."],
  });
}

export function declarations(model: CompiledModel, numbers: NumberMode): string {
  const { ir } = model;
  const namer = new TypeNamer(ir.types, RESERVED);
  const inputs: OptionalKind<PropertySignatureStructure>[] = ir.inputs.map((i) => {
    const t = namer.text(i.type, "input", i.name);
    return { name: propertyName(i.name), type: i.blank ? `${t} | null` : t, hasQuestionToken: i.blank, docs: docs(i.desc) };
  });
  const decisions = ir.decisions.map((d) => ({
    name: propertyName(d.name),
    type: namer.text(d.type, "output", d.name),
    docs: docs(d.desc),
  }));
  const answers = ir.questions.map((q) => ({ name: propertyName(q.id), type: ANSWER_TYPES[q.type](q), docs: docs(q.instructions) }));

  const project = new Project({ useInMemoryFileSystem: true });
  const file = project.createSourceFile("index.d.ts", "");
  file.addStatements(
    `// Generated by pdm from the model ${commentSafe(JSON.stringify(ir.name))} (${model.hash.slice(0, 12)}). Do not edit.`,
  );
  file.addInterface({
    name: "Input",
    isExported: true,
    properties: inputs,
    docs: ["A state: one key per input (more keys are allowed and ignored)."],
  });
  file.addInterface({
    name: "Decisions",
    isExported: true,
    properties: decisions,
    docs: ["Every decision's value as JSON; null where FEEL gives null."],
  });
  file.addInterface({ name: "Answers", isExported: true, properties: answers, docs: ["One answer per question."] });
  for (const decl of namer.interfaces) file.addInterface({ ...decl, isExported: true });
  file.addStatements(FIXED);
  addApi(file, numbers);
  file.formatText({ indentSize: 2 });
  return file.getFullText();
}
