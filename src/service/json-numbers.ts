// Numbers in JSON text that JSON.parse reads as 0 though they are not: a nonzero number below the
// smallest double (1e-400, or 0. and 400 zeros then 1) underflows silently, and a model would then
// answer for 0 where it was sent something else. Found in the text (the parsed value no longer
// shows them), by one pass that skips strings, taken only when the text has a long negative
// exponent or a long run of zeros after a point: every other body pays one regular expression.

/** What a body must hold for a number in it to underflow: an exponent of -100 or less, or 300 zeros after a point. */
const MAY_UNDERFLOW = /[eE]-0*[1-9]\d{2}|\.0{300}/;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The first number token of `text` read as 0 that is not zero, and where it starts; null when there is none. */
export function underflowingNumber(text: string): { token: string; at: number } | null {
  if (!MAY_UNDERFLOW.test(text)) return null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote, over escapes
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const token = NUMBER.exec(text)?.[0];
      if (!token) continue;
      const mantissa = token.split(/[eE]/)[0]!;
      if (Number(token) === 0 && /[1-9]/.test(mantissa)) return { token, at: i };
      i += token.length - 1;
    }
  }
  return null;
}
