// Every diagnostic code, once: the stage that reports it, its severity, its message template and
// what it means. Sites make diagnostics only through `diagnostic(code, params, where)` (see
// diagnostics.ts), so a code that is not here, or a missing parameter, does not compile; the
// documentation (docs/diagnostics.md) is rendered from this table.
import type { Severity } from "./diagnostics.js";

/** The six stages every Check runs, in their order (spec 2.12). */
export const CHECK_STAGES = ["parse", "names", "types", "graph", "tables", "questions"] as const;

/** Where a code is reported: the Check stages, then the families outside the six. */
export const STAGES = {
  parse: { title: "parse", about: "the JSON shape of the content, inputs, decisions and functions; FEEL syntax" },
  names: { title: "names", about: "every name in every expression resolves; one namespace for inputs, decisions and functions" },
  types: { title: "types", about: "model types (spec 2.3); inferred expression types against columns, outputs and declarations" },
  graph: { title: "graph", about: "dependencies between decisions: cycles, order, unused inputs" },
  tables: { title: "tables", about: "decision tables: header, hit policy, else row, reachable rules, cell counts" },
  questions: { title: "questions", about: "the answer contract (spec 2.8, see `questions.md`); skipped for bare content" },
  codegen: {
    title: "codegen",
    about:
      "Not one of the six: generated code that fails its allow-list check before it is loaded. It is an emitter bug, never a " +
      "user error; the Check of that compilation gains a failed `codegen` stage.",
  },
  state: {
    title: "State validation (execution)",
    about:
      "Not part of the Check: a JSON state validated against the derived input schema (`input-schema.md`) yields errors with " +
      "an address `inputs.<name>` (or `inputs.<name>.<field>`, `inputs.<name>[<i>]` for list items, 0-based) and a message " +
      "naming the input and what was expected. When one value fails several ways, only the first of these codes is reported.",
  },
  dmn: {
    title: "DMN import",
    about:
      "Not part of the Check: `pdm import-dmn` maps DMN XML to content. Each message ends with the DMN element and the file " +
      "it is in; the imported content is then checked leniently.",
  },
  tck: { title: "TCK runner", about: "Not part of the Check: what the DMN TCK runner reports about a compilation." },
} as const;

export type StageName = keyof typeof STAGES;
export type CheckStageName = (typeof CHECK_STAGES)[number];

/**
 * `strict-error`: an error when the model is checked strictly, a warning when it is checked
 * leniently (imports), because FEEL evaluates such an expression to null rather than rejecting it.
 */
export type CatalogueSeverity = Exclude<Severity, "info"> | "strict-error";

export type Template<P> = (params: P) => string;
/** The parameters of a message that has none. */
export type NoParams = Record<string, never>;

export interface Entry<P, S extends CatalogueSeverity = CatalogueSeverity, St extends StageName = StageName> {
  stage: St;
  severity: S;
  message: Template<P>;
  /** parameters for the example message in the documentation */
  example: P;
  /** what the problem means and how to fix it, in one line */
  explain: string;
}

/** An entry whatever its parameters, as code that walks the catalogue sees it. */
export type AnyEntry = Omit<Entry<never>, "example"> & { example: unknown };

type Definition<P, S extends CatalogueSeverity> = Omit<Entry<P, S>, "stage">;

function entry<S extends CatalogueSeverity>(d: { severity: S; message: string; explain: string }): Definition<NoParams, S>;
function entry<P, S extends CatalogueSeverity>(d: { severity: S; message: Template<P>; example: NoInfer<P>; explain: string }): Definition<P, S>;
function entry(d: { severity: CatalogueSeverity; message: string | Template<never>; example?: unknown; explain: string }) {
  const { message } = d;
  return { ...d, message: typeof message === "string" ? () => message : message, example: d.example ?? {} };
}

type VariantParams<V> = {
  [K in keyof V]: { variant: K } & (V[K] extends Template<infer P> ? (unknown extends P ? unknown : P) : unknown);
}[keyof V];

/** One code whose message says which of several related problems it is; `variant` picks the text. */
const variants =
  <V extends Record<string, string | Template<never>>>(texts: V): Template<VariantParams<V>> =>
  (p) => {
    const t = texts[p.variant] as string | Template<typeof p>;
    return typeof t === "string" ? t : t(p);
  };

/** DMN import messages end with the element and file they are about (`at`). */
function located(text: string): Template<{ at: string }>;
function located<P>(text: Template<P>): Template<P & { at: string }>;
function located(text: string | Template<unknown>): Template<{ at: string }> {
  return (p) => `${typeof text === "string" ? text : text(p)} (${p.at})`;
}

// The constraint leaves `message` and `example` out so that it gives `entry` no contextual type
// to infer their parameters from.
function inStage<St extends StageName, E extends Record<string, { severity: CatalogueSeverity; explain: string }>>(
  stage: St,
  defs: E,
): { [K in keyof E]: E[K] & { stage: St } } {
  return Object.fromEntries(Object.entries(defs).map(([code, d]) => [code, { stage, ...d }])) as { [K in keyof E]: E[K] & { stage: St } };
}

// Wording shared by several codes.
type Suggested = { didYouMean: string };
const unknownKey = (p: { key: string } & Suggested): string => `unknown key \`${p.key}\` is ignored${p.didYouMean}`;
const needsOneBody = (p: { name: string }): string => `decision \`${p.name}\` needs exactly one of \`expr\` and \`table\``;
/** A unary test that can never match the value under test (a cell, `in`, a type's condition). */
export type TestMismatchParams = { test: string; type: string; subject: string };
const cannotMatch = (p: TestMismatchParams): string => `${p.test} (${p.type}) cannot match a ${p.subject} value`;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;
const article = (t: string): string => (t === "array" || t === "object" || t === "integer" ? `an ${t}` : `a ${t}`);
const ALL_HIT_POLICIES = "one of UNIQUE, FIRST, PRIORITY, ANY, COLLECT (SUM|MIN|MAX|COUNT), RULE ORDER, OUTPUT ORDER";
const AT = '<decisionTable id="t1"> in model.dmn';

