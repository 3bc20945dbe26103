// Indexed FIRST tables. Each column's value domain is cut into regions within which every cell of
// the column answers the same; per region a bitmask says which rules the column allows. A lookup
// finds each column's region (binary search on numbers, a hash on strings), ANDs the masks and
// takes the lowest set bit: the first rule that matches, exactly as the chain of tests would.
// When the regions of all columns multiply to a small number, the first rule of every combination
// is worked out once at load (`denseCells`) and a lookup is one array read.

// Codegen emits each table's lookup with these primitives (see codegen/table.ts); the plan
// (regions and masks) comes from optimise/table-index-plan.ts.
import { toJson } from "./json.js";
import type { FeelValue } from "./values.js";

export const f64 = (values: number[]): Float64Array => Float64Array.from(values);
export const i32 = (values: number[]): Int32Array => Int32Array.from(values);
/** value → region number for a literal column; a value not listed is region `values.length` */
export const regions = (values: string[]): Map<string, number> => new Map(values.map((v, i) => [v, i]));

/** The region of a finite x among sorted bounds: 2i for the open interval below bounds[i], 2i+1 for bounds[i]. */
export function region(bounds: Float64Array, x: number): number {
  let lo = 0;
  let hi = bounds.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (bounds[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo < bounds.length && bounds[lo] === x ? 2 * lo + 1 : 2 * lo;
}

/**
 * `region` for bounds spaced about `step` apart from `first = bounds[0]` (each within step / 4
 * of `first + i × step`, as codegen/table-lookup.ts's `spacing` checks), given `perStep = 1 / step`:
 * the estimate lands at most one bound away from the right one (the product's rounding is far
 * below the quarter step of slack), and one comparison each way corrects it. A product, because a
 * division is several times slower and this runs for every lookup.
 */
export function stepRegion(bounds: Float64Array, first: number, perStep: number, x: number): number {
  let i = Math.floor((x - first) * perStep); // x - first ≥ 0 exactly when x ≥ first
  if (i < 0) return 0;
  const last = bounds.length - 1;
  if (i > last) i = last;
  if (bounds[i]! > x)
    i--; // i ≥ 0 still: bounds[0] = first ≤ x
  else if (i < last && bounds[i + 1]! <= x) i++;
  return bounds[i] === x ? 2 * i + 1 : 2 * i + 2;
}

const lowestBit = (m: number) => 31 - Math.clz32(m & -m);

/** First rule allowed by every column: masks `m*` read from word offsets `o*` (region × words). */
export function firstRule1(words: number, m0: Int32Array, o0: number): number {
  for (let w = 0; w < words; w++) {
    const m = m0[o0 + w]!;
    if (m !== 0) return w * 32 + lowestBit(m);
  }
  return -1;
}

export function firstRule2(words: number, m0: Int32Array, o0: number, m1: Int32Array, o1: number): number {
  for (let w = 0; w < words; w++) {
    const m = m0[o0 + w]! & m1[o1 + w]!;
    if (m !== 0) return w * 32 + lowestBit(m);
  }
  return -1;
}

export function firstRule3(words: number, m0: Int32Array, o0: number, m1: Int32Array, o1: number, m2: Int32Array, o2: number): number {
  for (let w = 0; w < words; w++) {
    const m = m0[o0 + w]! & m1[o1 + w]! & m2[o2 + w]!;
    if (m !== 0) return w * 32 + lowestBit(m);
  }
  return -1;
}

export function firstRuleN(words: number, masks: Int32Array[], offsets: number[]): number {
  for (let w = 0; w < words; w++) {
    let m = -1;
    for (let c = 0; c < masks.length && m !== 0; c++) m &= masks[c]![offsets[c]! + w]!;
    if (m !== 0) return w * 32 + lowestBit(m);
  }
  return -1;
}

/**
 * The first rule of every combination of regions, column 0 varying slowest: `sizes[c]` regions in
 * column c, whose masks are `masks[c]` (region × words). -1 where no rule matches.
 */
export function denseCells(words: number, masks: Int32Array[], sizes: number[]): Int16Array | Int32Array {
  const total = sizes.reduce((a, b) => a * b, 1);
  const cells = words * 32 <= 0x7fff ? new Int16Array(total) : new Int32Array(total);
  const at = new Array<number>(sizes.length).fill(0);
  for (let cell = 0; cell < total; cell++) {
    cells[cell] = firstRuleN(
      words,
      masks,
      at.map((region) => region * words),
    );
    for (let c = sizes.length - 1; c >= 0 && ++at[c]! === sizes[c]; c--) at[c] = 0;
  }
  return cells;
}

/** Dense lookups: each offset is a column's region times the cells it spans. */
export const cell2 = (cells: Int16Array | Int32Array, o0: number, o1: number): number => cells[o0 + o1]!;
export const cell3 = (cells: Int16Array | Int32Array, o0: number, o1: number, o2: number): number => cells[o0 + o1 + o2]!;

/**
 * The JSON form of each constant output, for `evaluate` to return without converting it per call;
 * undefined where that form is an object, which must be fresh for every caller.
 */
export const jsonOutputs = (values: FeelValue[]): unknown[] =>
  values.map((v) => {
    const json = toJson(v);
    return typeof json === "object" && json !== null ? undefined : json;
  });
