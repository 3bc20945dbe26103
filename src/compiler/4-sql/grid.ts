// A large FIRST or UNIQUE table as data instead of a tree of CASEs: the rule that fires, looked up.
// Each input column's values are cut into bands within which every cell of the column answers
// the same — a number column by the distinct literal ends of its cells, each end a band of its own
// and the open interval between two ends another (so that `[1..5]` and `(5..6)` stay apart, as
// FEEL's inclusive and exclusive ends need); a string column by the literals it names, every other
// string one band; a boolean column by its two values; and in each a band of its own for null.
// Bands where every cell of the column answers alike are one class. A row's classes, one per
// column, number its cell of the grid; the compiler computes each cell's rule once — FIRST: the
// first rule whose cells are all true there; UNIQUE: the only one, else none — and the query looks
// the cell's number up in a constant array of integers (0: no rule). No join, so the rows keep
// their order and the query stays one stack of projections; the array holds numbers only (the
// strings are escaped literals of the class CASEs). A column with a cell that is not such a test
// (an expression, a date, `?`) leaves the table to the CASE tree (rule-split.ts), and so does a
// grid of more than MAX_CELLS cells. The control run (`naive`) bands numbers half-open instead: an
// end falls in the interval above it, which the differential tests must catch.
import type { Expr, UnaryTest, UnaryTests } from "../../ir/feel-ast.js";
import type { TableIR } from "../../ir/ir.js";
import { isWellFormed } from "../../runtime/well-formed.js";
import { equals, ordered } from "./compare.js";
import {
  bandsOf,
  classesOf,
  compareExact,
  exact,
  type Atom,
  type Band,
  type Bits,
  type Cell,
  type Classes,
  type Column,
  type Exact,
} from "./grid-bands.js";
import type { SqlContext } from "./context.js";
import { stringLiteral } from "./dialects.js";
import { negate, numberLiteral } from "./numbers.js";
import { deeper, literal, type SqlValue } from "./values.js";

/** A FIRST or UNIQUE table of at least this many rules is a grid (bench/RESULTS-sql.md: _The grid_). */
export const GRID_MIN_RULES = 64;
/** At most this many cells (the product of each column's classes): the array is part of the query's text. */
const MAX_CELLS = 1 << 20;

