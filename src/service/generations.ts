// Values remembered by short texts (a piece of a response, tokens.ts) in a plain Map keyed by the
// text itself, so a value is only ever found under its own text, at most `maxChars` characters of
// keys. Two generations stand in for least recently used, with none of an LRU's bookkeeping on a
// lookup: the young one takes what is set and what is found in the old one; when it holds half of
// `maxChars`, the old one is dropped and the young one becomes old.

/** What an entry is reckoned to hold at least (its Map entry), in characters: a short key is not free. */
const ENTRY_CHARS = 32;

export interface Generations<V> {
  get(text: string): V | undefined;
  set(text: string, value: V): void;
}

export function generations<V extends NonNullable<unknown>>(maxChars: number): Generations<V> {
  let young = new Map<string, V>();
  let old = new Map<string, V>();
  let chars = 0;
  const set = (text: string, value: V) => {
    const size = Math.max(text.length, ENTRY_CHARS);
    if (chars + size > maxChars / 2) {
      old = young;
      young = new Map();
      chars = 0;
    }
    young.set(text, value);
    chars += size;
  };
  return {
    get(text) {
      const value = young.get(text);
      if (value !== undefined) return value;
      const before = old.get(text);
      if (before !== undefined) set(text, before);
      return before;
    },
    set,
  };
}
