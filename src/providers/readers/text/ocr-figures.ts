// A scanned form read by OCR writes the digits 0 and 1 as the letters O and l (or I) and back:
// "2O26-O1-15", "l,85O.OO", "Po1icy", "N0RTHSTAR". Before anything reads the text:
// - a token that is otherwise a number or a date (digits, the letters OCR takes them for and the
//   separators of figures, standing apart from any word, with at least one true digit) has those
//   letters put back as the digits they stand for;
// - only in a text that shows such misread figures (a scan), a token that is otherwise a word (its
//   letters outnumbering its digits, no digit but 0 and 1) has its 0 and 1 put back as
//   the letters they stand for, in the case of the letters around them.
// - a "S" among the digits and separators of a figure ("S,300", "$1,2S0": no word is so written)
//   is the 5 it stands for, as the O and l are 0 and 1;
// - a figure with a mark among its digits where a digit could not be made out ("$l,2?5", "4,_50")
//   is a blank of the form ("____"): which figure it is the text does not say, so none is read.
// Every repair keeps the text's length, so spans still point into the text as written. A text with
// no misread figure keeps its words as written ("H1N1", "MP3", "Oslo"). One pass over the text each.

/** A run of digits, the letters OCR takes them for, and figure separators, with no letter or digit on either side. */
const FIGURE = /(?<![A-Za-z0-9])[0-9OolIS](?:[0-9OolIS.,:/-]*[0-9OolIS])?(?![A-Za-z0-9])/g;
const AS_DIGIT: Record<string, string> = { O: "0", o: "0", l: "1", I: "1", S: "5" };
/** A figure with a mark for a digit not made out among its digits: "1,2?5", "4,_50", "12??0". */
const ILLEGIBLE = /(?<![A-Za-z0-9])[0-9OolI](?:[0-9OolI.,]*[?_])+[0-9OolI.,?_]*[0-9OolI](?![A-Za-z0-9])/g;
/** A run of letters and digits with no letter or digit on either side. */
const WORD = /(?<![A-Za-z0-9])[A-Za-z0-9]+(?![A-Za-z0-9])/g;

/**
 * A figure with a true digit and a letter OCR takes for one; a "S" only in an amount's figure (digits,
 * commas and periods), never in a code or a date ("S-300", "S/2").
 */
const misreadFigure = (token: string): boolean =>
  /\d/.test(token) &&
  (/[OolI]/.test(token) ? !/S/.test(token) || /^[\dOolIS.,]+$/.test(token) : /S/.test(token) && /^[\dS.,]+$/.test(token));

/** A word with a 0 or 1 among its letters: more letters than digits ("Ju1", not "H1N1"), no other digit. */
function misreadWord(token: string): boolean {
  if (!/[01]/.test(token) || /[2-9]/.test(token)) return false;
  const letters = token.replace(/[01]/g, "").length;
  return letters >= 2 && letters > token.length - letters;
}

/** The letter a 0 or 1 stands for, upper case when the word's letters are all capitals. */
function asLetters(word: string): string {
  const upper = word.replace(/[01]/g, "") === word.replace(/[01]/g, "").toUpperCase();
  return word.replace(/[01]/g, (d) => (d === "0" ? (upper ? "O" : "o") : upper ? "I" : "l"));
}

/** The text with the figures OCR misread as letters written in digits, and in a scan its words' digits as letters. */
export function repairedFigures(text: string): string {
  let scanned = false;
  const legible = text.replace(ILLEGIBLE, (token) => {
    scanned = true;
    return "_".repeat(token.length);
  });
  const figures = legible.replace(FIGURE, (token) => {
    if (!misreadFigure(token)) return token;
    scanned = true;
    return token.replace(/[OolIS]/g, (c) => AS_DIGIT[c]!);
  });
  return scanned ? figures.replace(WORD, (w) => (misreadWord(w) ? asLetters(w) : w)) : figures;
}
