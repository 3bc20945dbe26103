// Indexed tables. Each column's value domain is cut into regions within which every cell of the
// column answers the same (the plan: optimise/table-index-plan.ts gives, per rule, the ranges of
// regions its cell allows). Built once, at load, in time linear in the plan and the masks:
//   - one column: the first rule of every region (`firstRules`), so a lookup is one array read;
//   - a few columns with few region combinations: the first rule of every combination (`denseCells`);
//   - otherwise, per column and region, a bitmask of the rules it allows (32 rules a word) and a
//     summary bitmask of the words that are not zero. A lookup finds each column's region (binary
//     search on numbers, within one slice of their span when there are many; a hash on strings), ANDs the summaries to find the words worth ANDing,
//     and takes the lowest set bit (FIRST) or every set bit in order (other hit policies): exactly
//     the rules the chain of tests would match, in the same order.

// Codegen emits each table's lookup with these primitives (see codegen/table-lookup.ts).
import { toJson } from "./json.js";
import type { FeelValue } from "./values.js";

export const f64 = (values: number[]): Float64Array => Float64Array.from(values);
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
 * The buckets of sorted bounds for `bucketRegion`: `count` equal slices of [bounds[0], last bound],
 * slice b being the values whose `Math.floor((x - bounds[0]) * perBucket)` is b (clamped to
 * [0, count - 1]); `starts[b]` is the number of bounds in slices below b, `starts[count]` all of them.
 */
export function buckets(bounds: Float64Array, perBucket: number, count: number): Int32Array {
  const starts = new Int32Array(count + 1);
  for (const b of bounds) {
    const slice = Math.min(count - 1, Math.floor((b - bounds[0]!) * perBucket));
    starts[slice + 1] = starts[slice + 1]! + 1;
  }
  for (let i = 1; i <= count; i++) starts[i] = starts[i]! + starts[i - 1]!;
  return starts;
}

/**
 * `region` for any spacing of the bounds, in about constant time: x's slice (see `buckets`) holds
 * the few bounds the binary search needs to look at. Exact whatever the rounding of the product:
 * it is monotonic in x, so every bound of a lower slice is below x and every bound of a higher one
 * above it (the bounds were sliced by the very same product).
 */