const PARSE = inStage("parse", {
  "content.shape": entry({
    severity: "error",
    message: variants({
      content: "the content must be a JSON object",
      section: (p: { section: string }) => `\`${p.section}\` must be an object mapping names to definitions`,
    }),
    example: { variant: "section", section: "inputs" },
    explain: "The content, or one of its sections (`types`, `inputs`, `decisions`, `functions`), is not a JSON object: write it as one.",
  }),
  "content.name-missing": entry({
    severity: "error",
    message: "the content needs a `name` (a non-empty string)",
    explain: "`name` is missing or empty (lenient: only when present but not a string): give the model a name.",
  }),
  "content.inputs-missing": entry({
    severity: "error",
    message: "the content needs `inputs` (an object)",
    explain: "Strict content lists its inputs: add `inputs`, even if it is `{}`.",
  }),
  "content.decisions-missing": entry({
    severity: "error",
    message: "the content needs `decisions` (an object)",
    explain: "A model without `decisions` decides nothing: add them.",
  }),
  "content.unknown-key": entry({
    severity: "warning",
    message: (p: { key: string }) => `unknown key \`${p.key}\` is ignored`,
    example: { key: "decision" },
    explain: "A top-level key the format does not define; it is ignored. Remove it or fix its spelling.",
  }),
  "input.shape": entry({
    severity: "error",
    message: (p: { name: string }) => `input \`${p.name}\` must be an object with \`type\` and \`desc\``,
    example: { name: "age" },
    explain: "Strict: an input is an object `{type, desc, ...}` (lenient accepts a bare type).",
  }),
  "input.type-missing": entry({
    severity: "error",
    message: (p: { name: string }) => `input \`${p.name}\` needs a \`type\``,
    example: { name: "age" },
    explain: "An input has no `type`: declare what values it takes.",
  }),
  "input.desc-missing": entry({
    severity: "error",
    message: (p: { name: string }) => `input \`${p.name}\` needs a \`desc\`: the question a reader must answer`,
    example: { name: "age" },
    explain: "Strict: an input has no `desc`; write the question a reader answers from the evidence.",
  }),
  "input.desc-invalid": entry({
    severity: "error",
    message: "`desc` must be a string",
    explain: "An input's `desc` is not a string.",
  }),
  "input.from-invalid": entry({
    severity: "error",
    message: "`from` must be a string",
    explain: "An input's `from` is not a string.",
  }),
  "input.threshold-invalid": entry({
    severity: "error",
    message: "`threshold` must be a number from 0 to 1",
    explain: "An input's `threshold` is not a number within 0..1.",
  }),
  "input.blank-invalid": entry({
    severity: "error",
    message: "`blank` must be true or false",
    explain: "An input's `blank` is not a boolean.",
  }),
  "input.options-invalid": entry({
    severity: "error",
    message: variants({
      shape: "`options` must be an object mapping each value to its meaning (a string)",
      type: (p: { kind: string }) => `\`options\` need a choice or levels type, not ${p.kind}`,
    }),
    example: { variant: "type", kind: "number" },
    explain: "`options` is not an object of strings, or the input's type is not a choice or levels: fix the one or the other.",
  }),
  "input.option-unknown": entry({
    severity: "error",
    message: (p: { option: string; values: readonly string[] } & Suggested) =>
      `option \`${p.option}\` is not a value of the type (${p.values.join(", ")})${p.didYouMean}`,
    example: { option: "gld", values: ["gold", "silver"], didYouMean: "; did you mean `gold`?" },
    explain: "An `options` key is not a value of the input's type: explain the type's values, spelled as the type spells them.",
  }),
  "input.unknown-key": entry({
    severity: "warning",
    message: unknownKey,
    example: { key: "dsc", didYouMean: "; did you mean `desc`?" },
    explain: "An input key the format does not define; it is ignored. Remove it or fix its spelling.",
  }),
  "decision.shape": entry({
    severity: "error",
    message: (p: { name: string }) => `decision \`${p.name}\` must be an expression string, a table array or an object`,
    example: { name: "risk" },
    explain: "A decision is neither a string, an array nor an object.",
  }),
  "decision.body-missing": entry({
    severity: "error",
    message: needsOneBody,
    example: { name: "risk" },
    explain: "A decision object has neither `expr` nor `table`: give it exactly one.",
  }),
  "decision.body-conflict": entry({
    severity: "error",
    message: needsOneBody,
    example: { name: "risk" },
    explain: "A decision object has both `expr` and `table`: keep one.",
  }),
  "decision.body-shape": entry({
    severity: "error",
    message: variants({
      body: (p: { where: string; table: boolean; tableObject: boolean }) =>
        `${p.where} must be ${["an expression string", ...(p.table ? ["a table array"] : []), ...(p.tableObject ? ["`{table, hit, default}`"] : [])].join(" or ")}`,
      expr: "`expr` must be an expression string",
    }),
    example: { variant: "body", where: "let entry `base`", table: false, tableObject: false },
    explain: "`expr` is not a string, or a `let` entry or function body has a shape not allowed there (strict: `let` entries are expressions).",
  }),
  "decision.table-shape": entry({
    severity: "error",
    message: variants({
      decision: "`table` must be an array of rows",
      object: (p: { where: string }) => `\`table\` of ${p.where} must be an array of rows`,
    }),
    example: { variant: "decision" },
    explain: "`table` is not an array of rows (the header first, then the rules).",
  }),
  "decision.table-object-key": entry({
    severity: "error",
    message: (p: { keys: readonly string[]; where: string }) =>
      `unexpected key${p.keys.length > 1 ? "s" : ""} ${p.keys.map((k) => `\`${k}\``).join(", ")} in ${p.where}`,
    example: { keys: ["hits"], where: "let entry `base`" },
    explain: "Lenient: a `{table, hit, default}` object (a `let` entry or function body) has another key; remove it.",
  }),
  "decision.let-shape": entry({
    severity: "error",
    message: "`let` must be an object mapping names to expressions, in order",
    explain: "`let` is not an object of named entries.",
  }),
  "decision.requires-shape": entry({
    severity: "error",
    message: "`requires` must be an array of input or decision names",
    explain: "`requires` is not an array of names.",
  }),
  "decision.desc-invalid": entry({
    severity: "error",
    message: "`desc` must be a string",
    explain: "A decision's `desc` is not a string.",
  }),
  "decision.default-lenient": entry({
    severity: "error",
    message: "`default` is allowed only in lenient (imported) models",
    explain: "Strict: `default` is a lenient extension; end the table with an else row instead.",
  }),
  "decision.default-shape": entry({
    severity: "error",
    message: variants({
      outputs: "`default` of a multi-output table maps output names to expressions",
      output: "a default output is an expression string",
    }),
    example: { variant: "outputs" },
    explain: "`default` is not an expression (or, for several outputs, an object of them by output name).",
  }),
  "decision.table-key-unused": entry({
    severity: "warning",
    message: (p: { key: string }) => `\`${p.key}\` applies only to a table and is ignored`,
    example: { key: "hit" },
    explain: "`hit` or `default` on an expression decision; it is ignored. Remove it.",
  }),
  "decision.unknown-key": entry({
    severity: "warning",
    message: unknownKey,
    example: { key: "tpye", didYouMean: "; did you mean `type`?" },
    explain: "A decision key the format does not define; it is ignored. Remove it or fix its spelling.",
  }),
  "function.shape": entry({
    severity: "error",
    message: (p: { name: string }) => `function \`${p.name}\` must be an object with \`params\`, \`returns\` and \`body\``,
    example: { name: "fee" },
    explain: "A function is not an object.",
  }),
  "function.params-shape": entry({
    severity: "error",
    message: "`params` must be an object mapping parameter names to types, in order",
    explain: "A function's `params` is not an object of parameter names to types.",
  }),
  "function.body-missing": entry({
    severity: "error",
    message: (p: { name: string }) => `function \`${p.name}\` needs a \`body\``,
    example: { name: "fee" },
    explain: "A function has no `body`: add the expression (or table) it computes.",
  }),
  "function.unknown-key": entry({
    severity: "warning",
    message: unknownKey,
    example: { key: "return", didYouMean: "; did you mean `returns`?" },
    explain: "A function key the format does not define; it is ignored. Remove it or fix its spelling.",
  }),
  "feel.syntax": entry({
    severity: "error",
    message: variants({
      parser: (p: { detail: string }) => p.detail,
      character: (p: { char: string }) => `unexpected character \`${p.char}\``,
      "lone-dash": "`-` stands alone in a cell",
      "lone-not": "`not(...)` wraps the whole cell",
      crash: (p: { error: string }) => `cannot parse: ${p.error}`,
    }),
    example: { variant: "parser", detail: "expected `)`, found the end of the text" },
    explain: "The FEEL text of an expression, cell, heading or type condition does not parse; the message says what was expected where (see `span`).",
  }),
  "feel.empty": entry({
    severity: "error",
    message: variants({
      expression: "the expression is empty",
      type: "the type is empty",
      tests: "the unary tests are empty; write `-` to match any value",
    }),
    example: { variant: "expression" },
    explain: "An expression, type or cell is empty: write one (in a cell, `-` matches any value).",
  }),
  "feel.unterminated-string": entry({
    severity: "error",
    message: 'string is not closed; add a `"` at its end',
    explain: "A string literal has no closing quote.",
  }),
  "feel.unterminated-comment": entry({
    severity: "error",
    message: "comment is not closed; add `*/`",
    explain: "A `/*` comment has no closing `*/`.",
  }),
  "feel.too-deep": entry({
    severity: "error",
    message: "the expression is nested too deeply",
    explain: "The expression nests too deeply to parse: split it into `let` entries or decisions.",
  }),
  "feel.internal": entry({
    severity: "error",
    message: (p: { error: string }) => `internal parser error: ${p.error}`,
    example: { error: "TypeError: Cannot read properties of null (reading 'kind')" },
    explain: "The parser failed on this text: a bug in the parser, never in the model. Please report it with the text.",
  }),
});

