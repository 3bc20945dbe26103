// Text struck through in Markdown (`~~10%~~ 15%`) or HTML (`<s>10%</s>`, `<del>…</del>`) is a
// value withdrawn in favour of what follows it: it is blanked before any cue is read, with spaces
// of its length, so the text keeps its length and spans still point into it as written. A strike
// never runs over a line break. One pass.

/** A struck span on one line: between double tildes, or inside `<s>`, `<strike>` or `<del>`. */
const STRUCK = /~~[^~\n]{1,200}~~|<(s|strike|del)>[^<\n]{1,200}<\/\1>/gi;

/** The text with its struck-out spans blanked; a text with none as it is. */
export const withoutStruck = (text: string): string => text.replace(STRUCK, (whole) => " ".repeat(whole.length));
