// Values remembered by long texts (a model's JSON, a chunk of a request) that come in fresh on every
// request: a Map keyed by the text would hash all of it to look it up. Entries are keyed by a short
// key (the length, head and tail; a short text by itself) and hold their whole text, compared with the one looked up (a
// memory comparison, several times quicker than hashing), so a value is never another text's;
// two texts under one short key take turns. Least recently used first out, by characters held.
import { LRUCache } from "lru-cache";

export interface TextMemo<V> {
  get(text: string): V | undefined;
  set(text: string, value: V): void;
}

const ENDS = 32;
/** Texts up to this long are their own key: hashing them costs little, and texts alike but in the middle do not take turns. */
const WHOLE = 256;
const shortKey = (text: string): string =>
  text.length <= WHOLE ? text : `${text.length}:${text.slice(0, ENDS)}\u0000${text.slice(-ENDS)}`;

export function textMemo<V extends NonNullable<unknown>>(maxChars: number): TextMemo<V> {
  const entries = new LRUCache<string, { text: string; value: V }>({
    maxSize: maxChars,
    sizeCalculation: (entry) => entry.text.length || 1,
  });
  return {
    get(text) {
      const entry = entries.get(shortKey(text));
      return entry !== undefined && entry.text === text ? entry.value : undefined;
    },
    set: (text, value) => void entries.set(shortKey(text), { text, value }),
  };
}
