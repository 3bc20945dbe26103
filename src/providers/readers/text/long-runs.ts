// A run of characters with no space in it longer than a word can be is no word of evidence (a link,
// an encoded blob, a line of dashes): the readers see it as blank. Patterns that scan a word —
// the tokenizer's link and address patterns, "a word ending a sentence" — take time that grows with
// the square or the cube of the word's length (16,000 characters of "http://" held a core 83 s), so
// the longest word bounds what one word can cost and reading stays linear in the text. Blanking
// keeps every offset: spans quoted from the text still point where they did.

/** The longest run without a space that is read: longer than any word, address or link of evidence. */
export const LONGEST_WORD = 256;

const OVERLONG = new RegExp(`\\S{${LONGEST_WORD + 1},}`, "g");

/** `text` with each run of more than LONGEST_WORD non-space characters turned into as many spaces. */
export const blankOverlongRuns = (text: string): string => text.replace(OVERLONG, (run) => " ".repeat(run.length));