export function bucketRegion(bounds: Float64Array, starts: Int32Array, perBucket: number, x: number): number {
  let b = Math.floor((x - bounds[0]!) * perBucket);
  if (b < 0) return 0; // below the first bound
  const last = starts.length - 2;
  if (b > last) b = last;
  let lo = starts[b]!;
  let hi = starts[b + 1]!;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (bounds[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo < bounds.length && bounds[lo] === x ? 2 * lo + 1 : 2 * lo;
}

/** A column of the plan: per rule k, the region ranges [cells[j], cells[j + 1]) for even j in starts[k] .. starts[k + 1]. */
interface PlannedColumn {
  regions: number;
  starts: number[];
  cells: number[];
}

export const plannedColumn = (regions: number, starts: number[], cells: number[]): PlannedColumn => ({ regions, starts, cells });

export const lowestBit = (m: number): number => 31 - Math.clz32(m & -m);

/**
 * The first rule each region of a single column allows, -1 where none does: rules in order paint
 * the regions not yet painted, skipping painted runs through `next` (a union-find on regions), so
 * every region is painted once and the whole takes about the plan's size.
 */
export function firstRules(column: PlannedColumn): Int32Array {
  const { regions: count, starts, cells } = column;
  const first = new Int32Array(count).fill(-1);
  const next = Int32Array.from({ length: count + 1 }, (_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (next[root] !== root) root = next[root]!;
    while (next[i] !== root) [next[i], i] = [root, next[i]!];
    return root;
  };
  for (let k = 0; k + 1 < starts.length; k++) {
    for (let j = starts[k]!; j < starts[k + 1]!; j += 2) {
      const end = cells[j + 1]!;
      for (let r = find(cells[j]!); r < end; r = find(r)) {
        first[r] = k;
        next[r] = r + 1;
      }
    }
  }
  return first;
}

/** The masks of one column: `words` words per region, built by toggling each range's ends and sweeping. */
function columnMasks(column: PlannedColumn, words: number): Int32Array {
  const { regions: count, starts, cells } = column;
  const masks = new Int32Array((count + 1) * words);
  for (let k = 0; k + 1 < starts.length; k++) {
    const bit = 1 << (k & 31);
    const w = k >> 5;
    for (let j = starts[k]!; j < starts[k + 1]!; j += 2) {
      masks[cells[j]! * words + w] ^= bit;
      masks[cells[j + 1]! * words + w] ^= bit;
    }
  }
  for (let i = words; i < count * words; i++) masks[i] ^= masks[i - words]!;
  return masks.subarray(0, count * words);
}

/** Per region, one bit per word of its mask: set when the word is not zero. */
function summaries(masks: Int32Array, count: number, words: number, sums: number): Int32Array {
  const out = new Int32Array(count * sums);
  for (let r = 0; r < count; r++) {
    for (let w = 0; w < words; w++) if (masks[r * words + w] !== 0) out[r * sums + (w >> 5)] |= 1 << (w & 31);
  }
  return out;
}

/** The bitmask index of a table's columns: per column, `words` mask words and `sums` summary words a region. */
interface TableIndex {
  words: number;
  sums: number;
  masks: Int32Array[];
  summaries: Int32Array[];
}

export function tableIndex(rules: number, columns: PlannedColumn[]): TableIndex {
  const words = Math.max(1, Math.ceil(rules / 32));
  const sums = Math.ceil(words / 32);
  const masks = columns.map((c) => columnMasks(c, words));
  return { words, sums, masks, summaries: masks.map((m, i) => summaries(m, columns[i]!.regions, words, sums)) };
}

/**
 * The first rule from rule \`from\` on that every column allows, each column's region given; -1
 * when there is none. Summary words say which words of masks may hold a candidate, so whole runs
 * of 1,024 rules are skipped at once.
 */
export function firstFrom(ix: TableIndex, regions: number[], from: number): number {
  const { words, sums, masks, summaries } = ix;
  const n = masks.length;
  const w0 = from >>> 5;
  const s0 = from >>> 10;
  for (let s = s0; s < sums; s++) {
    let candidates = s === s0 ? -1 << (w0 & 31) : -1;
    for (let c = 0; c < n && candidates !== 0; c++) candidates &= summaries[c]![regions[c]! * sums + s]!;
    while (candidates !== 0) {
      const w = s * 32 + lowestBit(candidates);
      let m = w === w0 ? -1 << (from & 31) : -1;
      for (let c = 0; c < n && m !== 0; c++) m &= masks[c]![regions[c]! * words + w]!;
      if (m !== 0) return w * 32 + lowestBit(m);
      candidates &= candidates - 1;
    }
  }
  return -1;
}

/** The first rule every column allows; -1 when there is none. */
export const firstOf = (ix: TableIndex, regions: number[]): number => firstFrom(ix, regions, 0);

/** Every rule all columns allow, in rule order: one pass over the words, each word's matches read off its bits. */
export function allOf(ix: TableIndex, regions: number[]): number[] {
  const { words, sums, masks, summaries } = ix;
  const n = masks.length;
  const out: number[] = [];
  for (let s = 0; s < sums; s++) {
    let candidates = -1;
    for (let c = 0; c < n && candidates !== 0; c++) candidates &= summaries[c]![regions[c]! * sums + s]!;
    for (; candidates !== 0; candidates &= candidates - 1) {
      const w = s * 32 + lowestBit(candidates);
      let m = -1;
      for (let c = 0; c < n && m !== 0; c++) m &= masks[c]![regions[c]! * words + w]!;
      for (; m !== 0; m &= m - 1) out.push(w * 32 + lowestBit(m));
    }
  }
  return out;
}

/** Column c's masks: one word a region for a table of at most 32 rules. */
export const maskOf = (ix: TableIndex, c: number): Int32Array => ix.masks[c]!;

/**
 * A table of at most 32 rules has one word per region: the rules every column allows are the AND
 * of the columns' words, which codegen writes inline (`masks[c][region]`, table-lookup.ts). The
 * first of them, -1 when there is none.
 */
export const firstBit = (m: number): number => (m === 0 ? -1 : lowestBit(m));

/** Every rule of a one-word AND of the columns' masks, in rule order. */
export function bitPositions(m: number): number[] {
  const out: number[] = [];
  for (; m !== 0; m &= m - 1) out.push(lowestBit(m));
  return out;
}

/** The rules of two ascending lists of rule positions, in ascending order. */
export function mergeRules(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]! < b[j]!) ? a[i++]! : b[j++]!);
  return out;
}

/**
 * The first rule of every combination of regions, column 0 varying slowest (`sizes[c]` regions in
 * column c); -1 where no rule matches. Each partial intersection is made once and shared by all the
 * combinations that extend it.
 */
export function denseCells(ix: TableIndex): Int16Array | Int32Array {
  const { words, masks } = ix;
  const sizes = masks.map((m) => m.length / words);
  const total = sizes.reduce((a, b) => a * b, 1);
  const cells = words * 32 <= 0x7fff ? new Int16Array(total) : new Int32Array(total);
  const partial = sizes.map(() => new Int32Array(words));
  const last = sizes.length - 1;
  const fill = (c: number, base: number, above: Int32Array | null): void => {
    if (c === last) {
      // the last column's intersections are read once: only up to their first rule, from the first word `above` allows
      let from = 0;
      while (above !== null && from < words && above[from] === 0) from++;
      for (let r = 0; r < sizes[c]!; r++) cells[base * sizes[c]! + r] = firstOfBoth(above, masks[c]!, r * words, from, words);
      return;
    }
    for (let r = 0; r < sizes[c]!; r++) {
      const both = partial[c]!;
      for (let w = 0; w < words; w++) both[w] = above === null ? masks[c]![r * words + w]! : above[w]! & masks[c]![r * words + w]!;
      fill(c + 1, base * sizes[c]! + r, both);
    }
  };
  fill(0, 0, null);
  return cells;
}

/** The first rule of `above` (every rule when null) AND the mask of `words` words at `at`: words before `from` are zero in `above`. */
function firstOfBoth(above: Int32Array | null, mask: Int32Array, at: number, from: number, words: number): number {
  for (let w = from; w < words; w++) {
    const both = above === null ? mask[at + w]! : above[w]! & mask[at + w]!;
    if (both !== 0) return w * 32 + lowestBit(both);
  }
  return -1;
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
