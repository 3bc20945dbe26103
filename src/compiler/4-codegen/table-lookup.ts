// The indexed path of a FIRST table (plan: optimise/table-index-plan.ts; primitives:
// runtime/table-index.ts) as a module-level function of the columns' raw values. It answers the
// position of the first matching rule, -1 when no rule matches, and -2 when a value cannot be
// tested raw (codegen/fast-tests.ts, `rawGuard`): the chain of tests judges those. A function of its own keeps the
// generated `run` small enough for V8 to optimise and inline it into its callers.
import type { TableIndexPlan } from "../../ir/ir.js";
import type { Emitter } from "./emitter.js";
import { rawGuard } from "./fast-tests.js";

/** Up to this many region combinations, the first rule of each is found once, at load. */
const MAX_DENSE_CELLS = 1 << 16;
/** Up to this many literals, a string column's region is a few comparisons rather than a Map. */
const MAX_COMPARED_STRINGS = 8;

/** An indexed table's lookup call, the raw values it reads, and its outputs' JSON forms. */
export interface IndexedLookup {
  call: string;
  raws: string[];
  /** id of the hoisted array: the JSON form of rule k's output, or undefined when not a constant */
  json: string;
}

type ColumnIndex = TableIndexPlan["columns"][number];

const regionCount = (c: ColumnIndex): number => (c.kind === "number" ? 2 * c.bounds.length + 1 : c.values.length + 1);

/** `first` and `step` when the bounds are about evenly spaced, so one product (by 1 / step) can guess the region. */
export function spacing(bounds: number[]): { first: number; step: number } | null {
  if (bounds.length < 3) return null;
  const first = bounds[0]!;
  const step = (bounds[bounds.length - 1]! - first) / (bounds.length - 1);
  if (!(step > 0) || !Number.isFinite(step)) return null;
  return bounds.every((b, i) => Math.abs(b - (first + i * step)) <= step / 4) ? { first, step } : null;
}

/** A column's region number for the raw value `x` (known to be of the column's kind). */
function regionOf(column: ColumnIndex, x: string, em: Emitter): string {
  if (column.kind === "number") {
    const bounds = em.hoist("B", `rt.f64(${JSON.stringify(column.bounds)})`);
    const even = spacing(column.bounds);
    return even ? `rt.stepRegion(${bounds}, ${even.first}, ${1 / even.step}, ${x})` : `rt.region(${bounds}, ${x})`;
  }
  const other = column.values.length;
  if (column.values.length <= MAX_COMPARED_STRINGS) {
    return column.values.reduceRight((rest, v, i) => `${x} === ${JSON.stringify(v)} ? ${i} : ${rest}`, String(other));
  }
  return `(${em.hoist("V", `rt.regions(${JSON.stringify(column.values)})`)}.get(${x}) ?? ${other})`;
}

/**
 * Hoists the lookup function of an indexed table whose column i reads the raw value `raws[i]`,
 * and returns the call that evaluates it and the raw values it reads.
 */
export function emitLookup(index: TableIndexPlan, raws: string[], em: Emitter): { call: string; params: string[] } {
  const { words, columns } = index;
  const masks = columns.map((c) => em.hoist("M", `rt.i32(${JSON.stringify(c.masks)})`));
  const sizes = columns.map(regionCount);
  const dense = columns.length <= 3 && sizes.reduce((a, b) => a * b, 1) <= MAX_DENSE_CELLS;
  // Each column's region times its stride is an offset: into the dense cells (column 0 varying
  // slowest) or into the column's masks (one region is `words` words).
  const strides = dense ? sizes.map((_, c) => sizes.slice(c + 1).reduce((a, b) => a * b, 1)) : columns.map(() => words);
  const params = [...new Set(raws)];
  const offsets = columns.map(() => em.fresh("o"));
  const unfit = [...new Set(columns.map((c, i) => `!(${rawGuard(c.kind, raws[i]!)})`))];
  const regions = columns.map(
    (c, i) => `const ${offsets[i]} = ${strides[i] === 1 ? regionOf(c, raws[i]!, em) : `(${regionOf(c, raws[i]!, em)}) * ${strides[i]}`};`,
  );
  let first: string;
  if (dense) {
    const cells = em.hoist("C", `rt.denseCells(${words}, [${masks.join(", ")}], [${sizes.join(", ")}])`);
    first = offsets.length === 1 ? `${cells}[${offsets[0]}]` : `rt.cell${offsets.length}(${cells}, ${offsets.join(", ")})`;
  } else if (offsets.length <= 3) {
    first = `rt.firstRule${offsets.length}(${words}, ${offsets.map((o, i) => `${masks[i]}, ${o}`).join(", ")})`;
  } else {
    first = `rt.firstRuleN(${words}, [${masks.join(", ")}], [${offsets.join(", ")}])`;
  }
  const body = [`if (${unfit.join(" || ")}) return -2;`, ...regions, `return ${first};`];
  const lookup = em.hoist("L", `(${params.join(", ")}) => { ${body.join(" ")} }`);
  return { call: `${lookup}(${params.join(", ")})`, params };
}