const NAMES = inStage("names", {
  "names.unknown": entry({
    severity: "error",
    message: variants({
      name: (p: { name: string } & Suggested) => `unknown name \`${p.name}\`${p.didYouMean}`,
      requires: (p: { name: string } & Suggested) => `\`requires\` names \`${p.name}\`, which is neither an input nor a decision${p.didYouMean}`,
    }),
    example: { variant: "name", name: "incme", didYouMean: "; did you mean `income`?" },
    explain:
      "A name resolves to nothing in scope, or a `requires` entry is neither an input nor a decision: declare it or fix the spelling. " +
      "Inside a filter `xs[...]` an unresolved name is a member of the item, not an error.",
  }),
  "names.duplicate": entry({
    severity: "error",
    message: (p: { name: string; first: string }) => `\`${p.name}\` is already declared in ${p.first}; inputs, decisions and functions share one namespace`,
    example: { name: "risk", first: "inputs" },
    explain: "A name is declared twice among inputs, decisions and functions: rename one.",
  }),
  "names.reserved": entry({
    severity: "error",
    message: (p: { name: string; kind: string }) => `\`${p.name}\` is a FEEL keyword and cannot name ${p.kind}`,
    example: { name: "if", kind: "input" },
    explain: "A FEEL keyword (`if`, `true`, `null`, ...) used as a name: choose another.",
  }),
  "names.invalid": entry({
    severity: "error",
    message: variants({
      empty: "a name cannot be empty",
      spaces: (p: { name: string }) => `\`${p.name}\` starts or ends with a space`,
    }),
    example: { variant: "spaces", name: " age" },
    explain: "An empty name, or one with leading or trailing spaces.",
  }),
  "names.function-scope": entry({
    severity: "error",
    message: (p: { owner: string; what: string; name: string }) =>
      `${p.owner} reads ${p.what} \`${p.name}\`; a function body uses only its parameters and other functions`,
    example: { owner: "function `fee`", what: "input", name: "age" },
    explain: "A function body reads an input or a decision: pass the value as a parameter instead.",
  }),
  "names.unknown-parameter": entry({
    severity: "error",
    message: (p: { fn: string; param: string } & Suggested) => `function \`${p.fn}\` has no parameter \`${p.param}\`${p.didYouMean}`,
    example: { fn: "fee", param: "amont", didYouMean: "; did you mean `amount`?" },
    explain: "A named argument that is not a parameter of the called model function.",
  }),
});

