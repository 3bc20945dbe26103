// Model text made visible wherever it is shown: a model may come from anyone, and its names,
// descriptions and strings may hold characters a terminal obeys (ESC starts a control sequence,
// OSC 8 a hidden hyperlink, BEL rings, CR overwrites the line), characters that reorder what an
// editor shows (bidi overrides, the Trojan Source trick), line separators that end a line in some
// readers and not others, a NUL, or half of a surrogate pair. Each is written as the escape `\uXXXX`,
// which is what it means inside a JSON or JavaScript string and plainly visible anywhere else; tab
// and line feed are kept, but in a line of a report (visibleLine), where a line feed inside a name
// would end the line and start one that reads as the report's own: there it is `\u000a` too.
// docs/guard-rails.md ("Model text in what pdm writes") lists where each is used.

/** The characters shown as `\uXXXX`: C0 controls but tab and line feed, DEL and C1, bidi controls, line and paragraph separators, the byte order mark, lone surrogates. */
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- finding exactly those characters is the point
  /[\0-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const escape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** `text` with each hidden or obeyed character written as `\uXXXX` (tab and line feed kept). */
export const visibleText = (text: string): string => text.replace(HIDDEN, escape);

/** JSON text (also a JavaScript or TypeScript literal) with the hidden characters of its strings escaped: the same value, shown. */
export const visibleJson = (value: unknown, indent?: number): string => visibleText(JSON.stringify(value, null, indent));

/** One line of a report, with model text in it: visibleText, and a line feed written as `\u000a`, so it stays one line. */
export const visibleLine = (line: string): string => visibleText(line).replace(/\n/g, "\\u000a");

/** The lines of a report, each kept one line (visibleLine), joined by line feeds. */
export const visibleLines = (lines: readonly string[]): string => lines.map(visibleLine).join("\n");
