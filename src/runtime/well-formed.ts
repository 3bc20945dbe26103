// A JavaScript string may hold a UTF-16 surrogate without its partner: no Unicode character, and
// text that cannot be written as UTF-8. Request bodies and FEEL string literals are refused with
// one, naming where it is.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The index of the first lone surrogate in s, or -1 when s is well-formed text. */
export function loneSurrogateAt(s: string): number {
  const m = LONE_SURROGATE.exec(s);
  return m ? m.index : -1;
}
