// The size of an answer as it is sent: the characters of its JSON text, counted without writing
// it and only up to a limit, so that measuring an answer far over the limit costs no more than
// one at the limit. The service refuses a receipt or an explanation over the answer limit
// (`--answer-limit`) before it is written, signed or counted for billing.

/** Characters JSON.stringify writes for a string's escapes beyond the character itself. */
function escapes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x5c) n += 1;
    else if (c < 0x20)
      n += 5; // \u00XX (a few have a two-character form: counted as the longer one)
    else if (c >= 0xd800 && c <= 0xdfff) {
      // a pair is written as it is; a lone surrogate as \uXXXX
      const pair =
        c <= 0xdbff ? i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00 : i > 0 && (s.charCodeAt(i - 1) & 0xfc00) === 0xd800;
      if (!pair) n += 5;
    }
  }
  return n;
}

/** A quote, a backslash, a control character or a surrogate: what may add to a string's length in JSON (one native test). */
// eslint-disable-next-line no-control-regex -- JSON escapes U+0000–U+001F: the test is for them
const MAY_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

const stringLength = (s: string): number => s.length + 2 + (MAY_ESCAPE.test(s) ? escapes(s) : 0);

/**
 * The length of `JSON.stringify(value)` (an upper bound where control characters have a short
 * escape), or a number over `limit` as soon as the count passes it.
 */
export function jsonLength(value: unknown, limit: number): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && total <= limit) {
    const v = stack.pop();
    if (typeof v === "string") total += stringLength(v);
    else if (typeof v === "number") total += Number.isFinite(v) ? String(v).length : 4;
    else if (typeof v === "boolean") total += v ? 4 : 5;
    else if (v === null || v === undefined || typeof v !== "object") total += 4;
    else if (Array.isArray(v)) {
      total += 2 + Math.max(0, v.length - 1);
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i] === undefined ? null : v[i]);
    } else {
      const object = v as Record<string, unknown>;
      let members = 0;
      for (const k of Object.keys(object)) {
        const item = object[k];
        if (item === undefined) continue;
        members++;
        total += stringLength(k) + 1;
        stack.push(item);
      }
      total += 2 + Math.max(0, members - 1);
    }
  }
  return total;
}
