// A grid column's bands and classes (grid.ts): the bands its literals cut its values into, each
// band's truth for every cell of the column, and the classes of bands where every cell answers
// alike. Neighbouring bands differ only in the cells that name the literal between them (a number
// end; a string against every other string), so each band's cells are found from another band's
// by testing those cells alone: the work is the cells' tests, not the bands times the cells.

/** FEEL's three truth values of a test on a band. */
type Truth = true | false | null;

/** An exact decimal, as an integer scaled by 10^scale. */
export interface Exact {
  m: bigint;
  scale: number;
}

/** One test of a cell against the column's value, in the column's own terms. */
export type Atom =
  | { kind: "order"; op: "<" | "<=" | ">" | ">="; at: number }
  | { kind: "eq"; at: number; negated: boolean }
  | { kind: "and"; parts: Atom[] };

export interface Cell {
  /** null: `-` */
  tests: Atom[] | null;
  negated: boolean;
}

/** A column's literal values (numbers sorted, strings and booleans as named) and its cells. */
export interface Column {
  kind: "number" | "string" | "boolean";
  /** numbers: the distinct ends ascending; strings: the literals; booleans: true, false */
  values: string[];
  cells: Cell[];
}

export const exact = (text: string): Exact | undefined => {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === "" && !m[3])) return undefined;
  const fraction = m[3] ?? "";
  return { m: BigInt(`${m[1]}${m[2] || "0"}${fraction}`), scale: fraction.length };
};

