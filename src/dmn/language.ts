// Which language a piece of DMN text is written in, and the FEEL text when it is FEEL. An
// expression's language is its own `expressionLanguage`, else the one `<definitions>` declares,
// else FEEL (DMN 1.5, 6.3.2). Only FEEL is imported: text in any other language is never written
// into the model, so nothing runs that was not FEEL.
import { diagnostic } from "../ir/diagnostics.js";
import { locate, unfilled, type ImportContext } from "./context.js";
import { juelAsFeel } from "./juel.js";
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

/**
 * A string in single quotes, which FEEL does not have: a `'` that opens a token (at the start, or
 * after a space, bracket, comma or operator) and closes on the same line. A `'` inside a name
 * (`Customer's age`), a string or a comment is FEEL's own and is not matched.
 */
const SINGLE_QUOTED = /(?:^|[\s([,=<>!+\-*/])('[^'\n]*')/;

/** The first single-quoted piece of FEEL text, outside double-quoted strings and comments. */
export function singleQuoted(text: string): string | undefined {
  const bare = text.replace(/"(?:[^"\\\n]|\\.)*"/g, '""').replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, " ");
  return SINGLE_QUOTED.exec(bare)?.[1];
}

/**
 * A table entry that is the end of a JUEL condition, as Flowable and Activiti write them: the
 * engine appends the entry to the input expression (`== 'gold'`, `!= ""` and `.startsWith('a')`
 * become `${input == 'gold'}`, `${input != ""}` and `${input.startsWith('a')}`). FEEL has no `==`,
 * no method calls, and no `!=` test (JUEL's `null != ""` is false: it coerces null to "").
 */
const JUEL_FRAGMENT = /^\s*(?:==|!=|\.[A-Za-z_$][\w$]*\s*\()/;

/**
 * FEEL text as written, unless it is a JUEL condition's end (Flowable) or quotes with `'` (older
 * Camunda FEEL strings, jDMN names): then refused at the element.
 */
function quotedAsFeel(el: XmlElement, ctx: ImportContext, text: string): string | undefined {
  if ((el.name === "inputEntry" || el.name === "outputEntry") && JUEL_FRAGMENT.test(text)) {
    unfilled(ctx, diagnostic("dmn.expression.juel-fragment", { text: text.trim(), at: locate(ctx, el) }));
    return undefined;
  }
  const quoted = singleQuoted(text);
  if (quoted === undefined) return text;
  unfilled(ctx, diagnostic("dmn.expression.single-quoted", { text: quoted, at: locate(ctx, el) }));
  return undefined;
}

const isFeel = (language: string): boolean => FEEL.some((p) => p.test(language.trim()));
const isJuel = (language: string): boolean => /^juel$/i.test(language.trim());

/** The language declared for an element: its own, else the file's default; undefined means FEEL. */
function declaredLanguage(el: XmlElement, ctx: ImportContext): string | undefined {
  const own = attr(el, "expressionLanguage")?.trim();
  return own !== undefined && own !== "" ? own : ctx.expressionLanguage;
}

/** A JUEL input entry is a boolean condition on `cellInput`, not a unary test. */
const JUEL_ENTRY_ADVICE =
  'a JUEL input entry is a condition on cellInput, which no FEEL unary test reads the same; rewrite it as a FEEL unary test (`cellInput == "gold"` is `"gold"`)';

function refuse(el: XmlElement, ctx: ImportContext, language: string): undefined {
  const known = FOREIGN.find((f) => f.pattern.test(language.trim()));
  const entry = known?.name === "JUEL" && el.name === "inputEntry";
  const advice = entry ? JUEL_ENTRY_ADVICE : (known?.advice ?? "only FEEL is evaluated here; rewrite it in FEEL");
  unfilled(
    ctx,
    diagnostic("dmn.expression.language", { language: known?.name ?? language, declared: language, advice, at: locate(ctx, el) }),
  );
  return undefined;
}

/**
 * The FEEL text of an expression-holding element (`<text>` child), or undefined when it is not
 * FEEL: text in another language is reported at the element (and the enclosing decision or
 * function marked unmapped). Empty text holds nothing to evaluate in any language (an empty input
 * entry matches everything, an empty expression is null). JUEL whose FEEL reading is exact (a
 * variable's name or a literal, see juel.ts) is imported as that FEEL, with a warning; an input
 * entry in JUEL is a condition on `cellInput`, which no FEEL unary test reads the same, so it is
 * always refused.
 */
export function feelText(el: XmlElement, ctx: ImportContext): string | undefined {
  const text = textChild(el);
  if (text === undefined || text.trim() === "") return text;
  const language = declaredLanguage(el, ctx);
  const shapedJuel = language === undefined && JUEL_SHAPE.test(text);
  if (language !== undefined && !isJuel(language)) return isFeel(language) ? quotedAsFeel(el, ctx, text) : refuse(el, ctx, language);
  if (language === undefined && !shapedJuel) return quotedAsFeel(el, ctx, text);
  const feel = el.name === "inputEntry" ? undefined : juelAsFeel(text);
  if (feel !== undefined) {
    ctx.diagnostics.push(diagnostic("dmn.expression.juel-mapped", { text: text.trim(), feel, at: locate(ctx, el) }));
    return feel;
  }
  if (shapedJuel) unfilled(ctx, diagnostic("dmn.expression.juel", { text: text.trim(), at: locate(ctx, el) }));
  else refuse(el, ctx, language!);
  return undefined;
}
