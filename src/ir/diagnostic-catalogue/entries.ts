// What a catalogue entry is, the stages and families codes belong to, and the wording several
// families share. The entries themselves are in one file per family (index.ts joins them).
import { SHOWN_PER_ELEMENT, type Severity } from "../diagnostic-types.js";

/**
 * The summary stage's description, made by a call marked pure: a template of an imported constant
 * in STAGES would keep the whole table in every generated module, which never reads it.
 */
function summaryAbout(): string {
  return (
    `Not a stage: a Check lists at most ${SHOWN_PER_ELEMENT} diagnostics of one code at one model element; the rest are counted in one ` +
    "warning placed in the stage of the code it counts, whose `of` names that code, so that a table of thousands of " +
    "wrong cells is answered in a few kilobytes."
  );
}

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
      "Not one of the six: generated code that fails its allow-list check before it is loaded (an emitter bug, never a " +
      "user error), or that would pass the compile's size limit; the Check of that compilation gains a failed `codegen` stage.",
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
  sql: {
    title: "sql",
    about:
      "Not one of the six: `pdm compile --sql` and `pdm check --sql` lower a checked model to one SQL query per dialect " +
      "(docs/sql.md). Each part of the model the dialect cannot compute with FEEL's exact answer is an error at its address, " +
      "with the FEEL span and the dialect; the model is then scored with the JS engine.",
  },
  summary: {
    title: "Diagnostics left out",
    about: /* @__PURE__ */ summaryAbout(),
  },
  tck: { title: "TCK runner", about: "Not part of the Check: what the DMN TCK runner reports about a compilation." },
  cases: {
    title: "cases",
    about:
      "Not one of the six: `pdm check` runs the model's test cases (the `cases/` folder beside the model, or `--cases`) once " +
      "the six stages pass, and adds a `cases` stage. A case whose state does not fit the inputs, or whose expected " +
      "decisions and answers differ from the model's, is an error at the input, decision or question it names.",
  },
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

interface Entry<P, S extends CatalogueSeverity = CatalogueSeverity, St extends StageName = StageName> {
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

export function entry<S extends CatalogueSeverity>(d: { severity: S; message: string; explain: string }): Definition<NoParams, S>;
export function entry<P, S extends CatalogueSeverity>(d: {
  severity: S;
  message: Template<P>;
  example: NoInfer<P>;
  explain: string;
}): Definition<P, S>;
export function entry(d: { severity: CatalogueSeverity; message: string | Template<never>; example?: unknown; explain: string }) {
  const { message } = d;
  return { ...d, message: typeof message === "string" ? () => message : message, example: d.example ?? {} };
}

type VariantParams<V> = {
  [K in keyof V]: { variant: K } & (V[K] extends Template<infer P> ? (unknown extends P ? unknown : P) : unknown);
}[keyof V];

/** One code whose message says which of several related problems it is; `variant` picks the text. */
export const variants =
  <V extends Record<string, string | Template<never>>>(texts: V): Template<VariantParams<V>> =>
  (p) => {
    const t = texts[p.variant] as string | Template<typeof p>;
    return typeof t === "string" ? t : t(p);
  };

/** DMN import messages end with the element and file they are about (`at`). */
export function located(text: string): Template<{ at: string }>;
export function located<P>(text: Template<P>): Template<P & { at: string }>;
export function located(text: string | Template<unknown>): Template<{ at: string }> {
  return (p) => `${typeof text === "string" ? text : text(p)} (${p.at})`;
}

// The constraint leaves `message` and `example` out so that it gives `entry` no contextual type
// to infer their parameters from.
export function inStage<St extends StageName, E extends Record<string, { severity: CatalogueSeverity; explain: string }>>(
  stage: St,
  defs: E,
): { [K in keyof E]: E[K] & { stage: St } } {
  return Object.fromEntries(Object.entries(defs).map(([code, d]) => [code, { stage, ...d }])) as { [K in keyof E]: E[K] & { stage: St } };
}

// Wording shared by several codes.
export type Suggested = { didYouMean: string };
export const unknownKey = (p: { key: string } & Suggested): string => `unknown key \`${p.key}\` is ignored${p.didYouMean}`;
export const needsOneBody = (p: { name: string }): string => `decision \`${p.name}\` needs exactly one of \`expr\` and \`table\``;
/** A unary test that can never match the value under test (a cell, `in`, a type's condition). */
export type TestMismatchParams = { test: string; type: string; subject: string };
export const cannotMatch = (p: TestMismatchParams): string => `${p.test} (${p.type}) cannot match a ${p.subject} value`;
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;
export const article = (t: string): string => (t === "array" || t === "object" || t === "integer" ? `an ${t}` : `a ${t}`);
export const ALL_HIT_POLICIES = "one of UNIQUE, FIRST, PRIORITY, ANY, COLLECT (SUM|MIN|MAX|COUNT), RULE ORDER, OUTPUT ORDER";
export const AT = '<decisionTable id="t1"> in model.dmn:12';