const TYPES = inStage("types", {
  "types.unknown": entry({
    severity: "strict-error",
    message: (p: { name: string } & Suggested) => `unknown type \`${p.name}\`${p.didYouMean}`,
    example: { name: "numbr", didYouMean: "; did you mean `number`?" },
    explain:
      "An unknown type name: use a built-in type or a key of `types`. An error in both modes in model types; in a FEEL type " +
      "expression (`instance of`, a typed lambda parameter) a strict error.",
  }),
  "types.invalid": entry({
    severity: "error",
    message: variants({
      "list-arity": (p: { count: number }) => `a list type is an array of exactly one element type, not ${p.count}`,
      shape: (p: { got: string }) => `a type is a string, an object or a one-element array, not ${p.got}`,
      alone: (p: { key: string }) => `\`${p.key}\` stands alone in its object`,
      values: (p: { key: string }) => `\`${p.key}\` is a non-empty array of strings`,
      "empty-value": (p: { kind: string }) => `a ${p.kind} value is empty`,
      "repeated-value": (p: { kind: string; value: string }) => `the ${p.kind} value "${p.value}" appears twice`,
    }),
    example: { variant: "repeated-value", kind: "choice", value: "gold" },
    explain: "A malformed type: a list of more than one element, an empty or repeated choice value, a bad `$enum` or `$levels`.",
  }),
  "types.recursive": entry({
    severity: "error",
    message: (p: { cycle: readonly string[] }) => `recursive type definition: ${p.cycle.join(" → ")}`,
    example: { cycle: ["Person", "Family", "Person"] },
    explain:
      "A named type contains itself (the message names the cycle); a static type is a finite tree. The DMN TCK counts " +
      "self-referencing item definitions as non-compliant too.",
  }),
  "types.lenient-only": entry({
    severity: "error",
    message: (p: { type: string }) => `the type \`${p.type}\` is allowed only in lenient (imported) models`,
    example: { type: "any" },
    explain: "Strict: `any`, `context` or a duration type; declare a concrete type of the public format.",
  }),
  "types.constraint-mismatch": entry({
    severity: "strict-error",
    message: cannotMatch,
    example: { test: 'the string "x"', type: "string", subject: "number" },
    explain: 'A constrained type\'s condition compares with a value of another type (`number > "x"`).',
  }),
  "types.mismatch": entry({
    severity: "strict-error",
    message: variants({
      declared: (p: { what: string; declared: string; inferred: string }) => `${p.what} is declared ${p.declared}, but its calculation gives ${p.inferred}`,
      operator: (p: { op: string; left: string; right: string }) => `\`${p.op}\` cannot combine ${p.left} and ${p.right}`,
      condition: (p: { type: string }) => `an \`if\` condition must be boolean, not ${p.type}`,
    }),
    example: { variant: "operator", op: "+", left: "number", right: "string" },
    explain: "A declared type the calculation certainly cannot produce, arithmetic on incompatible types, or a non-boolean `if` condition.",
  }),
  "types.compare-mismatch": entry({
    severity: "strict-error",
    message: variants({
      compare: (p: { left: string; right: string }) => `comparing ${p.left} with ${p.right}`,
      range: (p: { start: string; end: string }) => `a range from ${p.start} to ${p.end}`,
      test: cannotMatch,
    }),
    example: { variant: "compare", left: "number", right: "string" },
    explain: "Comparing values that can never be equal or ordered (a number with a string).",
  }),
  "types.arith-boolean": entry({
    severity: "strict-error",
    message: variants({
      negate: "arithmetic on a boolean",
      operator: (p: { op: string }) => `arithmetic on a boolean (\`${p.op}\`)`,
    }),
    example: { variant: "operator", op: "+" },
    explain: "Arithmetic on a boolean.",
  }),
  "types.cell-mismatch": entry({
    severity: "strict-error",
    message: cannotMatch,
    example: { test: 'the string "x"', type: "string", subject: "number" },
    explain: "An input cell tests a value of another type than its column (a string in a number column).",
  }),
  "types.output-mismatch": entry({
    severity: "strict-error",
    message: (p: { output: string; type: string; gives: string }) => `output \`${p.output}\` is ${p.type}, but this cell gives ${p.gives}`,
    example: { output: "risk", type: "number", gives: "string" },
    explain: "An output cell's value does not fit its column's type.",
  }),
  "types.not-an-option": entry({
    severity: "strict-error",
    message: (p: { value: string; what: string; values: readonly string[] } & Suggested) =>
      `"${p.value}" is not one of ${p.what} (${p.values.join(", ")})${p.didYouMean}`,
    example: { value: "hgh", what: "the column's values", values: ["low", "high"], didYouMean: "; did you mean `high`?" },
    explain: "A literal that is not a value of a choice or levels column, output or declared type.",
  }),
  "types.out-of-range": entry({
    severity: "strict-error",
    message: (p: { value: number; type: string }) => `${p.value} is outside ${p.type}`,
    example: { value: 150, type: "number [0..100]" },
    explain: "A literal output outside a constrained number type.",
  }),
  "types.unknown-member": entry({
    severity: "strict-error",
    message: (p: { member: string; type: string } & Suggested) => `no field \`${p.member}\` in ${p.type}${p.didYouMean}`,
    example: { member: "incme", type: "{income: number}", didYouMean: "; did you mean `income`?" },
    explain: "`.field` that a struct type does not have.",
  }),
  "types.arity": entry({
    severity: "error",
    message: variants({
      builtin: (p: { detail: string }) => p.detail,
      function: (p: { fn: string; params: readonly string[]; given: number }) =>
        `function \`${p.fn}\` takes ${plural(p.params.length, "argument")} (${p.params.join(", ")}), not ${p.given}`,
    }),
    example: { variant: "function", fn: "fee", params: ["amount"], given: 2 },
    explain:
      "A model function called with the wrong number of arguments, or a built-in called in a way none of its signatures accepts " +
      "(`string()`, `abs(1, 2)`, `abs(nmber: 1)`).",
  }),
  "types.not-a-function": entry({
    severity: "strict-error",
    message: (p: { name: string; kind: string }) => `\`${p.name}\` is a ${p.kind}, not a function`,
    example: { name: "age", kind: "number" },
    explain: "Calling a value that is certainly not a function.",
  }),
});

