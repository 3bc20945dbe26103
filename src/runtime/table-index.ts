// Indexed FIRST tables. Each column's value domain is cut into regions within which every cell of
// the column answers the same; per region a bitmask says which rules the column allows. A lookup
// finds each column's region (binary search on numbers, a hash on strings), ANDs the masks and
// takes the lowest set bit: the first rule that matches, exactly as the chain of tests would.

// Codegen emits each table's lookup with these primitives (see codegen/table.ts); the plan
// (regions and masks) comes from optimise/table-index-plan.ts.

export const f64 = (values: number[]): Float64Array => Float64Array.from(values);
export const i32 = (values: number[]): Int32Array => Int32Array.from(values);
/** value → region number for a literal column; a value not listed is region `values.length` */
export const regions = (values: string[]): Map<string, number> => new Map(values.map((v, i) => [v, i]));

/** The region of x among sorted bounds: 2i for the open interval below bounds[i], 2i+1 for bounds[i]. */
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
