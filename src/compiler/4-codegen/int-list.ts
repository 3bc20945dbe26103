// Integer lists of a table's plan and rules as JS: a literal array when short, else one string
// that `rt.ints` / `rt.ascending` (runtime/int-codec.ts) read back at load. A literal costs a few
// bytes an entry more (more once a bundler prints `, ` between them); the string, a decoder.
import { encodeInts } from "../../runtime/int-codec.js";

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
