// Indexed FIRST tables. Each column's value domain is cut into regions within which every cell of
// the column answers the same; per region a bitmask says which rules the column allows. A lookup
// finds each column's region (binary search on numbers, a hash on strings), ANDs the masks and
// takes the lowest set bit: the first rule that matches, exactly as the chain of tests would.

export type ColumnIndex =
  /** `bounds` sorted ascending; regions: below bounds[0], at bounds[0], between, at bounds[1], … above the last */
  | { kind: "number"; bounds: number[]; masks: number[] }
  /** region i for values[i]; the last region for any other string */
  | { kind: "string"; values: string[]; masks: number[] };

/** Region of x among sorted bounds: 2i for the open interval before bounds[i], 2i+1 for bounds[i]. */
function numberRegion(bounds: Float64Array, x: number): number {
  let lo = 0;
  let hi = bounds.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (bounds[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo < bounds.length && bounds[lo] === x ? 2 * lo + 1 : 2 * lo;
}

type Finder = (x: unknown) => number;

function regionFinder(c: ColumnIndex): Finder {
  if (c.kind === "number") {
    const bounds = Float64Array.from(c.bounds);
    return (x) => (typeof x === "number" ? numberRegion(bounds, x) : -1);
  }
  const regions = new Map(c.values.map((v, i) => [v, i]));
  const other = c.values.length;
  return (x) => (typeof x === "string" ? (regions.get(x) ?? other) : -1);
}

/**
 * Returns a lookup over the raw column values: the 0-based index of the first matching rule,
 * -1 when no rule matches, -2 when a value is not of the column's raw kind (use the general path).
 */
export function tableIndex(words: number, columns: ColumnIndex[]): (...raw: unknown[]) => number {
  const finders = columns.map(regionFinder);
  const masks = columns.map((c) => Int32Array.from(c.masks));
  const n = columns.length;
  const offsets = new Int32Array(n);
  return (...raw: unknown[]) => {
    for (let c = 0; c < n; c++) {
      const region = finders[c]!(raw[c]);
      if (region < 0) return -2;
      offsets[c] = region * words;
    }
    for (let w = 0; w < words; w++) {
      let m = -1;
      for (let c = 0; c < n && m !== 0; c++) m &= masks[c]![offsets[c]! + w]!;
      if (m !== 0) return w * 32 + (31 - Math.clz32(m & -m));
    }
    return -1;
  };
}