/** Code point order (UTF-16 order differs past the BMP). */
function codePointOrder(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** A literal's text in the column's kind: a number's digits (signed), a string, a boolean; else undefined. */
function literalOf(e: Expr | null, kind: Column["kind"]): string | undefined {
  if (!e) return undefined;
  if (kind === "number") {
    if (e.kind === "number") return exact(e.value) ? e.value : undefined;
    if (e.kind === "negate" && e.operand.kind === "number" && exact(e.operand.value)) return `-${e.operand.value}`;
    return undefined;
  }
  if (kind === "string") return e.kind === "string" && isWellFormed(e.value) && !e.value.includes("\0") ? e.value : undefined;
  return e.kind === "boolean" ? String(e.value) : undefined;
}

/** A test as atoms over the column's values (`intern` gives a value its index), or undefined. */
function atomOf(t: UnaryTest, kind: Column["kind"], intern: (v: string) => number): Atom | undefined {
  const lit = (e: Expr | null) => {
    const v = literalOf(e, kind);
    return v === undefined ? undefined : intern(v);
  };
  const range = t.kind === "range" ? t.range : t.kind === "expr" && t.value.kind === "range" ? t.value : undefined;
  if (range) {
    if (kind !== "number" || range.test) return undefined;
    const parts: Atom[] = [];
    if (range.start) {
      const at = lit(range.start);
      if (at === undefined) return undefined;
      parts.push({ kind: "order", op: range.startIncluded ? ">=" : ">", at });
    }
    if (range.end) {
      const at = lit(range.end);
      if (at === undefined) return undefined;
      parts.push({ kind: "order", op: range.endIncluded ? "<=" : "<", at });
    }
    return parts.length === 0 ? undefined : { kind: "and", parts };
  }
  if (t.kind === "compare") {
    const at = lit(t.value);
    if (at === undefined) return undefined;
    if (t.op === "=" || t.op === "!=") return { kind: "eq", at, negated: t.op === "!=" };
    return kind === "number" ? { kind: "order", op: t.op, at } : undefined;
  }
  if (t.kind === "expr") {
    const at = lit(t.value);
    return at === undefined ? undefined : { kind: "eq", at, negated: false };
  }
  return undefined;
}

/** The column's cells, when each is `-` or literal tests of its kind. */
function columnOf(table: TableIR, i: number, value: SqlValue): Column | undefined {
  const kind = value.kind;
  if (kind !== "number" && kind !== "string" && kind !== "boolean") return undefined;
  const values: string[] = [];
  const index = new Map<string, number>();
  // each literal's text once: a table's cells repeat a few ends many times
  const texts = new Map<string, number>();
  const intern = (v: string) => {
    let k = texts.get(v);
    if (k !== undefined) return k;
    const key = kind === "number" ? canonical(v) : v;
    k = index.get(key);
    if (k === undefined) {
      k = values.length;
      index.set(key, k);
      values.push(v);
    }
    texts.set(v, k);
    return k;
  };
  if (kind === "boolean") for (const b of ["true", "false"]) intern(b);
  const cells: Cell[] = [];
  for (const rule of table.rules) {
    const cell: UnaryTests = rule.conditions[i]!;
    if (cell.kind === "any") {
      cells.push({ tests: null, negated: false });
      continue;
    }
    const atoms = cell.tests.map((t) => atomOf(t, kind, intern));
    if (atoms.length === 0 || atoms.some((a) => a === undefined)) return undefined;
    cells.push({ tests: atoms as Atom[], negated: cell.kind === "not" });
  }
  return { kind, values, cells };
}

/** A number's canonical text: equal numbers, one key. */
function canonical(v: string): string {
  const e = exact(v)!;
  let { m, scale } = e;
  while (scale > 0 && m % 10n === 0n) {
    m /= 10n;
    scale--;
  }
  return `${m}e${scale}`;
}

/** Each cell's rule number (0: none), columns in order, the last one varying fastest. */
function cellRules(classes: Classes[], numbers: number[], hit: "FIRST" | "UNIQUE", words: number): number[] {
  const out: number[] = [];
  const all = new Uint32Array(words).fill(0xffffffff);
  // one bitset a column, rewritten for each of its classes (the cells number in the millions)
  const held = classes.map(() => new Uint32Array(words));
  const walk = (i: number, bits: Bits) => {
    if (i === classes.length) {
      out.push(ruleOf(bits, numbers, hit));
      return;
    }
    const next = held[i]!;
    for (const rules of classes[i]!.rules) {
      for (let w = 0; w < words; w++) next[w] = bits[w]! & rules[w]!;
      walk(i + 1, next);
    }
  };
  walk(0, all);
  return out;
}

function ruleOf(bits: Bits, numbers: number[], hit: "FIRST" | "UNIQUE"): number {
  let found = -1;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const k = w * 32 + (31 - Math.clz32(word & -word));
      if (k >= numbers.length) return found < 0 ? 0 : numbers[found]!;
      if (hit === "FIRST") return numbers[k]!;
      if (found >= 0) return 0;
      found = k;
      word &= word - 1;
    }
  }
  return found < 0 ? 0 : numbers[found]!;
}

/** At most this many whole numbers in a column's list of classes (integerClasses). */
const MAX_SPAN = 4096;

const floorOf = (e: Exact): bigint => {
  const p = 10n ** BigInt(e.scale);
  return e.m >= 0n ? e.m / p : -((-e.m + p - 1n) / p);
};

