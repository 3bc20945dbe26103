// The model editor: CodeMirror 6 with JSON syntax, FEEL highlighting inside the model's strings,
// and the check's findings (JSON, schema, compiler) underlined at their places as the user types.
import { json } from "@codemirror/lang-json";
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { linter, lintGutter, lintKeymap } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { feelHighlight } from "./feel-highlight.js";
import type { ModelCheck } from "./model-check.js";

export interface ModelEditor {
  view: EditorView;
  text(): string;
  /** replaces the whole text (another model opened) */
  load(text: string): void;
  /** replaces the characters from..to, as one edit */
  replace(from: number, to: number, insert: string): void;
  /** selects a range and scrolls it into view */
  reveal(from: number, to: number): void;
}

/**
 * `check` runs on the text after each pause in typing; its findings become the editor's
 * diagnostics. `changed` is called on every change of the text.
 */
export function createEditor(parent: HTMLElement, text: string, check: (text: string) => ModelCheck, changed: () => void): ModelEditor {
  const lint = linter(
    (view) =>
      check(view.state.doc.toString()).findings.map((f) => ({
        from: Math.min(f.from, view.state.doc.length),
        to: Math.min(Math.max(f.to, f.from), view.state.doc.length),
        severity: f.severity,
        source: f.source === "check" ? f.where : `${f.source}: ${f.where}`,
        message: f.message,
      })),
    { delay: 250 },
  );
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        // control and bidi characters as a marker, never obeyed (the default set misses LRE, RLE, PDF and FSI)
        highlightSpecialChars({ addSpecialChars: /[\u202a-\u202c\u2068]/ }),
        highlightActiveLineGutter(),
        drawSelection(),
        highlightActiveLine(),
        bracketMatching(),
        json(),
        syntaxHighlighting(defaultHighlightStyle),
        feelHighlight,
        lintGutter(),
        lint,
        keymap.of(lintKeymap),
        EditorView.updateListener.of((u) => u.docChanged && changed()),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ "aria-label": "model JSON", spellcheck: "false" }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    load: (t) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } }),
    replace: (from, to, insert) => view.dispatch({ changes: { from, to, insert } }),
    reveal: (from, to) => {
      view.dispatch({ selection: { anchor: from, head: to }, effects: EditorView.scrollIntoView(from, { y: "center" }) });
      view.focus();
    },
  };
}
