// Plans the index of a table whose columns are all specialised, for any hit policy (see runtime/table-index.ts).
// The rules with a cell the index cannot represent (optimise/indexable-cell.ts) are left out of it,
// as `residual`: codegen tests them one by one, in rule order.
// Each column's value domain is cut into regions within which every cell of the column answers
// the same: numbers (and dates, as day numbers) by their sorted distinct bounds, strings by the
// literals named plus one region for every other string, booleans by their two values. Each cell becomes the sorted, disjoint
// region ranges it allows, so the plan is linear in the table's size and is made in
// O(cells × log bounds): no cell is ever compared with another. The -O0 equivalence tests and
// the property tests of the index check the plan against the chain of tests.
import type { Expr, UnaryTest, UnaryTests } from "../../ir/feel-ast.js";
import type { IndexedColumn, RuleIR, SpecialisedKind, TableIR, TableIndexPlan } from "../../ir/ir.js";
import { dayLiteral } from "./day-literal.js";
import { exactNumber } from "./exact-number.js";
import { INDEXABLE_CELL } from "./indexable-cell.js";

/** Tables smaller than this stay a chain of tests: a short chain is as fast as a lookup. */
const MIN_INDEXED_RULES = 12;
/**
 * At most this many mask words (4 bytes each, one bit per rule and region) are built at load; a
 * table that would need more stays a chain. A single-column FIRST table needs none: its index is
 * the first rule of each region.
 */
const MAX_MASK_WORDS = 1 << 22;

type Ordered = (e: Expr) => number;
/** The number a literal of an ordered column stands for: numbers themselves, dates their day number. */
const ORDERED: Record<"number" | "date", Ordered> = {
  number: (e) => Number(exactNumber(e)!.replace(/[()]/g, "")),
  date: (e) => dayLiteral(e)!,
};

/** Half-open region ranges [from, to), as flat pairs. */
type Ranges = number[];

/** The union of ranges, sorted and merged. */
function union(ranges: Ranges): Ranges {
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) if (ranges[i]! < ranges[i + 1]!) pairs.push([ranges[i]!, ranges[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [from, to] of pairs) {
    if (out.length > 0 && from <= out[out.length - 1]!) out[out.length - 1] = Math.max(out[out.length - 1]!, to);
    else out.push(from, to);
  }
  return out;
}

/** The regions of [0, count) outside the sorted, merged ranges. */
function complement(ranges: Ranges, count: number): Ranges {
  const out: Ranges = [];
  let at = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i]! > at) out.push(at, ranges[i]!);
    at = ranges[i + 1]!;
  }
  if (at < count) out.push(at, count);
  return out;
}

/** Regions of a number column with bounds b0 < b1 < …: 2i is the open interval below bi, 2i + 1 is bi itself. */
function orderedRanges(t: UnaryTest, num: Ordered, rank: Map<number, number>, count: number): Ranges {
  const point = (e: Expr) => 2 * rank.get(num(e))! + 1;
  if (t.kind === "expr") return [point(t.value), point(t.value) + 1];
  if (t.kind === "compare") {
    const p = point(t.value);
    const byOp = { "<": [0, p], "<=": [0, p + 1], ">": [p + 1, count], ">=": [p, count], "=": [p, p + 1], "!=": [0, p, p + 1, count] };
    return byOp[t.op];
  }
  const r = t.range;
  const from = r.start ? point(r.start) + (r.startIncluded ? 0 : 1) : 0;
  const to = r.end ? point(r.end) + (r.endIncluded ? 1 : 0) : count;
  return [from, to];
}

function literalRanges(t: UnaryTest, rank: Map<unknown, number>, count: number): Ranges {
  const value = (t as { value: Expr & { value: unknown } }).value.value;
  const i = rank.get(value)!;
  return t.kind === "compare" && t.op === "!=" ? [0, i, i + 1, count] : [i, i + 1];
}

/** A residual rule's cell (null) allows no region: the index never finds the rule. */
function cellRanges(cell: UnaryTests | null, test: (t: UnaryTest) => Ranges, count: number): Ranges {
  if (cell === null) return [];
  if (cell.kind === "any") return [0, count];
  const allowed = union(cell.tests.flatMap(test));
  return cell.kind === "not" ? complement(allowed, count) : allowed;
}

function orderedBounds(cells: (UnaryTests | null)[], num: Ordered): number[] {
  const values = new Set<number>();
  for (const cell of cells) {
    if (cell === null || cell.kind === "any") continue;
    for (const t of cell.tests) {
      if (t.kind === "range") [t.range.start, t.range.end].forEach((e) => e && values.add(num(e)));
      else values.add(num(t.value));
    }
  }
  return [...values].sort((a, b) => a - b);
}

function literalValues(cells: (UnaryTests | null)[]): unknown[] {
  const values = new Set<unknown>();
  for (const cell of cells)
    if (cell !== null && cell.kind !== "any") for (const t of cell.tests) values.add((t as { value: { value: unknown } }).value.value);
  return [...values];
}

/** Each rule's ranges, flattened: rule k's are cells[starts[k] .. starts[k + 1]). */
function flatten(perRule: Ranges[]): { starts: number[]; cells: number[] } {
  const starts = [0];
  const cells: number[] = [];
  for (const ranges of perRule) {
    for (const r of ranges) cells.push(r);
    starts.push(cells.length);
  }
  return { starts, cells };
}

function planColumn(kind: SpecialisedKind, cells: (UnaryTests | null)[]): IndexedColumn {
  if (kind === "number" || kind === "date") {
    const num = ORDERED[kind];
    const bounds = orderedBounds(cells, num);
    const rank = new Map(bounds.map((b, i) => [b, i]));
    const regions = 2 * bounds.length + 1;
    return { kind, bounds, regions, ...flatten(cells.map((c) => cellRanges(c, (t) => orderedRanges(t, num, rank, regions), regions))) };
  }
  // strings: one region per literal and one for every other string; booleans: false, true
  const values = kind === "boolean" ? [false, true] : (literalValues(cells) as string[]);
  const rank = new Map<unknown, number>(values.map((v, i) => [v, i]));
  const regions = kind === "boolean" ? 2 : values.length + 1;
  const column = flatten(cells.map((c) => cellRanges(c, (t) => literalRanges(t, rank, regions), regions)));
  return kind === "boolean" ? { kind, regions, ...column } : { kind, values: values as string[], regions, ...column };
}

export function planTableIndex(table: TableIR): TableIndexPlan | undefined {
  const kinds = table.inputs.map((c) => c.specialised);
  if (!kinds.every((k) => k !== undefined)) return undefined;
  const indexable = (rule: RuleIR) => rule.conditions.every((cell, i) => INDEXABLE_CELL[kinds[i]!](cell));
  const residual = table.rules.flatMap((r, k) => (indexable(r) ? [] : [k]));
  if (table.rules.length - residual.length < MIN_INDEXED_RULES) return undefined;
  const skipped = new Set(residual);
  const columns = kinds.map((kind, i) =>
    planColumn(
      kind,
      table.rules.map((r, k) => (skipped.has(k) ? null : r.conditions[i]!)),
    ),
  );
  const words = Math.ceil(table.rules.length / 32);
  const maskWords = columns.reduce((sum, c) => sum + c.regions * words, 0);
  if (!(table.hit === "FIRST" && columns.length === 1) && maskWords > MAX_MASK_WORDS) return undefined;
  return { rules: table.rules.length, columns, residual };
}
