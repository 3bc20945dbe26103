// Where one member's value lies in the bytes of a JSON object, found without parsing: the body's
// top level is walked token by token (whitespace, keys, colons, commas) and every value is skipped
// whole, over strings and their escapes and over nesting. Anything that is not such an object
// (a BOM, a stray byte, text after the closing brace) finds nothing, and the caller parses the
// body as a whole, which then names the fault as it always did. Values other than the one found
// are only skipped here, not checked: the caller parses them.

export interface Span {
  /** the value's first byte */
  start: number;
  /** the index after its last byte */
  end: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** JSON's four whitespace bytes: space, tab, line feed, carriage return. */
const isSpace = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Bytes a number or a literal (true, false, null) is made of. */
const isBare = (c: number | undefined) =>
  c !== undefined && ((c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || c === 0x2b || c === 0x2d || c === 0x2e);

const skipSpace = (b: Uint8Array, i: number): number => {
  while (isSpace(b[i])) i++;
  return i;
};

/**
 * The index of the quote closing the string that opens at `i`, -1 when it does not close: the
 * first quote after it that an even number of backslashes precedes. (A control character in it is
 * left for the parser to refuse.)
 */
function stringClose(b: Uint8Array, i: number): number {
  for (let from = i + 1; ;) {
    const quote = b.indexOf(QUOTE, from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (b[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** The index after the value that begins at `i`; -1 when none ends. */
function valueEnd(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c === QUOTE) {
    const close = stringClose(b, i);
    return close < 0 ? -1 : close + 1;
  }
  if (c === OPEN || c === OPEN_ARRAY) {
    let depth = 0;
    for (let j = i; j < b.length; j++) {
      const d = b[j]!;
      if (d === QUOTE) {
        j = stringClose(b, j);
        if (j < 0) return -1;
      } else if (d === OPEN || d === OPEN_ARRAY) depth++;
      else if ((d === CLOSE || d === CLOSE_ARRAY) && --depth === 0) return j + 1;
    }
    return -1;
  }
  let j = i;
  while (isBare(b[j])) j++;
  return j > i ? j : -1;
}

/** Whether the key whose string spans [open, close] (its quotes) is `key`, escapes read as JSON reads them. */
function isKey(b: Uint8Array, open: number, close: number, key: Buffer): boolean {
  if (close - open - 1 === key.length && key.equals(b.subarray(open + 1, close))) return true;
  if (!b.subarray(open + 1, close).includes(BACKSLASH)) return false;
  try {
    return JSON.parse(Buffer.from(b.buffer, b.byteOffset + open, close - open + 1).toString("utf8")) === key.toString("utf8");
  } catch {
    return false;
  }
}

/**
 * The span of the value of `key` in the JSON object that `b` holds (whitespace around it allowed,
 * nothing else), when `key` is there exactly once (spelt with escapes or not); null otherwise.
 * `knownEnd`: where a value of `key` the caller knows by its first bytes ends (-1 when it does not
 * know it), so that its bytes are not walked.
 */
export function memberSpan(b: Uint8Array, key: Buffer, knownEnd: (start: number) => number = () => -1): Span | null {
  let i = skipSpace(b, 0);
  if (b[i] !== OPEN) return null;
  i = skipSpace(b, i + 1);
  let found: Span | null = null;
  if (b[i] === CLOSE) return null;
  for (;;) {
    if (b[i] !== QUOTE) return null;
    const close = stringClose(b, i);
    if (close < 0) return null;
    const mine = isKey(b, i, close, key);
    i = skipSpace(b, close + 1);
    if (b[i] !== COLON) return null;
    const start = skipSpace(b, i + 1);
    const known = mine ? knownEnd(start) : -1;
    const end = known >= 0 ? known : valueEnd(b, start);
    if (end < 0) return null;
    if (mine) {
      if (found) return null;
      found = { start, end };
    }
    i = skipSpace(b, end);
    if (b[i] === COMMA) {
      i = skipSpace(b, i + 1);
      continue;
    }
    if (b[i] !== CLOSE) return null;
    return skipSpace(b, i + 1) === b.length ? found : null;
  }
}

/**
 * The span of the first member's value when its key is `key` and the caller knows that value
 * (`knownEnd`, as for memberSpan); null otherwise. Nothing after the value is looked at.
 */
export function firstMemberSpan(b: Uint8Array, key: Buffer, knownEnd: (start: number) => number): Span | null {
  let i = skipSpace(b, 0);
  if (b[i] !== OPEN) return null;
  i = skipSpace(b, i + 1);
  if (b[i] !== QUOTE) return null;
  const close = stringClose(b, i);
  if (close < 0 || !isKey(b, i, close, key)) return null;
  i = skipSpace(b, close + 1);
  if (b[i] !== COLON) return null;
  const start = skipSpace(b, i + 1);
  const end = knownEnd(start);
  return end < 0 ? null : { start, end };
}