/**
 * The class of a whole-number column (its shape has no places) as the element of a constant list
 * at the value, clamped to one below the lowest end and one above the highest, where every
 * smaller or larger whole number has the class of that one: a lookup instead of a CASE tree of
 * depth log2(ends), which DuckDB evaluates a vector at a time at every level. Undefined when the
 * column may hold fractions or the list would pass MAX_SPAN; never in the control run.
 */
function integerClasses(column: Column, x: SqlValue, order: number[], of: number[], cx: SqlContext): string | undefined {
  if (cx.naive || x.shape?.scale !== 0 || order.length === 0) return undefined;
  const ends = order.map((k) => exact(column.values[k]!)!);
  const largest = x.shape.bound - 1n;
  const lowest = floorOf(ends[0]!) - 1n;
  const highest = -floorOf({ m: -ends.at(-1)!.m, scale: ends.at(-1)!.scale }) + 1n;
  const [lo, hi] = [lowest > -largest ? lowest : -largest, highest < largest ? highest : largest];
  if (hi < lo || hi - lo + 1n > BigInt(MAX_SPAN)) return undefined;
  const classes: number[] = [];
  for (let k = lo, r = 0; k <= hi; k++) {
    const at = { m: k, scale: 0 };
    // r: the ends below k
    while (r < ends.length && compareExact(ends[r]!, at) < 0) r++;
    const band = r < ends.length && compareExact(ends[r]!, at) === 0 ? 2 * r + 2 : 2 * r + 1;
    // stored one more: the dialect's lookup reads 0 as none
    classes.push(of[band]! + 1);
  }
  const index = `CAST(LEAST(GREATEST(${x.sql}, ${lo}), ${hi}) AS BIGINT) - (${lo - 1n})`;
  return `(${cx.dialect.lookup(classes, index)} - 1)`;
}

/** A column's class as an integer expression over its value. */
function classSql(column: Column, input: SqlValue, bands: Band[], of: number[], order: number[], cx: SqlContext): string {
  const onNull = of[0]!;
  const value = (k: number): SqlValue => {
    const v = column.values[k]!;
    if (column.kind === "string") return literal(stringLiteral(v), "string");
    return v.startsWith("-") ? negate(numberLiteral(v.slice(1), cx)) : numberLiteral(v, cx);
  };
  // strings of ordered levels are looked up by equality here, never by rank
  const x: SqlValue = { ...input, levels: undefined };
  let tree: string;
  if (column.kind === "boolean") tree = `CASE WHEN ${x.sql} THEN ${of[1]} ELSE ${of[2]} END`;
  else if (column.kind === "string") {
    const other = of[bands.length - 1]!;
    const named = column.values
      .map((v, k) => ({ v, k, c: of[k + 1]! }))
      .filter((e) => e.c !== other)
      .sort((a, b) => codePointOrder(a.v, b.v));
    const search = (lo: number, hi: number): string => {
      if (lo >= hi) return String(other);
      if (hi - lo <= 8)
        return `CASE ${x.sql} ${named
          .slice(lo, hi)
          .map((e) => `WHEN ${stringLiteral(e.v)} THEN ${e.c}`)
          .join(" ")} ELSE ${other} END`;
      const mid = (lo + hi) >> 1;
      const at = value(named[mid]!.k);
      return `CASE WHEN ${ordered("<", x, at, cx).sql} THEN ${search(lo, mid)} WHEN ${x.sql} = ${at.sql} THEN ${named[mid]!.c} ELSE ${search(mid + 1, hi)} END`;
    };
    tree = search(0, named.length);
  } else {
    // bands: 1 below the lowest end, 2r + 2 the end of rank r, 2r + 3 the interval above it
    const n = order.length;
    const search = (lo: number, hi: number): string => {
      // the values strictly between the ends of ranks lo - 1 and hi: bands 2lo + 1 to 2hi + 1
      const first = of[2 * lo + 1]!;
      if (of.slice(2 * lo + 1, 2 * hi + 2).every((c) => c === first)) return String(first);
      const mid = (lo + hi) >> 1;
      const at = value(order[mid]!);
      // the control run's half-open bands: an end counted with the interval above it
      const point = cx.naive ? of[2 * mid + 3] : of[2 * mid + 2];
      return `CASE WHEN ${ordered("<", x, at, cx).sql} THEN ${search(lo, mid)} WHEN ${equals(x, at, cx).sql} THEN ${point} ELSE ${search(mid + 1, hi)} END`;
    };
    tree = integerClasses(column, x, order, of, cx) ?? search(0, n);
  }
  return `CASE WHEN ${x.sql} IS NULL THEN ${onNull} ELSE ${tree} END`;
}

