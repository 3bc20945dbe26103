// A JavaScript string may hold a UTF-16 surrogate without its partner: no Unicode character, and
// text that cannot be written as UTF-8. Request bodies and FEEL string literals are refused with
// one, naming where it is.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The index of the first lone surrogate in s, or -1 when s is well-formed text. */
export function loneSurrogateAt(s: string): number {
  const m = LONE_SURROGATE.exec(s);
  return m ? m.index : -1;
}

/** Node 20's native check (ES2024, not yet in the TypeScript library this project targets). */
const nativeCheck = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/** Whether s holds no lone surrogate: the native check where there is one (a walk in C++, no regex). */
export const isWellFormed: (s: string) => boolean = nativeCheck ? (s) => nativeCheck.call(s) : (s) => loneSurrogateAt(s) < 0;
