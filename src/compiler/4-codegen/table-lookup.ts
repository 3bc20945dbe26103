// The indexed path of a table (plan: optimise/table-index-plan.ts; primitives:
// runtime/table-index.ts) as a module-level function of the columns' raw values. For a FIRST
// table it answers the position of the first matching rule, -1 when no rule matches; for the other
// hit policies, the positions of every matching rule in order. It answers -2 (FIRST) or null
// (others) when a value cannot be tested raw (codegen/fast-tests.ts, `rawGuard`): the chain of
// tests judges those. A function of its own keeps the generated `run` small enough for V8 to
// optimise and inline it into its callers. The plan is emitted as data linear in the table's size;
// the masks and dense cells are built from it at load.
import type { IndexedColumn, TableIndexPlan } from "../../ir/ir.js";
import type { Emitter } from "./emitter.js";
import { rawGuard } from "./fast-tests.js";
import { ascendingList, intList } from "./int-list.js";
import { joined } from "./joined.js";

/** Up to this many region combinations, the first rule of each is found once, at load. */
const MAX_DENSE_CELLS = 1 << 16;
/** From this many bounds, a number column's region is found through slices of its span (`rt.bucketRegion`). */
const MIN_SLICED_BOUNDS = 8;
/** Slices per bound: most slices then hold no bound or one, and the search within a slice is one comparison or two. */
const SLICES_PER_BOUND = 2;
/** Up to this many literals, a string column's region is a few comparisons rather than a Map. */
const MAX_COMPARED_STRINGS = 8;

/** An indexed table's lookup call, the raw values it reads, and its outputs' JSON forms. */
export interface IndexedLookup {
  call: string;
  raws: string[];
  /** id of the hoisted array: the JSON form of rule k's output, or undefined when not a constant */
  json: string;
}

/**
 * How many slices `rt.bucketRegion` cuts the span of these sorted bounds into, and 1 / the width
 * of a slice; null when a plain binary search is as quick (few bounds) or the span is degenerate.
 */
export function slicing(bounds: number[]): { count: number; perBucket: number } | null {
  if (bounds.length < MIN_SLICED_BOUNDS) return null;
  const count = SLICES_PER_BOUND * bounds.length;
  const perBucket = count / (bounds[bounds.length - 1]! - bounds[0]!);
  return perBucket > 0 && Number.isFinite(perBucket) ? { count, perBucket } : null;
}

/** A column's region number for the raw value `x` (known to be of the column's kind). */
function regionOf(column: IndexedColumn, x: string, em: Emitter): string {
  if (column.kind === "boolean") return `(${x} ? 1 : 0)`;
  if ((column.kind === "number" || column.kind === "date") && column.bounds.length < MIN_SLICED_BOUNDS) return searchTree(column.bounds, x);
  if (column.kind === "number" || column.kind === "date") {
    const bounds = em.hoist("B", `rt.f64(${JSON.stringify(column.bounds)})`);
    const sliced = slicing(column.bounds);
    if (!sliced) return `rt.region(${bounds}, ${x})`;
    const starts = em.hoist("S", `rt.buckets(${bounds}, ${sliced.perBucket}, ${sliced.count})`);
    return `rt.bucketRegion(${bounds}, ${starts}, ${sliced.perBucket}, ${x})`;
  }
  const other = column.values.length;
  if (column.values.length <= MAX_COMPARED_STRINGS) {
    return `(${column.values.reduceRight((rest, v, i) => `${x} === ${JSON.stringify(v)} ? ${i} : ${rest}`, String(other))})`;
  }
  return `(${em.hoist("V", `rt.regions(${JSON.stringify(column.values)})`)}.get(${x}) ?? ${other})`;
}

/**
 * `rt.region(bounds, x)` written out as the binary search's comparisons with the bounds as
 * literals: between bounds lo and hi (every bound below lo is below x, bound hi is at or above it),
 * the first bound at or above x is found, and x is below it (2i) or on it (2i + 1); above them all, 2n.
 */
