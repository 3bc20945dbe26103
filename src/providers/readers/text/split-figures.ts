// A scan or a form's narrow column can cut a figure apart: a date broken at the end of a line
// ("Eff. date: 11/0\n5/2025"), a date spaced around its slashes ("12 / 03 / 2026") or broken after
// them ("12 /\n 03 / 2025") and written on the line below its label, a thousands
// group split by a stray space ("$ 2,3 40.00"), an amount broken after a thousands comma at the end
// of a line ("$ 18,\n400.00"), a figure a form writes one digit to a box ("1 2 / 0 3 / 2 0 2 5"). Before anything reads the text, such a figure is
// written whole where it starts and the characters taken out of it (the line break, the spaces)
// follow it, so the text keeps its length and spans still point into it as written. Only a cut
// that leaves a part no figure is written as, and a whole that is one, is joined. One pass each.

/** A date cut at a line's end: day or month, a separator, at most one digit, the break, the rest of a full date. */
const BROKEN_DATE = /(?<![\d/.])(\d{1,2})([/.])(\d?)([ \t]*\r?\n[ \t]*)(\d{0,2})\2(\d{4})(?![\d/.])/g;
/**
 * A date spaced around its separators, or broken over lines after them as a form's narrow field
 * writes it (a line that ends with a separator goes on with the date): "12 / 03 / 2026", "03 .11. 2025", "12 /\n 03 / 2025".
 */
const SPACED_DATE =
  /(?<![\d/.])(\d{1,2})([ \t]*)([/.])([ \t]*(?:\r?\n[ \t]*)?)(\d{1,2})([ \t]*)\3([ \t]*(?:\r?\n[ \t]*)?)(\d{4})(?![\d/.])/g;
/** A thousands group cut by one space, with cents after it: "2,3 40.00", "12,34 5.50". */
const SPLIT_GROUP = /(?<![\d.,])(\d{1,3}(?:,\d{3})*),(\d{1,2}) (\d{1,2})(\.\d{2})(?![\d.,]?\d)/g;
/**
 * An amount cut after a thousands comma at a line's end: a currency before it or cents after it (so
 * that "18,\n400" of a list of counts stays two numbers), then the break and a group of three digits.
 * After a currency the cut may fall inside the group ("$ 12,0\nOO", "$ 12,00\n0"): the digits before
 * and after the break make the group's three, and a scan's "O" on the new line, which no word is,
 * stands for its 0.
 */
const BROKEN_GROUP =
  /(?<=(?:[$€£]|\b(?:USD|EUR|GBP|CHF|CAD|AUD))[ \t]?)(\d{1,3}(?:,\d{3})*),(\d{0,2})([ \t]*\r?\n[ \t]*)([\dO]{1,3}(?:\.\d{2})?)(?![\d.,/]?[\dA-Za-z])|(?<![\d.,])(\d{1,3}(?:,\d{3})*),([ \t]*\r?\n[ \t]*)(\d{3}\.\d{2})(?![\d.,]?\d)/g;

/**
 * An amount after its currency that a scan spaced out ("$ 7, 500 . 00", "$ 4 1 , 0 0 0"): digits,
 * thousands commas and a decimal point on one line, with a space before a separator or between two
 * digits (so that "$20, 300, 400", a list, stays apart). Joined only when the whole is an amount of
 * thousands groups or of cents.
 */
const SPACED_AMOUNT = /(?<=(?:[$€£]|\b(?:USD|EUR|GBP|CHF|CAD|AUD))[ \t]?)\d[\d,. \t]*\d(?![\d.,]?\d)/g;
const WHOLE_AMOUNT = /^(?:\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+\.\d{2})$/;

function joinedAmount(run: string): string {
  if (!/[ \t][,.]|\d[ \t]+\d/.test(run)) return run;
  const whole = run.replace(/[ \t]/g, "");
  return WHOLE_AMOUNT.test(whole) ? whole + " ".repeat(run.length - whole.length) : run;
}

/**
 * A figure a form writes a digit to a box ("1 2 / 0 3 / 2 0 2 5", "9 0 0 0", "4 8 0 . 0 0"): single
 * digits and separators, one space apart, on one line. Joined when the whole is a date, an amount
 * of thousands groups or cents, or a number of four digits or more; a shorter number ("3 1 0",
 * "4 7") only when it is its label's whole answer, after a colon and alone to the line's end (so
 * that "1 2 3" of a list stays apart).
 */
