// The input columns a batch engine may sort its rows by before the query, so that rows meeting the
// same rules travel together. DuckDB evaluates a CASE a vector of rows at a time, each branch over
// the vector's rows that reach it: a large FIRST table's tree of CASEs (rule-split.ts) costs a vector
// every node its rows spread over, so rows in random order pay for most of the tree (the 3,700-rule
// rating table: about half of its model's run). Sorting changes which rows share a vector, never a
// row's answer; the engine puts the records back in the file's order. A table looked up in its grid
// (grid.ts) is no tree: the query leaves it out of what it hands here.
import type { DecisionIR } from "../../ir/ir.js";
import type { InputColumn } from "./query.js";

/** A FIRST table of at least this many rules is worth a sort of the rows. */
const LARGE = 200;

/**
 * The columns of the largest FIRST table of at least LARGE rules whose input columns read model
 * inputs by name, in the table's column order; empty when there is none.
 */
export function clusterColumns(decisions: readonly DecisionIR[], inputs: readonly InputColumn[]): string[] {
  const column = new Map(inputs.map((c) => [c.input, c.column]));
  let best: { rules: number; columns: string[] } = { rules: LARGE - 1, columns: [] };
  for (const d of decisions) {
    if (d.body.kind !== "table" || d.body.table.hit !== "FIRST" || d.body.table.rules.length <= best.rules) continue;
    const columns = d.body.table.inputs.flatMap(({ expr }) => {
      const c = expr.kind === "name" && expr.ref?.kind === "input" ? column.get(expr.ref.name) : undefined;
      return c === undefined ? [] : [c];
    });
    if (columns.length > 0) best = { rules: d.body.table.rules.length, columns: [...new Set(columns)] };
  }
  return best.columns;
}