const GRAPH = inStage("graph", {
  "graph.cycle": entry({
    severity: "error",
    message: (p: { cycle: string }) => `decisions depend on each other in a cycle: ${p.cycle}`,
    example: { cycle: "a → b → a" },
    explain: "Decisions depend on each other; the message names the cycle. Break it (recursive functions are allowed).",
  }),
  "graph.unused-input": entry({
    severity: "warning",
    message: (p: { name: string }) => `input \`${p.name}\` is not used by any decision`,
    example: { name: "shoe" },
    explain: "No decision reads the input (directly, through a `let`, a table column or `requires`): remove it or use it.",
  }),
});

const TABLES = inStage("tables", {
  "tables.header": entry({
    severity: "error",
    message: variants({
      "not-headings": "the first row of a table is its header: an array of column headings (strings)",
      "no-output": "a table needs at least one output column (a heading starting with `=>`)",
      order: "input columns come before the output columns",
    }),
    example: { variant: "no-output" },
    explain: "The first row is not a list of headings, has no `=>` output, or has inputs after outputs (address `…rule[0]`).",
  }),
  "tables.output-header": entry({
    severity: "error",
    message: "each output column of a multi-output table needs a name: `=> name: type`",
    explain: "An output heading of a multi-output table lacks a name.",
  }),
  "tables.hit-policy": entry({
    severity: "error",
    message: variants({
      unknown: (p: { policy: unknown; strict: boolean }) => `unknown hit policy ${JSON.stringify(p.policy)}; use ${p.strict ? "FIRST" : ALL_HIT_POLICIES}`,
      strict: (p: { policy: string }) => `strict models use FIRST tables only (rows tried top to bottom, first match wins), not ${p.policy}`,
    }),
    example: { variant: "strict", policy: "UNIQUE" },
    explain: "Strict: a hit policy other than FIRST; both modes: an unknown hit policy.",
  }),
  "tables.no-else-row": entry({
    severity: "error",
    message: "the last rule must be an else row with `-` in every input cell, so that no state falls through to null",
    explain: "Strict: the last rule does not have `-` in every input cell; add an else row.",
  }),
  "tables.unreachable-rule": entry({
    severity: "warning",
    message: (p: { rule: number; catchAll: number }) => `rule ${p.rule} can never fire: rule ${p.catchAll} before it matches everything`,
    example: { rule: 4, catchAll: 3 },
    explain: "A rule after an all-`-` rule in a FIRST table can never fire: move or remove it.",
  }),
  "tables.cell-count": entry({
    severity: "error",
    message: (p: { cells: number; columns: number }) => `this rule has ${plural(p.cells, "cell")}; the header has ${p.columns} columns`,
    example: { cells: 2, columns: 3 },
    explain: "A rule has a different number of cells than the header has columns.",
  }),
  "tables.cell-invalid": entry({
    severity: "error",
    message: variants({
      input: (p: { column: string }) => `an input cell is a string, a number or a boolean (column \`${p.column}\`)`,
      output: "an output cell is a string, a number, a boolean or null",
    }),
    example: { variant: "input", column: "age" },
    explain: "A cell is not a string, number or boolean (output cells may be null).",
  }),
  "tables.rule-shape": entry({
    severity: "error",
    message: variants({
      shape: "a rule is an array of cells or an object `{when, then, why}`",
      key: (p: { key: string }) => `unexpected key \`${p.key}\` in a rule object (use when, then, why)`,
      when: "`when` maps input column headings to cell conditions",
      then: (p: { outputs: readonly string[] }) => `\`then\` must name every output: ${p.outputs.join(", ")}`,
    }),
    example: { variant: "key", key: "if" },
    explain: "A rule is neither an array nor `{when, then, why}`, or `then` does not name the outputs.",
  }),
  "tables.unknown-column": entry({
    severity: "error",
    message: variants({
      input: (p: { column: string } & Suggested) => `no input column \`${p.column}\`${p.didYouMean}`,
      output: (p: { column: string } & Suggested) => `no output column \`${p.column}\`${p.didYouMean}`,
    }),
    example: { variant: "input", column: "Age", didYouMean: "; did you mean `age`?" },
    explain: "A `when` or `then` key that is not a column.",
  }),
  "tables.missing-output": entry({
    severity: "error",
    message: variants({
      then: "the rule needs `then`: its output",
      output: (p: { output: string }) => `\`then\` lacks the output \`${p.output}\``,
    }),
    example: { variant: "output", output: "fee" },
    explain: "A rule object without a value for an output.",
  }),
  "tables.empty": entry({
    severity: "error",
    message: variants({
      "no-rows": "a table needs a header row and at least one rule",
      "no-rules": "a table needs at least one rule after the header",
    }),
    example: { variant: "no-rules" },
    explain: "A table without rules.",
  }),
  "tables.bare-word-name": entry({
    severity: "warning",
    message: (p: { word: string }) => `\`${p.word}\` is read as the text "${p.word}"; write \`= ${p.word}\` to use the value of \`${p.word}\``,
    example: { word: "nickname" },
    explain: "A bare word in a string column is also a declared name; it is read as text (write `= name` for the value).",
  }),
});

