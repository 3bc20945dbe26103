// The combination of a multi-hit table's matched rules written out in generated code, policy by
// policy (through runtime/hit-direct.ts), so that a call pays no helper object, no priority-key
// arrays and no generic dispatch through `rt.hit`. The meaning is runtime/hit-policies.ts's, which
// stays the source of truth (and the explanation path's combiner): the same values, nulls, errors
// and rule numbers.
import type { TableIR } from "../../ir/ir.js";
import type { ExprContext } from "./expr.js";

/** Names of the JS arrays holding the matched rules' numbers and outputs, in rule order. */
interface Hits {
  rules: string;
  values: string;
}

/** What at least one match gives: statements before, the value and the rule numbers the trace records. */
interface Matched {
  code: string;
  value: string;
  rules: string;
}

/** A policy's matched case and the value of no match (before the table's default applies); null: not written out. */
type Combiner = (table: TableIR, hits: Hits, cx: ExprContext) => { matched: Matched; unmatched: string } | null;

/** Output column 0's listed values (highest priority first) as a module-level array, or null. */
const priorities = (table: TableIR, cx: ExprContext): string => {
  const list = table.outputs[0]!.allowed;
  return list ? cx.em.data("P", list) : "null";
};

const listed = (hits: Hits): { matched: Matched; unmatched: string } => ({
  matched: { code: "", value: hits.values, rules: hits.rules },
  unmatched: hits.values,
});

const COMBINERS: Record<string, Combiner> = {
  UNIQUE: (_t, { rules, values }) => ({ matched: { code: "", value: `rt.uniqueHit(${rules}, ${values})`, rules }, unmatched: "null" }),
  ANY: (_t, { rules, values }) => ({ matched: { code: "", value: `rt.anyHit(${rules}, ${values})`, rules }, unmatched: "null" }),
  PRIORITY: (table, { rules, values }, cx) => {
    if (!table.singleOutput) return null;
    const b = cx.em.fresh("b");
    const code = `const ${b} = rt.bestRanked(${priorities(table, cx)}, ${values});`;
    return { matched: { code, value: `${values}[${b}]`, rules: `[${rules}[${b}]]` }, unmatched: "null" };
  },
  "OUTPUT ORDER": (table, { rules, values }, cx) => {
    if (!table.singleOutput) return null;
    const q = cx.em.fresh("q");
    const code = `const ${q} = rt.rankOrder(${priorities(table, cx)}, ${values});`;
    return { matched: { code, value: `rt.atPositions(${values}, ${q})`, rules: `rt.atPositions(${rules}, ${q})` }, unmatched: values };
  },
  "RULE ORDER": (_t, hits) => listed(hits),
  COLLECT: (table, hits, cx) => {
    if (!table.aggregation) return listed(hits);
    const aggregate = cx.em.hoist("A", `rt.aggregator(${cx.em.lit(table.aggregation)})`);
    const value = `${aggregate}(${hits.values})`;
    // COUNT of no match is the count of the empty list (0); SUM, MIN and MAX of no match are null
    return { matched: { code: "", value, rules: hits.rules }, unmatched: table.aggregation === "COUNT" ? value : "null" };
  },
};

/**
 * Statements assigning the combined value of the matched rules to `target` (the table's default
 * when nothing matched and it has one) and the rule numbers to the trace entry; null for a table
 * this does not write out (a multi-output PRIORITY or OUTPUT ORDER table), which keeps `rt.hit`.
 */
export function combineHits(
  table: TableIR,
  hits: Hits,
  to: { target: string; trace: string },
  fallback: string,
  cx: ExprContext,
): string | null {
  const combined = COMBINERS[table.hit]?.(table, hits, cx);
  if (!combined) return null;
  const { matched, unmatched } = combined;
  const traced = (rules: string) => (to.trace === "null" ? "" : ` if (${to.trace} !== null) ${to.trace}.rule = ${rules};`);
  return (
    `if (${hits.rules}.length > 0) { ${matched.code} ${to.target} = ${matched.value};${traced(matched.rules)} } ` +
    `else { ${to.target} = ${fallback === "null" ? unmatched : fallback};${traced(hits.rules)} }`
  );
}
