// Which language a piece of DMN text is written in, and the FEEL text when it is FEEL. An
// expression's language is its own `expressionLanguage`, else the one `<definitions>` declares,
// else FEEL (DMN 1.5, 6.3.2). Only FEEL is imported: text in any other language is never written
// into the model, so nothing runs that was not FEEL.
import { diagnostic } from "../ir/diagnostics.js";
import { locate, unfilled, type ImportContext } from "./context.js";
import { attr, textChild, type XmlElement } from "./xml.js";

/** FEEL as DMN 1.1–1.5 name it (URIs of every version, `FEEL`), S-FEEL (a subset), Camunda's FEEL engines. */
const FEEL = [/^https?:\/\/www\.omg\.org\/spec\/(?:DMN\/\d{8}\/)?S?-?FEEL\/?(?:\d{8}\/?)?$/i, /^(?:s-)?feel(?:-scala|-juel)?$/i];

/** Other languages by the names tools write, to say which one a file uses and what to do about it. */
const FOREIGN: { pattern: RegExp; name: string; advice: string }[] = [
  {
    pattern: /(?:^|\/)B-FEEL\/?$/i,
    name: "B-FEEL",
    advice: "B-FEEL gives other results than FEEL where a value is null or of the wrong type; rewrite it in FEEL",
  },
  { pattern: /^juel$/i, name: "JUEL", advice: "JUEL (Camunda 7's expression language) is not evaluated here; rewrite it in FEEL" },
  { pattern: /^groovy$/i, name: "Groovy", advice: "scripts are not evaluated here; rewrite it in FEEL" },
  {
    pattern: /^(?:javascript|js|ecmascript|nashorn|graal\.js)$/i,
    name: "JavaScript",
    advice: "scripts are not evaluated here; rewrite it in FEEL",
  },
  { pattern: /^(?:python|jython)$/i, name: "Python", advice: "scripts are not evaluated here; rewrite it in FEEL" },
  { pattern: /^j?ruby$/i, name: "Ruby", advice: "scripts are not evaluated here; rewrite it in FEEL" },
  { pattern: /^mvel$/i, name: "MVEL", advice: "MVEL is not evaluated here; rewrite it in FEEL" },
  {
    pattern: /^free_text$/i,
    name: "Signavio's free text",
    advice: "Signavio's free-text expressions call its own function library (concat, dayAdd, ...), which is not FEEL's; rewrite it in FEEL",
  },
];

/** A `${…}` or `#{…}` expression: JUEL, which older Camunda 7 versions assumed where no language is named. */
const JUEL_SHAPE = /^\s*[$#]\{[\s\S]*\}\s*$/;

const isFeel = (language: string): boolean => FEEL.some((p) => p.test(language.trim()));

/** The language declared for an element: its own, else the file's default; undefined means FEEL. */
function declaredLanguage(el: XmlElement, ctx: ImportContext): string | undefined {
  const own = attr(el, "expressionLanguage")?.trim();
  return own !== undefined && own !== "" ? own : ctx.expressionLanguage;
}

/**
 * Reports text in another language at the element (and marks the enclosing decision or function
 * unmapped); true when the element's text may be read as FEEL.
 */
function inFeel(el: XmlElement, ctx: ImportContext, text = textChild(el)): boolean {
  const language = declaredLanguage(el, ctx);
  if (language !== undefined && !isFeel(language)) {
    const known = FOREIGN.find((f) => f.pattern.test(language.trim()));
    const advice = known?.advice ?? "only FEEL is evaluated here; rewrite it in FEEL";
    unfilled(
      ctx,
      diagnostic("dmn.expression.language", { language: known?.name ?? language, declared: language, advice, at: locate(ctx, el) }),
    );
    return false;
  }
  if (language === undefined && text !== undefined && JUEL_SHAPE.test(text)) {
    unfilled(ctx, diagnostic("dmn.expression.juel", { text: text.trim(), at: locate(ctx, el) }));
    return false;
  }
  return true;
}

/** The FEEL text of an expression-holding element (`<text>` child), or undefined when it is not FEEL. */
export function feelText(el: XmlElement, ctx: ImportContext): string | undefined {
  const text = textChild(el);
  return inFeel(el, ctx, text) ? text : undefined;
}
