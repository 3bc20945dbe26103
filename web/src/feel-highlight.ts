// FEEL inside the model's JSON strings, highlighted with the compiler's own lexer: keywords,
// numbers, string and date literals, operators. Only strings that hold FEEL are marked: decision
// and function bodies, let entries and table cells, not descriptions, types or `# why` text.
import { RangeSetBuilder } from "@codemirror/state";
import { Decoration, ViewPlugin, type DecorationSet, type EditorView, type ViewUpdate } from "@codemirror/view";
import { KEYWORDS } from "../../src/compiler/1-parse/feel/keywords.js";
import { BUILTIN_NAMES } from "../../src/compiler/2-analyse/expressions/builtins.js";
import { lex, type Token } from "../../src/compiler/1-parse/feel/lexer.js";
import { decodeString, locateValues, stringValues, type JsonPath } from "./json-text.js";

const NOT_FEEL = new Set([
  "desc",
  "why",
  "type",
  "hit",
  "requires",
  "params",
  "returns",
  "options",
  "questions",
  "name",
  "types",
  "inputs",
]);

const marks = {
  keyword: Decoration.mark({ class: "feel-keyword" }),
  number: Decoration.mark({ class: "feel-number" }),
  string: Decoration.mark({ class: "feel-string" }),
  operator: Decoration.mark({ class: "feel-operator" }),
};

function markOf(t: Token): Decoration | undefined {
  if (t.kind === "word") return KEYWORDS.has(t.text) ? marks.keyword : undefined;
  if (t.kind === "number") return marks.number;
  if (t.kind === "string" || t.kind === "temporal") return marks.string;
  if (t.kind === "punct" && !/^[()[\]{},.:]$/.test(t.text)) return marks.operator;
  return undefined;
}

/** Whether the string at `path` of the model is FEEL: under decisions or functions, not a description, type or annotation. */
function isFeel(model: unknown, path: JsonPath, value: string): boolean {
  const rest = path[0] === "content" ? path.slice(1) : path;
  // an output column's header declares a type, not an expression
  if (typeof value === "string" && value.trim().startsWith("=>")) return false;
  if (rest[0] !== "decisions" && rest[0] !== "functions") return false;
  if (rest.some((p) => typeof p === "string" && NOT_FEEL.has(p) && p !== rest[1])) return false;
  // a cell of an annotation column: its header cell starts with `#`
  const row = typeof path.at(-2) === "number" && typeof path.at(-1) === "number";
  if (row) {
    const table = path.slice(0, -2).reduce<unknown>((at, k) => (at as Record<string, unknown> | undefined)?.[k as string], model);
    const header = Array.isArray(table) && Array.isArray(table[0]) ? (table[0] as unknown[]) : [];
    if (
      String(header[path.at(-1) as number] ?? "")
        .trim()
        .startsWith("#")
    )
      return false;
  }
  return true;
}

/** Type names FEEL spells with keywords in them. */
const TYPE_NAMES = ["years and months duration", "days and time duration", "date and time"];

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The names of several words a FEEL string may use, split into words: the model's inputs,
 * decisions, functions, types and `let` entries, the built-ins and the type names. A keyword
 * inside one of them (`and` in `years and months duration`, `of` in `date of birth`) is a word of
 * a name, not a keyword.
 */
function multiWordNames(model: unknown): string[][] {
  const content = isObj(model) && isObj(model.content) ? model.content : isObj(model) ? model : {};
  const keys = (v: unknown) => (isObj(v) ? Object.keys(v) : []);
  const decisions = isObj(content.decisions) ? content.decisions : {};
  const lets = Object.values(decisions).flatMap((d) => (isObj(d) ? keys(d.let) : []));
  const names = [
    ...keys(content.inputs),
    ...keys(decisions),
    ...keys(content.functions),
    ...keys(content.types),
    ...lets,
    ...BUILTIN_NAMES,
    ...TYPE_NAMES,
  ];
  return names.map((n) => n.split(/\s+/)).filter((words) => words.length > 1 && words.some((w) => KEYWORDS.has(w)));
}

/** The word tokens that are part of a name of several words, written with single spaces or more between. */
function wordsOfNames(value: string, tokens: readonly Token[], names: readonly string[][]): Set<Token> {
  const inName = new Set<Token>();
  tokens.forEach((_t, i) => {
    for (const words of names) {
      const run = tokens.slice(i, i + words.length);
      const same =
        run.length === words.length &&
        run.every((t, k) => t.kind === "word" && t.text === words[k]) &&
        run.every((t, k) => k === 0 || value.slice(run[k - 1]!.end, t.start).trim() === "");
      if (same) for (const t of run) inName.add(t);
    }
  });
  return inName;
}

function decorations(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  const text = view.state.doc.toString();
  const root = locateValues(text);
  if (!root) return builder.finish();
  const model = JSON.parse(text) as unknown;
  const names = multiWordNames(model);
  for (const { path, from } of stringValues(text, root)) {
    const { value, offsets } = decodeString(text, from);
    if (!isFeel(model, path, value)) continue;
    const tokens = lex(value).tokens;
    const inName = wordsOfNames(value, tokens, names);
    for (const t of tokens) {
      const mark = inName.has(t) ? undefined : markOf(t);
      if (mark && t.end > t.start) builder.add(offsets[t.start]!, offsets[t.end]!, mark);
    }
  }
  return builder.finish();
}

export const feelHighlight = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = decorations(view);
    }
    update(u: ViewUpdate) {
      if (u.docChanged) this.decorations = decorations(u.view);
    }
  },
  { decorations: (v) => v.decorations },
);
