// A word a form or a scan broke at the end of a line with a hyphen ("annual in-\n  come", "re-\nquested")
// is read whole: its two parts are joined and the hyphen, the line break and the indent after it
// become spaces after the word, so the text keeps its length and spans still point into it as
// written. Only a lower-case part after the break is joined ("Mid-\nWest" may be two names). One pass.

/** Letters, a hyphen at the end of a line, the break and indent, then lower-case letters and the stop after them. */
const WRAPPED = /(?<=[A-Za-z]{2})-[ \t]*\r?\n[ \t]*([a-z]{2,}[:;,.)]?)/g;

/** The text with its words broken over two lines joined on the first; a text with none as it is. */
export const joinedWraps = (text: string): string =>
  text.replace(WRAPPED, (whole, rest: string) => rest + " ".repeat(whole.length - rest.length));
