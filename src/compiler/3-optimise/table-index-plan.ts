// Plans the index of a FIRST table whose columns are all specialised (see runtime/table-index.ts).
// Each cell is evaluated here, on one representative value per region, with the same JS
// comparisons the specialised tests use; the -O0 equivalence tests check the result.
import type { Expr, UnaryTest, UnaryTests } from "../../ir/feel-ast.js";
import type { TableIR, TableIndexPlan } from "../../ir/ir.js";
import { exactNumber } from "./exact-number.js";

/** Tables smaller than this stay a chain of tests: a short chain is as fast as a lookup. */
const MIN_INDEXED_RULES = 12;

const LITERAL_KINDS = new Set(["number", "string", "boolean", "null"]);
const isLiteral = (e: Expr) => LITERAL_KINDS.has(e.kind) || (e.kind === "negate" && e.operand.kind === "number");

const num = (e: Expr) => Number(exactNumber(e)!.replace(/[()]/g, ""));

const NUMBER_OPS: Record<string, (x: number, v: number) => boolean> = {
  "<": (x, v) => x < v,
  "<=": (x, v) => x <= v,
  ">": (x, v) => x > v,
  ">=": (x, v) => x >= v,
  "=": (x, v) => x === v,
  "!=": (x, v) => x !== v,
};

function numberTest(t: UnaryTest, x: number): boolean {
  if (t.kind === "compare") return NUMBER_OPS[t.op]!(x, num(t.value));
  if (t.kind === "expr") return x === num(t.value);
  const r = t.range;
  const aboveStart = !r.start || (r.startIncluded ? x >= num(r.start) : x > num(r.start));
  const belowEnd = !r.end || (r.endIncluded ? x <= num(r.end) : x < num(r.end));
  return aboveStart && belowEnd;
}

function stringTest(t: UnaryTest, x: string): boolean {
  const v = (t as { value: Expr & { kind: "string" } }).value.value;
  return t.kind === "compare" && t.op === "!=" ? x !== v : x === v;
}

function cellMatches(cell: UnaryTests, x: number | string, kind: "number" | "string"): boolean {
  if (cell.kind === "any") return true;
  const any = cell.tests.some((t) => (kind === "number" ? numberTest(t, x as number) : stringTest(t, x as string)));
  return cell.kind === "not" ? !any : any;
}

function numberBounds(cells: UnaryTests[]): number[] {
  const values = new Set<number>();
  for (const cell of cells) {
    if (cell.kind === "any") continue;
    for (const t of cell.tests) {
      if (t.kind === "range") [t.range.start, t.range.end].forEach((e) => e && values.add(num(e)));
      else values.add(num(t.value));
    }
  }
  return [...values].sort((a, b) => a - b);
}

/** One representative per region: -∞, b0, midpoint, b1, …, +∞ (regions no double falls in get NaN). */
function numberRepresentatives(bounds: number[]): number[] {
  const reps: number[] = [];
  bounds.forEach((b, i) => {
    const below = i === 0 ? -Infinity : (bounds[i - 1]! + b) / 2;
    reps.push(i > 0 && (below === bounds[i - 1] || below === b) ? NaN : below, b);
  });
  reps.push(Infinity);
  return reps;
}

function stringValues(cells: UnaryTests[]): string[] {
  const values = new Set<string>();
  for (const cell of cells)
    if (cell.kind !== "any") for (const t of cell.tests) values.add((t as { value: { value: string } }).value.value);
  return [...values];
}

function masksFor(cells: UnaryTests[], reps: (number | string)[], kind: "number" | "string", words: number): number[] {
  const masks = new Array<number>(reps.length * words).fill(0);
  reps.forEach((x, region) => {
    if (typeof x === "number" && Number.isNaN(x)) return;
    cells.forEach((cell, rule) => {
      if (cellMatches(cell, x, kind)) masks[region * words + (rule >> 5)]! |= 1 << (rule & 31);
    });
  });
  return masks;
}

export function planTableIndex(table: TableIR): TableIndexPlan | undefined {
  if (table.hit !== "FIRST" || table.rules.length < MIN_INDEXED_RULES) return undefined;
  if (!table.inputs.every((c) => c.specialised)) return undefined;
  if (!table.rules.every((r) => r.outputs.every(isLiteral))) return undefined;
  const words = Math.ceil(table.rules.length / 32);
  const columns = table.inputs.map((column, i) => {
    const cells = table.rules.map((r) => r.conditions[i]!);
    if (column.specialised === "number") {
      const bounds = numberBounds(cells);
      return { kind: "number" as const, bounds, masks: masksFor(cells, numberRepresentatives(bounds), "number", words) };
    }
    const values = stringValues(cells);
    // The extra region stands for every other string: a value no cell names.
    const other = `\u0000${values.join("")}`;
    return { kind: "string" as const, values, masks: masksFor(cells, [...values, other], "string", words) };
  });
  return { words, columns };
}
