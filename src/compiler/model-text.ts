// The model's own text behind the addresses of an explanation (docs/explanations.md), for readers
// that show it: a decision table's column headers and each rule's input cells as written. The
// explanation itself never holds model text; a terminal report resolves it through here.
import type { CompiledModel } from "./5-load/compiled-model.js";
import { inputCells, tableSites } from "./6-package/readme-tables.js";

export interface TableText {
  /** the input columns' headers, in column order */
  columns: string[];
  /** rule n's input cells at n - 1, in column order */
  cells: string[][];
}

/** The text of each decision table of the model, by decision name. */
export function decisionTablesText(model: CompiledModel): Map<string, TableText> {
  const sites = tableSites(model.ir, model.check.content);
  const out = new Map<string, TableText>();
  for (const d of model.ir.decisions) {
    if (d.body.kind !== "table") continue;
    const table = d.body.table;
    const site = sites.find((s) => s.table === table);
    if (site) out.set(d.name, { columns: table.inputs.map((c) => c.text), cells: inputCells(site) });
  }
  return out;
}
