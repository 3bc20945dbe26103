// Lists of non-negative integers (a large table's plan, rules and number outputs) written as one
// string, so that a module holds them in a few bytes each and a bundler's printer cannot spread
// them out: each integer in 5-bit groups, least significant first, one character a group from a
// 64-character alphabet whose upper half marks a group that more groups follow. A run that repeats
// integers written before (a column's cells, the same for every band of another column) is written
// once as a repeat: REPEAT, how far back it starts and how many integers it copies, the copy
// running on into itself for a period shorter than the run (`2 2 2 …`, `0 1 0 1 …`). A run that
// goes on as the integers a period before went on from those two periods before (the rows of a
// rule matrix, each the one before with its last cell one further: `1 2 3 1 2 4 1 2 5 …`) is
// written as a progression: PROGRESSION, the period and how many integers it makes.
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
const REPEAT = "~";
const PROGRESSION = "^";
const VALUE: Int8Array = /* @__PURE__ */ (() => {
  const value = new Int8Array(128).fill(-1);
  for (let i = 0; i < DIGITS.length; i++) value[DIGITS.charCodeAt(i)] = i;
  return value;
})();

/** A repeat is written when it copies at least this many integers and is shorter than their text. */
const MIN_REPEAT = 3;
/** The earlier places of a 3-integer prefix the writer tries for a repeat. */
const CANDIDATES = 16;
/** The longest period the writer tries for a progression. */
const MAX_PERIOD = 16;

/** One integer's groups. */
function written(v: number): string {
  let out = "";
  while (v >= 32) {
    out += DIGITS[32 + (v % 32)];
    v = Math.floor(v / 32);
  }
  return out + DIGITS[v]!;
}

/** The text of non-negative safe integers (codegen writes it; `ints` reads it back). */
export function encodeInts(values: number[]): string {
  for (const v of values) if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`not a non-negative integer: ${v}`);
  const texts = values.map(written);
  const seen = new Map<string, number[]>();
  const key = (i: number) => `${values[i]},${values[i + 1]},${values[i + 2]}`;
  const remember = (i: number) => {
    if (i + 2 >= values.length) return;
    const places = seen.get(key(i));
    if (places === undefined) seen.set(key(i), [i]);
    else {
      places.push(i);
      if (places.length > CANDIDATES) places.shift();
    }
  };
  let out = "";
  let i = 0;
  while (i < values.length) {
    let [length, from] = [0, 0];
    for (const p of i + 2 < values.length ? (seen.get(key(i)) ?? []) : []) {
      let n = 0;
      while (i + n < values.length && values[p + n] === values[i + n]) n++;
      if (n >= length) [length, from] = [n, p];
    }
    let token = length >= MIN_REPEAT ? REPEAT + written(i - from) + written(length) : "";
    for (let d = 1; d <= MAX_PERIOD && 2 * d <= i; d++) {
      let n = 0;
      while (i + n < values.length && values[i + n] === 2 * values[i + n - d]! - values[i + n - 2 * d]!) n++;
      if (n > length && n >= MIN_REPEAT) [length, token] = [n, PROGRESSION + written(d) + written(n)];
    }
    const repeat = token;
    let plain = 0;
    for (let j = i; j < i + length && plain <= repeat.length; j++) plain += texts[j]!.length;
    const step = repeat !== "" && repeat.length < plain ? length : 1;
    out += step > 1 ? repeat : texts[i]!;
    for (let j = i; j < i + step; j++) remember(j);
    i += step;
  }
  return out;
}

/** The integers `encodeInts` wrote. */
export function ints(text: string): number[] {
  const out: number[] = [];
  let at = 0;
  const next = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const d = VALUE[text.charCodeAt(at++)] ?? -1;
      if (d < 0) throw new RangeError(`not an integer list: ${JSON.stringify(text.slice(0, 40))}`);
      value += (d % 32) * scale;
      if (d < 32) return value;
      scale *= 32;
    }
  };
  while (at < text.length) {
    const c = text[at];
    if (c !== REPEAT && c !== PROGRESSION) {
      out.push(next());
      continue;
    }
    at++;
    const d = next();
    const length = next();
    const end = out.length + length;
    if (c === REPEAT) for (let j = out.length; j < end; j++) out.push(out[j - d]!);
    else for (let j = out.length; j < end; j++) out.push(2 * out[j - d]! - out[j - 2 * d]!);
  }
  return out;
}

/** A non-decreasing list written as its steps (each from the one before, the first from 0). */
export function ascending(text: string): number[] {
  const out = ints(text);
  for (let i = 1; i < out.length; i++) out[i]! += out[i - 1]!;
  return out;
}
