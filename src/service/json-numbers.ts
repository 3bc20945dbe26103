// Numbers in JSON text that JSON.parse does not read as what they are: a nonzero number below the
// smallest double (1e-400, or 0. and 400 zeros then 1) underflows to 0, and one beyond the largest
// (1e400, a 400-digit integer) overflows to Infinity; a model would then answer for 0, or a check
// would speak of an Infinity nobody sent. Found in the text (the parsed value no longer shows
// them), by one pass that skips strings, taken only when the text has a long exponent or a long
// run of digits: every other body pays one regular expression.

/** What a body must hold for a number in it to be misread: an exponent of 100 or more either way, 300 zeros after a point, or 300 digits. */
const MAY_MISREAD = /[eE][+-]?0*[1-9]\d{2}|\.0{300}|\d{300}/;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export interface MisreadNumber {
  token: string;
  /** where the token starts in the text */
  at: number;
  /** read as 0 though not zero, or as ±Infinity */
  kind: "underflow" | "overflow";
}

/** The first number token of `text` that JSON.parse reads as 0 though it is not zero, or as ±Infinity; null when there is none. */
export function misreadNumber(text: string): MisreadNumber | null {
  if (!MAY_MISREAD.test(text)) return null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote, over escapes
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const token = NUMBER.exec(text)?.[0];
      if (!token) continue;
      const read = Number(token);
      if (!Number.isFinite(read)) return { token, at: i, kind: "overflow" };
      if (read === 0 && /[1-9]/.test(token.split(/[eE]/)[0]!)) return { token, at: i, kind: "underflow" };
      i += token.length - 1;
    }
  }
  return null;
}