const BOXED_FIGURE = /(?<![\p{L}\p{N}.,/])\d(?: [\d/.,])* \d(?![\p{L}\p{N}])/gu;
const WHOLE_BOXED = /^(?:\d{1,2}([/.])\d{1,2}\1\d{4}|\d{4,}|\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+\.\d{2})$/;
const AFTER_LABEL = /:[ \t]*$/;
const LINE_END = /^[ \t]*(?:\r?\n|$)/;
/** How far before a short number its label's colon, and after it its line's end, are looked for (bounded: one pass stays linear). */
const [LABEL_REACH, LINE_REACH] = [8, 24];

function joinedBoxes(run: string, at: number, text: string): string {
  const whole = run.replace(/ /g, "");
  const end = at + run.length;
  const answer =
    /^\d+$/.test(whole) &&
    AFTER_LABEL.test(text.slice(Math.max(0, at - LABEL_REACH), at)) &&
    LINE_END.test(text.slice(end, end + LINE_REACH));
  return WHOLE_BOXED.test(whole) || answer ? whole + " ".repeat(run.length - whole.length) : run;
}

function joinedDate(whole: string, first: string, sep: string, a: string, gap: string, b: string, year: string): string {
  const middle = a + b;
  // a part that is a full day or month already ("11/05\n2025" is not cut inside a part)
  if (a === "" || b === "" || middle.length !== 2 || Number(middle) < 1) return whole;
  return `${first}${sep}${middle}${sep}${year}${gap}`;
}

function compactDate(whole: string, d: string, s1: string, sep: string, s2: string, m: string, s3: string, s4: string, y: string): string {
  const spaces = s1 + s2 + s3 + s4;
  // broken over lines only in a date spaced before each separator ("12 /\n 03 / 2025"): "Ref 12/\n05/2025" is a reference and a month
  if (spaces === "" || (/\n/.test(s2 + s4) && (s1 === "" || s3 === ""))) return whole;
  return `${d}${sep}${m}${sep}${y}${spaces}`;
}

/**
 * A form's label alone on its line with its date alone on the next ("Date of loss:\n 12/03/2025"):
 * the label's line break, taken for a space, puts the date beside its label. Run after the dates
 * above are written whole, so a date broken over lines is one by then. A form's layout, no figure
 * cut apart: what is read beside it is as sure as on one line.
 */
const LABEL_ABOVE_DATE =
  /(?<=(?:^|\n)[ \t]*\p{L}[\p{L} .'’()-]{0,40}:)([ \t]*)(\r?\n)(?=[ \t]*(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{4}-\d{2}-\d{2})[ \t]*(?:\r?\n|$))/gu;

const besideLabel = (_whole: string, blanks: string, gap: string): string => blanks + " ".repeat(gap.length);

function joinedGroup(whole: string, head: string, a: string, b: string, cents: string): string {
  return a.length + b.length === 3 ? `${head},${a}${b}${cents} ` : whole;
}

function joinedBreak(
  whole: string,
  head?: string,
  part?: string,
  gap?: string,
  rest?: string,
  head2?: string,
  gap2?: string,
  rest2?: string,
): string {
  if (head === undefined) return `${head2},${rest2}${gap2}`;
  const group = `${part}${rest!.replace(/O/g, "0")}`;
  return /^\d{3}(?:\.\d{2})?$/.test(group) ? `${head},${group}${gap}` : whole;
}

/** The text with its cut figures written whole; a text with none as it is. */
export const joinedFigures = (text: string): string =>
  text
    .replace(BOXED_FIGURE, joinedBoxes)
    .replace(BROKEN_DATE, joinedDate)
    .replace(SPACED_DATE, compactDate)
    .replace(SPLIT_GROUP, joinedGroup)
    .replace(SPACED_AMOUNT, joinedAmount)
    .replace(BROKEN_GROUP, joinedBreak);

/** The text with each date written on the line below its label moved beside it (offsets kept). */
export const datesBesideLabels = (text: string): string => text.replace(LABEL_ABOVE_DATE, besideLabel);