interface Grid {
  shaped: { column: Column; bands: Band[]; order: number[]; classes: Classes }[];
  /** each cell's rule number (0: none) */
  rules: number[];
}

/**
 * Each table's grids by its columns' kinds: a batch engine lowers a model twice (to plan, then
 * over the file's columns and the digits its data needs) from the same IR, and the grid of the
 * 3,700-rule rating table takes about 0.15 s to compute. The IR's rules never change after
 * analysis; the grid depends on them and the kinds alone (the SQL around it is made each time).
 */
const grids = new WeakMap<TableIR, Map<string, Grid | null>>();

function gridOf(table: TableIR, hit: "FIRST" | "UNIQUE", values: SqlValue[]): Grid | undefined {
  const kinds = values.map((v) => v.kind).join(",");
  let byKinds = grids.get(table);
  if (!byKinds) grids.set(table, (byKinds = new Map()));
  let grid = byKinds.get(kinds);
  if (grid === undefined) byKinds.set(kinds, (grid = computeGrid(table, hit, values)));
  return grid ?? undefined;
}

function computeGrid(table: TableIR, hit: "FIRST" | "UNIQUE", values: SqlValue[]): Grid | null {
  const columns: Column[] = [];
  for (let i = 0; i < values.length; i++) {
    const c = columnOf(table, i, values[i]!);
    if (!c) return null;
    columns.push(c);
  }
  const words = (table.rules.length + 31) >> 5;
  const shaped = columns.map((c) => {
    const { bands, order } = bandsOf(c);
    return { column: c, bands, order, classes: classesOf(c, bands, order, words) };
  });
  let cells = 1;
  for (const s of shaped) {
    cells *= s.classes.rules.length;
    if (cells > MAX_CELLS) return null;
  }
  const rules = cellRules(
    shaped.map((s) => s.classes),
    table.rules.map((r) => r.index),
    hit,
    words,
  );
  return { shaped, rules };
}

/**
 * The number of the rule that fires, as a lookup in the grid, or undefined when the table is
 * small, has a column of other cells, or its grid is too large: the CASE tree then.
 */
export function gridRule(table: TableIR, values: SqlValue[], cx: SqlContext): SqlValue | undefined {
  if ((table.hit !== "FIRST" && table.hit !== "UNIQUE") || table.aggregation) return undefined;
  if (table.rules.length < GRID_MIN_RULES) return undefined;
  const grid = gridOf(table, table.hit, values);
  if (!grid) return undefined;
  const { shaped, rules } = grid;
  // the cell's number: the classes in mixed radix, the last column fastest
  const terms: string[] = [];
  let stride = 1;
  for (let i = shaped.length - 1; i >= 0; i--) {
    const s = shaped[i]!;
    const count = s.classes.rules.length;
    if (count > 1) {
      const cls = cx.layers.bind({
        sql: classSql(s.column, values[i]!, s.bands, s.classes.of, s.order, cx),
        kind: "number",
        depth: values[i]!.depth,
      });
      terms.push(stride === 1 ? cls.sql : `${cls.sql} * ${stride}`);
    }
    stride *= count;
  }
  const index = terms.length === 0 ? "1" : `${terms.reverse().join(" + ")} + 1`;
  const depth = deeper(...values) + (terms.length > 0 ? 1 : 0);
  return { sql: cx.dialect.lookup(rules, index), kind: "number", depth };
}
