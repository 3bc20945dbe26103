// A figure said in pairs of digits, as people read out scores and prices: "seven sixty" (760),
// "three-forty a month" (340), "one twenty per seat" (120), "seven-oh-eight" (708),
// "seven-twenty-one" (721), "two-ten" (210). The first word is a digit (one to nine); the words
// after it say the last two digits: a tens word with or without its unit, a teen, or "oh" and a
// digit. A time of day said so ("at seven thirty", "seven fifteen pm") is no figure.

/** Each word's value, `null` for "oh", a spoken zero. */
export type PairPart = number | null;

const digit = (v: PairPart | undefined): v is number => typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 9;
const tens = (v: PairPart | undefined): v is number => typeof v === "number" && v >= 20 && v < 100 && v % 10 === 0;

/** The last two digits the words after the first say: "sixty", "twenty one", "twenty-one", "ten", "oh eight". */
function lastTwo(tail: readonly PairPart[]): number | undefined {
  const [a, b] = tail;
  if (tail.length === 1 && typeof a === "number" && a >= 10 && a < 100) return a;
  if (tail.length === 2 && a === null && digit(b)) return b;
  if (tail.length === 2 && tens(a) && digit(b)) return a + b;
  return undefined;
}

/** The figure the words say in pairs, or undefined when they do not say one so. */
export function spokenPair(parts: readonly PairPart[]): number | undefined {
  const [head, ...tail] = parts;
  if (!digit(head)) return undefined;
  const last = lastTwo(tail);
  return last === undefined ? undefined : head * 100 + last;
}

/** Words before a time of day: "at seven thirty", "by nine fifteen". */
const TIME_BEFORE = /\b(?:at|by|until|till|til|before|after|from)[ \t]+$/i;
/** Words after a time of day: "seven fifteen pm", "eight thirty tomorrow". */
const TIME_AFTER =
  /^[ \t]*(?:[ap]\.?m\b|o['’]clock|tonight|tomorrow|this (?:morning|afternoon|evening)|in the (?:morning|afternoon|evening))/i;

/** Whether the words from `start` to `end` of `text` stand where a time of day is said. */
export const saidAsTime = (text: string, start: number, end: number): boolean =>
  TIME_BEFORE.test(text.slice(Math.max(0, start - 8), start)) || TIME_AFTER.test(text.slice(end, end + 24));