const QUESTIONS = inStage("questions", {
  "questions.shape": entry({
    severity: "error",
    message: variants({
      section: "`questions` maps each question id to a question object",
      question: (p: { id: string }) => `question \`${p.id}\` must be an object with \`type\` and \`instructions\``,
    }),
    example: { variant: "question", id: "eligible" },
    explain: "`questions` or a question is not an object.",
  }),
  "questions.type-invalid": entry({
    severity: "error",
    message: (p: { types: readonly string[]; got: unknown } & Suggested) =>
      `question type must be one of ${p.types.join(", ")}, not ${JSON.stringify(p.got)}${p.didYouMean}`,
    example: { types: ["noul", "choice", "score", "number", "date"], got: "bool", didYouMean: "" },
    explain: "The question type is not `noul`, `choice`, `score`, `number` or `date`.",
  }),
  "questions.instructions-missing": entry({
    severity: "error",
    message: (p: { id: string }) => `question \`${p.id}\` needs \`instructions\`: the question text`,
    example: { id: "eligible" },
    explain: "A question without `instructions`: write the question text.",
  }),
  "questions.options-missing": entry({
    severity: "error",
    message: "a choice question needs `options`",
    explain: "A choice question without `options`.",
  }),
  "questions.levels-missing": entry({
    severity: "error",
    message: "a score question needs `levels`",
    explain: "A score question without `levels`.",
  }),
  "questions.criteria-invalid": entry({
    severity: "error",
    message: "`criteria` maps `true` and/or `false` to a description of that outcome",
    explain: "`criteria` has the wrong shape (see `questions.md`).",
  }),
  "questions.options-invalid": entry({
    severity: "error",
    message: "`options` is an object mapping each option to its meaning, or an array of option names",
    explain: "`options` has the wrong shape (see `questions.md`).",
  }),
  "questions.levels-invalid": entry({
    severity: "error",
    message: "`levels` is an array of at least two distinct level names, lowest first",
    explain: "`levels` has the wrong shape (see `questions.md`).",
  }),
  "questions.range-invalid": entry({
    severity: "error",
    message: "`range` is `{min?, max?}` with numbers, min not above max",
    explain: "`range` has the wrong shape (see `questions.md`).",
  }),
  "questions.unknown-key": entry({
    severity: "warning",
    message: (p: { key: string; type: string }) => `\`${p.key}\` does not apply to a ${p.type} question and is ignored`,
    example: { key: "levels", type: "noul" },
    explain: "A field that does not apply to the question's type; it is ignored.",
  }),
  "questions.missing-decision": entry({
    severity: "error",
    message: (p: { id: string } & Suggested) => `no decision named \`${p.id}\` answers this question${p.didYouMean}`,
    example: { id: "eligble", didYouMean: "; did you mean `eligible`?" },
    explain: "No decision has the question's id: name the answering decision like the question.",
  }),
  "questions.not-a-decision": entry({
    severity: "error",
    message: (p: { id: string; kind: "input" | "function" }) =>
      `question \`${p.id}\` is answered by a decision of that name, but \`${p.id}\` is ${p.kind === "input" ? "an input" : "a function"}`,
    example: { id: "age", kind: "input" },
    explain: "The question's id names an input or a function; only a decision answers a question.",
  }),
  "questions.type-mismatch": entry({
    severity: "error",
    message: (p: { id: string; type: string; want: string; got: string }) =>
      `question \`${p.id}\` (${p.type}) needs decision \`${p.id}\` of type \`${p.want}\`, not ${p.got}`,
    example: { id: "eligible", type: "noul", want: "boolean", got: "number" },
    explain: "The decision's type is not the one the question fixes (address: the decision).",
  }),
  "questions.type-unknown": entry({
    severity: "warning",
    message: (p: { id: string; type: string; want: string; inferred: string }) =>
      `question \`${p.id}\` (${p.type}) needs decision \`${p.id}\` of type \`${p.want}\`; its type is inferred as ${p.inferred}: declare \`type: ${JSON.stringify(p.want)}\``,
    example: { id: "tier", type: "choice", want: "gold|silver", inferred: "string" },
    explain: "The decision's type is inferred and cannot confirm the contract (for example a plain string for a choice): declare it.",
  }),
});

const CODEGEN = inStage("codegen", {
  "codegen.disallowed": entry({
    severity: "error",
    message: variants({
      parse: (p: { error: string }) => `generated code does not parse: ${p.error}`,
      node: (p: { kind: string }) => `node ${p.kind} is not allowed`,
      identifier: (p: { name: string }) => `identifier ${p.name} is not allowed`,
      "computed-member": "computed member must be a literal",
      regex: "regular expression literals are not allowed",
      property: "only plain properties are allowed",
      operator: (p: { operator: string }) => `operator ${p.operator} is not allowed`,
    }),
    example: { variant: "node", kind: "WhileStatement" },
    explain: "The emitted module contains something outside the emitter's allow-list, so it is not loaded. A compiler bug: please report the model.",
  }),
});

// In order of preference: when one value fails several ways, the first is the one reported.
const STATE = inStage("state", {
  "state.missing": entry({
    severity: "error",
    message: variants({
      absent: (p: { name: string }) => `\`${p.name}\` is required`,
      null: (p: { name: string }) => `\`${p.name}\` is required (got null)`,
    }),
    example: { variant: "absent", name: "age" },
    explain: "A required input is absent or null (only inputs with `blank: true` may be).",
  }),
  "state.type": entry({
    severity: "error",
    message: variants({
      value: (p: { name: string; wanted: readonly string[]; got: string }) => `\`${p.name}\` must be ${p.wanted.map(article).join(" or ")} (got ${p.got})`,
      state: "the state must be a JSON object mapping input names to values",
      row: "a row must be a JSON object mapping input names to values",
    }),
    example: { variant: "value", name: "age", wanted: ["number"], got: '"30"' },
    explain: "The value has the wrong JSON type (address `inputs` when the state, or a batch row, is not an object).",
  }),
  "state.enum": entry({
    severity: "error",
    message: variants({
      values: (p: { name: string; allowed: readonly string[]; got: string }) => `\`${p.name}\` must be one of ${p.allowed.join(", ")} (got ${p.got})`,
      const: (p: { name: string; detail: string; got: string }) => `\`${p.name}\` ${p.detail} (got ${p.got})`,
    }),
    example: { variant: "values", name: "tier", allowed: ['"gold"', '"silver"'], got: '"bronze"' },
    explain: "The value is not one of the choice's or levels' values.",
  }),
  "state.format": entry({
    severity: "error",
    message: (p: { name: string; hint: string; got: string }) => `\`${p.name}\` must be ${p.hint} (got ${p.got})`,
    example: { name: "start", hint: "a date YYYY-MM-DD", got: '"2023-02-29"' },
    explain: "A date, time, date and time or duration string is malformed (or names a day that does not exist).",
  }),
  "state.range": entry({
    severity: "error",
    message: (p: { name: string; comparison: string; limit: string; got: string }) => `\`${p.name}\` must be ${p.comparison} ${p.limit} (got ${p.got})`,
    example: { name: "age", comparison: "<=", limit: "130", got: "131" },
    explain: "A number outside its constrained range.",
  }),
  "state.invalid": entry({
    severity: "error",
    message: variants({
      schema: (p: { name: string; detail?: string; got: string }) => `\`${p.name}\` ${p.detail ?? "is invalid"} (got ${p.got})`,
      row: "the row does not match the model's inputs",
    }),
    example: { variant: "schema", name: "items", detail: "must NOT have more than 10 items", got: "an array" },
    explain: "Any other schema violation (a batch row lists each one in its `errors`).",
  }),
});

