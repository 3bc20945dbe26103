// Runtime support for decision tables in generated code: multi-hit policies and cell lists.
import { applyHitPolicy, type Aggregation, type HitResult, type Policy } from "./hit-policies.js";
import { call, eq, toFeelString } from "./index.js";
import { builtinMax, builtinMin, builtinSum } from "./builtins/aggregate.js";
import { builtinCount } from "./builtins/list.js";
import { builtinMade } from "./builtins/made.js";
import { FeelContext, type FeelValue } from "./values.js";

/** The built-in each aggregator of a COLLECT table calls, by its maker (builtins/def.ts). */
const AGGREGATORS = { SUM: builtinSum, MIN: builtinMin, MAX: builtinMax, COUNT: builtinCount } as const;

/**
 * `priorities[i]` lists output column i's allowed values, highest priority first (or null);
 * `outputNames` names the columns of a multi-output table (null for a single output).
 */
export function hit(
  policy: Policy,
  aggregation: Aggregation,
  rules: number[],
  values: FeelValue[],
  priorities: (readonly string[] | null)[],
  outputNames: readonly string[] | null,
): HitResult {
  return applyHitPolicy(
    {
      equals: (a, b) => eq(a, b) === true,
      priorityKey: (v) =>
        outputNames
          ? outputNames.map((name, i) => outputRank(priorities[i] ?? null, v instanceof FeelContext ? v.get(name) : null))
          : [outputRank(priorities[0] ?? null, v)],
      aggregate: (agg, vs) => aggregator(agg)(vs),
    },
    policy,
    aggregation,
    rules,
    values,
  );
}

/** An output's rank in its column's listed values, highest priority first: 0 when none are listed, the list's length when not in it. */
export function outputRank(list: readonly string[] | null, v: FeelValue): number {
  if (!list) return 0;
  const i = list.indexOf(typeof v === "string" ? v : toFeelString(v));
  return i < 0 ? list.length : i;
}

/** The built-in a COLLECT table's aggregator calls, as a function of the matched outputs' list (the built-in looked up once). */
export function aggregator(agg: Exclude<Aggregation, null>): (values: FeelValue[]) => FeelValue {
  const made = builtinMade(AGGREGATORS[agg]);
  return (values) => call(made, [values]);
}

/** Three-valued "any of": true if any is true, else null if any is not false, else false. */
export function anyTrue(results: FeelValue[]): boolean | null {
  let unknown = false;
  for (const r of results) {
    if (r === true) return true;
    if (r !== false) unknown = true;
  }
  return unknown ? null : false;
}

/** Inside a filter, whether the item is a context with an entry `name`, which shadows the name. */
export const hasEntry = (item: FeelValue, name: string): item is FeelContext => item instanceof FeelContext && item.has(name);

/** Inside a filter, `name` is the item's entry when the item is a context that has it. */
export function entryOr(item: FeelValue, name: string, outer: FeelValue): FeelValue {
  return hasEntry(item, name) ? item.get(name) : outer;
}

/** The branch an `if` takes: 1 then, 0 else, -1 neither (a condition that is not a boolean or null). */
export function branch(c: FeelValue): number {
  return c === true ? 1 : c === false || c === null ? 0 : -1;
}

const ORDERINGS: Record<string, (c: number) => boolean> = {
  "<": (c) => c < 0,
  "<=": (c) => c <= 0,
  ">": (c) => c > 0,
  ">=": (c) => c >= 0,
};

/** Ordered levels (`low<medium<high`) compare by rank; a value outside the levels gives null. */
export function rankCompare(levels: readonly string[], op: string, a: FeelValue, b: FeelValue): boolean | null {
  const i = typeof a === "string" ? levels.indexOf(a) : -1;
  const j = typeof b === "string" ? levels.indexOf(b) : -1;
  return i < 0 || j < 0 ? null : ORDERINGS[op]!(i - j);
}

/** `x in [low..mid]` over ordered levels; a null endpoint is unbounded. */
export function rankInRange(
  levels: readonly string[],
  x: FeelValue,
  startIncluded: boolean,
  start: FeelValue,
  end: FeelValue,
  endIncluded: boolean,
): boolean | null {
  const above = start === null ? true : rankCompare(levels, startIncluded ? ">=" : ">", x, start);
  const below = end === null ? true : rankCompare(levels, endIncluded ? "<=" : "<", x, end);
  return above === null || below === null ? null : above && below;
}