export function searchTree(bounds: readonly number[], x: string): string {
  const node = (lo: number, hi: number): string => {
    if (lo === hi) return lo === bounds.length ? String(2 * lo) : `${x} < ${bounds[lo]} ? ${2 * lo} : ${2 * lo + 1}`;
    const mid = (lo + hi) >>> 1;
    return `${x} <= ${bounds[mid]} ? (${node(lo, mid)}) : (${node(mid + 1, hi)})`;
  };
  return `(${node(0, bounds.length)})`;
}

const plannedColumn = (c: IndexedColumn) => `rt.plannedColumn(${c.regions}, ${ascendingList(c.starts)}, ${intList(c.cells)})`;

/**
 * What a lookup answers: the first matching rule's position (a FIRST table: -1 for none), or every
 * matching rule's, as an ascending list, or (`word`, a table of at most 32 rules) as the bits of one
 * word that the combiners of runtime/hit-direct.ts read.
 */
type Answer = "first" | "positions" | "word";

/**
 * Hoists the lookup function of an indexed table whose column i reads the raw value `raws[i]`,
 * and returns the call that evaluates it, the raw values it reads and whether it answers a word
 * (null when a raw value is not of its column's kind; -2 for a FIRST table).
 */
export function emitLookup(
  index: TableIndexPlan,
  raws: string[],
  wanted: Answer,
  em: Emitter,
): { call: string; params: string[]; word: boolean } {
  const first = wanted === "first";
  const { columns } = index;
  const sizes = columns.map((c) => c.regions);
  const params = [...new Set(raws)];
  const regionIds = columns.map(() => em.fresh("o"));
  const unfit = [...new Set(columns.map((c, i) => `!(${rawGuard(c.kind, raws[i]!)})`))];
  const dense = first && columns.length <= 3 && sizes.reduce((a, b) => a * b, 1) <= MAX_DENSE_CELLS;
  // In dense cells (column 0 varying slowest), a column's region times its stride is an offset.
  const strides = sizes.map((_, c) => (dense ? sizes.slice(c + 1).reduce((a, b) => a * b, 1) : 1));
  const regions = columns.map((c, i) => {
    const r = regionOf(c, raws[i]!, em);
    return `const ${regionIds[i]} = ${strides[i] === 1 ? r : `${r} * ${strides[i]}`};`;
  });
  let answer: string;
  if (first && columns.length === 1) {
    answer = `${em.hoist("F", `rt.firstRules(${plannedColumn(columns[0]!)})`)}[${regionIds[0]}]`;
  } else {
    const built = `rt.tableIndex(${index.rules}, [${columns.map(plannedColumn).join(", ")}])`;
    if (dense) {
      const cells = em.hoist("C", `rt.denseCells(${built})`);
      answer = regionIds.length === 2 ? `rt.cell2(${cells}, ${regionIds.join(", ")})` : `rt.cell3(${cells}, ${regionIds.join(", ")})`;
    } else if (index.rules <= 32) {
      // one word a region: the AND of the columns' words, read off the hoisted masks
      const ix = em.hoist("X", built);
      const word = columns.map((_, c) => `${em.hoist("M", `rt.maskOf(${ix}, ${c})`)}[${regionIds[c]}]`).join(" & ");
      answer = first ? `rt.firstBit(${word})` : wanted === "word" ? word : `rt.bitPositions(${word})`;
    } else {
      answer = `rt.${first ? "firstOf" : "allOf"}(${em.hoist("X", built)}, [${regionIds.join(", ")}])`;
    }
  }
  const body = [`if (${joined(unfit, "||")}) return ${first ? -2 : "null"};`, ...regions, `return ${answer};`];
  const lookup = em.hoist("L", `(${params.join(", ")}) => { ${body.join(" ")} }`);
  return { call: `${lookup}(${params.join(", ")})`, params, word: wanted === "word" && !dense && index.rules <= 32 };
}