const DMN = inStage("dmn", {
  "dmn.xml": entry({
    severity: "error",
    message: (p: { detail: string }) => p.detail,
    example: { detail: "model.dmn: root element is <model>, not <definitions>" },
    explain: "The file is not well-formed XML, or its root is not `<definitions>`; the message says which and where.",
  }),
  "dmn.import.type": entry({
    severity: "error",
    message: located((p: { type: string }) => `unsupported import type "${p.type}"`),
    example: { type: "http://www.w3.org/2001/XMLSchema", at: '<import name="types"> in model.dmn' },
    explain: "An `<import>` of something other than a DMN model.",
  }),
  "dmn.import.missing": entry({
    severity: "error",
    message: located((p: { namespace: string }) => `imported model with namespace "${p.namespace}" not found among the sibling files`),
    example: { namespace: "http://example.com/base", at: '<import name="base"> in model.dmn' },
    explain: "No sibling file defines the imported namespace: put the imported model beside the importing one.",
  }),
  "dmn.import.cycle": entry({
    severity: "error",
    message: located((p: { namespace: string }) => `import cycle through namespace "${p.namespace}"`),
    example: { namespace: "http://example.com/base", at: '<import name="base"> in base.dmn' },
    explain: "Models import each other in a cycle.",
  }),
  "dmn.import.collision": entry({
    severity: "error",
    message: located((p: { name: string }) => `the name "${p.name}" is declared by two imported models`),
    example: { name: "Applicant", at: "model.dmn" },
    explain: "Two imported models declare the same name without distinguishing prefixes.",
  }),
  "dmn.href.dangling": entry({
    severity: "error",
    message: located((p: { href: string }) => `reference "${p.href}" points to no element`),
    example: { href: "#d_missing", at: '<requiredDecision> in <decision id="d1" name="Risk"> in model.dmn' },
    explain: "An `href` names an element that does not exist.",
  }),
  "dmn.table.hit": entry({
    severity: "error",
    message: located((p: { hit: string }) => `unknown hit policy "${p.hit}"`),
    example: { hit: "SOMETIMES", at: AT },
    explain: "A hit policy DMN does not define.",
  }),
  "dmn.table.aggregation": entry({
    severity: "error",
    message: located((p: { aggregation: string; hit: string }) => `aggregation "${p.aggregation}" with hit policy ${p.hit}`),
    example: { aggregation: "SUM", hit: "UNIQUE", at: AT },
    explain: "An aggregation on a hit policy other than COLLECT, or an unknown aggregation.",
  }),
  "dmn.table.priorities": entry({
    severity: "error",
    message: located(
      variants({
        nested: "a nested table with this hit policy needs string output values",
        choice: (p: { values: string }) => `output values ${p.values} cannot be written as a choice type`,
        "non-string": (p: { values: string }) => `priorities from non-string output values ${p.values} are not supported`,
      }),
    ),
    example: { variant: "non-string", values: "1,2,3", at: '<output name="score"> in <decisionTable id="t1"> in model.dmn' },
    explain: "A PRIORITY or OUTPUT ORDER table whose output values cannot be kept as an ordered choice type.",
  }),
  "dmn.table.outputs": entry({
    severity: "error",
    message: located("decision table without output"),
    example: { at: AT },
    explain: "A decision table with no `<output>`.",
  }),
  "dmn.table.orientation": entry({
    severity: "error",
    message: located((p: { orientation: string }) => `unknown orientation "${p.orientation}"`),
    example: { orientation: "Diagonal", at: AT },
    explain: "A `preferredOrientation` DMN does not define.",
  }),
  "dmn.table.crosstable": entry({
    severity: "error",
    message: located("cross-tab decision tables are not supported"),
    example: { at: AT },
    explain: "Cross-tab tables are not supported: rewrite the table rule-as-row.",
  }),
  "dmn.table.input": entry({
    severity: "error",
    message: located("input column without an input expression"),
    example: { at: '<input id="i1"> in model.dmn' },
    explain: "An `<input>` column without an `<inputExpression>`.",
  }),
  "dmn.table.output-name": entry({
    severity: "error",
    message: located("output column of a multi-output table without a name"),
    example: { at: '<output> in <decisionTable id="t1"> in model.dmn' },
    explain: "Each output of a multi-output table needs a `name`.",
  }),
  "dmn.table.rule": entry({
    severity: "error",
    message: located(
      (p: { inputs: number; outputs: number; tableInputs: number; tableOutputs: number }) =>
        `rule has ${p.inputs} input and ${p.outputs} output entries, table has ${p.tableInputs} and ${p.tableOutputs}`,
    ),
    example: { inputs: 1, outputs: 1, tableInputs: 2, tableOutputs: 1, at: '<rule id="r3"> in model.dmn' },
    explain: "A rule's entries do not match the table's columns.",
  }),
  "dmn.expression.language": entry({
    severity: "error",
    message: located((p: { language: string }) => `unsupported expression language "${p.language}"`),
    example: { language: "javascript", at: '<literalExpression id="e1"> in model.dmn' },
    explain: "An expression in a language other than FEEL.",
  }),
  "dmn.expression.kind": entry({
    severity: "error",
    message: located((p: { element: string }) => `unsupported expression element <${p.element}>`),
    example: { element: "conditional", at: '<conditional id="c1"> in model.dmn' },
    explain: "A boxed expression kind the importer does not map.",
  }),
  "dmn.expression.imported-values": entry({
    severity: "error",
    message: located("importedValues are not supported"),
    example: { at: '<literalExpression id="e1"> in model.dmn' },
    explain: "A literal expression with `importedValues`, which the importer does not map.",
  }),
  "dmn.context.result": entry({
    severity: "error",
    message: located("context with more than one result entry"),
    example: { at: '<contextEntry> in <context id="c1"> in model.dmn' },
    explain: "A boxed context with more than one entry without a variable (its result).",
  }),
  "dmn.context.duplicate": entry({
    severity: "error",
    message: located((p: { name: string }) => `duplicate context entry "${p.name}"`),
    example: { name: "base", at: '<contextEntry> in <context id="c1"> in model.dmn' },
    explain: "A boxed context declares an entry name twice.",
  }),
  "dmn.invocation.callee": entry({
    severity: "error",
    message: located("invocation without a function name"),
    example: { at: '<invocation id="inv1"> in model.dmn' },
    explain: "An `<invocation>` that does not name the function it calls.",
  }),
  "dmn.invocation.binding": entry({
    severity: "error",
    message: located("binding without a parameter name"),
    example: { at: '<binding> in <invocation id="inv1"> in model.dmn' },
    explain: "An invocation `<binding>` without a parameter.",
  }),
  "dmn.function.kind": entry({
    severity: "error",
    message: located((p: { kind: string }) => `unsupported function kind "${p.kind}"`),
    example: { kind: "SQL", at: '<functionDefinition id="f1"> in model.dmn' },
    explain: "A function definition whose `kind` is not FEEL, Java or PMML.",
  }),
  "dmn.relation.row": entry({
    severity: "error",
    message: located((p: { cells: number; columns: number }) => `row has ${p.cells} cells for ${p.columns} columns`),
    example: { cells: 2, columns: 3, at: '<row> in <relation id="r1"> in model.dmn' },
    explain: "A relation row whose cells do not match the columns.",
  }),
  "dmn.iterator.variable": entry({
    severity: "error",
    message: located("iterator without iteratorVariable"),
    example: { at: '<for id="f1"> in model.dmn' },
    explain: "A `for`, `some` or `every` boxed expression without `iteratorVariable`.",
  }),
  "dmn.decision.logic": entry({
    severity: "warning",
    message: located((p: { name: string }) => `decision "${p.name}" has no value expression; it evaluates to null`),
    example: { name: "Risk", at: '<decision id="d1" name="Risk"> in model.dmn' },
    explain: "A decision without decision logic; it evaluates to null.",
  }),
  "dmn.bkm.logic": entry({
    severity: "error",
    message: located((p: { name: string }) => `business knowledge model "${p.name}" has no encapsulated logic`),
    example: { name: "Fee", at: '<businessKnowledgeModel id="b1" name="Fee"> in model.dmn' },
    explain: "A business knowledge model without `encapsulatedLogic`.",
  }),
  "dmn.service.outputs": entry({
    severity: "error",
    message: located("decision service without output decisions"),
    example: { at: '<decisionService id="s1" name="Score"> in model.dmn' },
    explain: "A decision service without `outputDecision`s.",
  }),
  "dmn.name.missing": entry({
    severity: "error",
    message: located((p: { element: string }) => `<${p.element}> without a name`),
    example: { element: "decision", at: '<decision id="d1"> in model.dmn' },
    explain: "A DRG element without a `name`.",
  }),
  "dmn.name.duplicate": entry({
    severity: "error",
    message: located((p: { name: string }) => `the name "${p.name}" is declared twice`),
    example: { name: "Risk", at: '<decision id="d2" name="Risk"> in model.dmn' },
    explain: "Two DRG elements with the same name.",
  }),
  "dmn.element.unknown": entry({
    severity: "error",
    message: located((p: { element: string }) => `unsupported element <${p.element}>`),
    example: { element: "performanceIndicator", at: '<performanceIndicator id="p1"> in model.dmn' },
    explain: "A DRG element the importer does not map.",
  }),
  "dmn.type.unknown": entry({
    severity: "error",
    message: located((p: { typeRef: string }) => `unknown typeRef "${p.typeRef}"`),
    example: { typeRef: "tPersn", at: '<variable name="p"> in <inputData id="i1" name="p"> in model.dmn' },
    explain: "A `typeRef` that is neither a FEEL type nor an item definition.",
  }),
  "dmn.type.constraint": entry({
    severity: "warning",
    message: located((p: { tests: string }) => `allowed values "${p.tests}" on a type without a base kept only as documentation`),
    example: { tests: ">= 0", at: '<itemDefinition id="t1" name="tAmount"> in model.dmn' },
    explain: "`allowedValues` on an item definition without a base type; they are not enforced.",
  }),
  "dmn.type.language": entry({
    severity: "error",
    message: located((p: { language: string }) => `unsupported type language "${p.language}"`),
    example: { language: "http://www.w3.org/2001/XMLSchema", at: '<itemDefinition id="t1" name="tAmount"> in model.dmn' },
    explain: "An item definition in a type language other than FEEL.",
  }),
});