export const compareExact = (a: Exact, b: Exact): number => {
  const s = Math.max(a.scale, b.scale);
  const x = a.m * 10n ** BigInt(s - a.scale);
  const y = b.m * 10n ** BigInt(s - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The bands of a column, each with what every atom's literal index answers there. A band is a
 * function from a literal's index to the order of the band against it: -1 below, 0 at, 1 above
 * (for strings and booleans: 0 when it is that value, else 2, unordered); null is the null band.
 */
export type Band = ((at: number) => number) | null;

export function bandsOf(column: Column): { bands: Band[]; order: number[] } {
  const n = column.values.length;
  if (column.kind !== "number") {
    // null, each value, and (strings) every other value
    const bands: Band[] = [null, ...column.values.map((_, k) => (at: number) => (at === k ? 0 : 2))];
    if (column.kind === "string") bands.push(() => 2);
    return { bands, order: [] };
  }
  const ends = column.values.map((v) => exact(v)!);
  const order = [...Array(n).keys()].sort((a, b) => compareExact(ends[a]!, ends[b]!));
  const rank = new Array<number>(n);
  order.forEach((k, r) => (rank[k] = r));
  const bands: Band[] = [null];
  // below the lowest end, then each end and the open interval above it
  bands.push(() => -1);
  for (let r = 0; r < n; r++) {
    bands.push((at) => Math.sign(r - rank[at]!));
    bands.push((at) => (rank[at]! <= r ? 1 : -1));
  }
  return { bands, order };
}

function truth(a: Atom, band: Band): Truth {
  switch (a.kind) {
    case "and": {
      const parts = a.parts.map((p) => truth(p, band));
      return parts.includes(false) ? false : parts.includes(null) ? null : true;
    }
    case "eq":
      // FEEL `=` against null is false, `!=` true
      if (band === null) return a.negated;
      return (band(a.at) === 0) !== a.negated;
    case "order": {
      if (band === null) return null;
      const c = band(a.at);
      return a.op === "<" ? c < 0 : a.op === "<=" ? c <= 0 : a.op === ">" ? c > 0 : c >= 0;
    }
  }
}

export function cellTruth(cell: Cell, band: Band): boolean {
  if (cell.tests === null) return true;
  const parts = cell.tests.map((t) => truth(t, band));
  const any: Truth = parts.includes(true) ? true : parts.includes(null) ? null : false;
  return (cell.negated ? (any === null ? null : !any) : any) === true;
}

/** Bitsets of rules, 32 to a word. */
export type Bits = Uint32Array;

export interface Classes {
  /** each band's class */
  of: number[];
  /** each class's rules whose cell is true there */
  rules: Bits[];
}

/** Each value's cells: the rules whose cell names the value (by its index) in one of its tests. */
function cellsNaming(column: Column): number[][] {
  const naming = column.values.map((): number[] => []);
  const name = (a: Atom, k: number): void => {
    if (a.kind === "and") for (const p of a.parts) name(p, k);
    else if (naming[a.at]!.at(-1) !== k) naming[a.at]!.push(k);
  };
  column.cells.forEach((cell, k) => cell.tests?.forEach((a) => name(a, k)));
  return naming;
}

/** A rule's two 32-bit weights in a band's hash (the XOR of its true rules' weights): fixed, mixed from its index. */
function weight(k: number, lane: number): number {
  let h = Math.imul(k + 1, 0x9e3779b1) ^ Math.imul(lane + 1, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A bitset of the rules true on a band, changed a cell at a time, with a hash of its set bits kept
 * as it changes (two XOR lanes, 53 bits in all), so that finding its class costs a comparison of
 * whole bitsets only when the hash matches one already seen.
 */
class Sweep {
  readonly bits: Bits;
  private low = 0;
  private high = 0;

  constructor(
    private readonly cells: Cell[],
    words: number,
  ) {
    this.bits = new Uint32Array(words);
  }

  /** Cells `ks` tested again on `band`. */
  test(ks: Iterable<number>, band: Band): void {
    for (const k of ks) {
      const mask = 1 << (k & 31);
      if (cellTruth(this.cells[k]!, band) !== ((this.bits[k >> 5]! & mask) !== 0)) {
        this.bits[k >> 5]! ^= mask;
        this.low ^= weight(k, 0);
        this.high ^= weight(k, 1);
      }
    }
  }

  get hash(): number {
    return (this.high >>> 11) * 2 ** 32 + this.low;
  }
}

const sameBits = (a: Bits, b: Bits): boolean => {
  for (let w = 0; w < a.length; w++) if (a[w] !== b[w]) return false;
  return true;
};

/**
 * Each band's class, numbered in the order of the bands, and each class's true rules. Numbers
 * (`order`: the ends' indices ascending): one sweep upwards from below the lowest end, each step
 * testing again the cells that name the end it reaches or leaves. Strings: each literal's band is
 * every other string's with the cells that name the literal tested again. The null band and a
 * boolean's two values: every cell.
 */
export function classesOf(column: Column, bands: Band[], order: number[], words: number): Classes {
  const naming = cellsNaming(column);
  const seen = new Map<number, number[]>();
  const of: number[] = [];
  const rules: Bits[] = [];
  const classify = (s: Sweep) => {
    const same = seen.get(s.hash);
    let c = same?.find((k) => sameBits(rules[k]!, s.bits));
    if (c === undefined) {
      c = rules.length;
      rules.push(s.bits.slice());
      if (same) same.push(c);
      else seen.set(s.hash, [c]);
    }
    of.push(c);
  };
  const every = (band: Band) => {
    const s = new Sweep(column.cells, words);
    s.test(column.cells.keys(), band);
    return s;
  };
  classify(every(bands[0]!));
  if (column.kind === "number") {
    // bands: 1 below the lowest end, 2r + 2 the end of rank r, 2r + 3 the interval above it
    const s = every(bands[1]!);
    classify(s);
    for (let b = 2; b < bands.length; b++) {
      s.test(naming[order[(b - 2) >> 1]!]!, bands[b]!);
      classify(s);
    }
  } else if (column.kind === "string") {
    // bands: each literal k at k + 1, then every other string
    const other = bands.at(-1)!;
    const s = every(other);
    column.values.forEach((_, k) => {
      s.test(naming[k]!, bands[k + 1]!);
      classify(s);
      s.test(naming[k]!, other);
    });
    classify(s);
  } else for (const band of bands.slice(1)) classify(every(band));
  return { of, rules };
}
