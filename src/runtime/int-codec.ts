// Lists of non-negative integers (a large table's plan and rules) written as one string, so that
// a module holds them in a few bytes each and a bundler's printer cannot spread them out: each
// integer in 5-bit groups, least significant first, one character a group from a 64-character
// alphabet whose upper half marks a group that more groups follow.
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
const VALUE = new Map([...DIGITS].map((c, i) => [c, i]));

/** The text of non-negative safe integers (codegen writes it; `ints` reads it back). */
export function encodeInts(values: number[]): string {
  let out = "";
  for (let v of values) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`not a non-negative integer: ${v}`);
    while (v >= 32) {
      out += DIGITS[32 + (v % 32)];
      v = Math.floor(v / 32);
    }
    out += DIGITS[v];
  }
  return out;
}

/** The integers `encodeInts` wrote. */
export function ints(text: string): number[] {
  const out: number[] = [];
  let value = 0;
  let scale = 1;
  for (const c of text) {
    const d = VALUE.get(c)!;
    value += (d % 32) * scale;
    if (d >= 32) scale *= 32;
    else {
      out.push(value);
      value = 0;
      scale = 1;
    }
  }
  return out;
}

/** A non-decreasing list written as its steps (each from the one before, the first from 0). */
export function ascending(text: string): number[] {
  const out = ints(text);
  for (let i = 1; i < out.length; i++) out[i]! += out[i - 1]!;
  return out;
}