const TCK = inStage("tck", {
  "compile.crash": entry({
    severity: "error",
    message: (p: { error: string }) => p.error,
    example: { error: "Maximum call stack size exceeded" },
    explain: "Compiling the imported model threw instead of reporting diagnostics: a compiler bug.",
  }),
});

export const CATALOGUE = { ...PARSE, ...NAMES, ...TYPES, ...GRAPH, ...TABLES, ...QUESTIONS, ...CODEGEN, ...STATE, ...DMN, ...TCK };

export type Catalogue = typeof CATALOGUE;
export type DiagnosticCode = keyof Catalogue;
/** The parameters a code's message takes. */
export type ParamsOf<C extends DiagnosticCode> = Parameters<Catalogue[C]["message"]>[0];
export type SeverityOf<C extends DiagnosticCode> = Catalogue[C]["severity"];

/** The entry of a code, for codes only known at run time (diagnostics read back from JSON). */
export const catalogueEntry = (code: string): AnyEntry | undefined =>
  Object.hasOwn(CATALOGUE, code) ? (CATALOGUE[code as DiagnosticCode] as AnyEntry) : undefined;

/** The codes of one stage or family, in catalogue order. */
export const codesOf = (stage: StageName): DiagnosticCode[] =>
  (Object.keys(CATALOGUE) as DiagnosticCode[]).filter((c) => CATALOGUE[c].stage === stage);
