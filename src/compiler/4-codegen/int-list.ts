// Integer lists of a table's plan and rules as JS: a literal array when short, else one string
// that `rt.ints` / `rt.ascending` (runtime/int-codec.ts) read back at load. A literal costs a few
// bytes an entry more (more once a bundler prints `, ` between them); the string, a decoder. A
// large table's number outputs likewise, as integers `rt.decimals` (runtime/literals.ts) reads.
import { encodeInts } from "../../runtime/int-codec.js";
import { parseScaled } from "../../runtime/decimal-scaled.js";

/** From this many entries a list is written as text. */
const MIN_ENCODED = 64;

const plain = (values: number[]) => values.length < MIN_ENCODED || values.some((v) => !Number.isSafeInteger(v) || v < 0);

/** Non-negative integers. */
export function intList(values: number[]): string {
  return plain(values) ? JSON.stringify(values) : `rt.ints(${JSON.stringify(encodeInts(values))})`;
}

/** Integers, written as their steps when they never decrease (a plan's starts, rule numbers). */
export function ascendingList(values: number[]): string {
  const steps = values.map((v, i) => v - (i === 0 ? 0 : values[i - 1]!));
  return plain(steps) ? JSON.stringify(values) : `rt.ascending(${JSON.stringify(encodeInts(steps))})`;
}

/**
 * Number literals' texts ("" for null), as `rt.nums` reads them, in integers when each is a plain
 * decimal of at most 15 digits: per number 1 + 2 × its decimals (+ 1 when negative), then its digits
 * as an integer; 0 for null. `rt.decimals` makes each the scaled number `rt.num` reads from its text.
 */
export function numberList(texts: string[]): string {
  const codes: number[] = [];
  for (const t of texts) {
    const scaled = t === "" ? null : parseScaled(t);
    if (t !== "" && (scaled === null || Object.is(scaled[0], -0))) return `rt.nums(${JSON.stringify(texts.join(" "))})`;
    if (scaled === null) codes.push(0);
    else codes.push(1 + 2 * scaled[1] + (scaled[0] < 0 ? 1 : 0), Math.abs(scaled[0]));
  }
  return `rt.decimals(${JSON.stringify(encodeInts(codes))})`;
}
