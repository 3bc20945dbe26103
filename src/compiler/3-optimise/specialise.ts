// Table specialisation: mark the input columns whose cells can be tested on raw JSON values
// (numbers against short literals, dates against date literals, strings and booleans by literal
// equality; optimise/indexable-cell.ts), unless no cell of the column can. A column computed by
// FEEL code (a decision, an expression) of a number, string or boolean type is marked too: its
// value is tested as a JS string or boolean, a number through its nearest double
// (runtime/column-double.ts). Codegen emits those tests as plain JS comparisons guarded by a type check, with the
// FEEL path as fallback.
import type { ModelIR, SpecialisedKind, TableIR } from "../../ir/ir.js";
import { isStringLike } from "../../ir/types.js";
import { INDEXABLE_CELL } from "./indexable-cell.js";
import { planTableIndex } from "./table-index-plan.js";

/** The kind of raw value a column of this input type tests, if any. */
function rawKind(type: ModelIR["inputs"][number]["type"]): SpecialisedKind | undefined {
  if (type.kind === "number" || type.kind === "date" || type.kind === "boolean") return type.kind;
  return isStringLike(type) ? "string" : undefined;
}

function specialiseTable(table: TableIR, inputTypes: Map<string, ModelIR["inputs"][number]["type"]>): void {
  table.inputs.forEach((column, i) => {
    const e = column.expr;
    const input = e.kind === "name" && e.ref?.kind === "input";
    const type = input ? inputTypes.get((e as { ref: { name: string } }).ref.name) : e.type;
    const kind = type && rawKind(type);
    // a computed date is left to the FEEL runtime: only inputs have a day number read from JSON
    if (!kind || (!input && kind === "date")) return;
    // a cell that tests an expression is left to the FEEL runtime; a column of nothing else is not worth specialising
    if (table.rules.some((r) => INDEXABLE_CELL[kind](r.conditions[i]!))) column.specialised = kind;
  });
}

export function specialiseTables(ir: ModelIR): void {
  const inputTypes = new Map(ir.inputs.map((i) => [i.name, i.type]));
  for (const d of ir.decisions) {
    for (const body of [d.body, ...d.lets.map((l) => l.body)]) {
      if (body.kind !== "table") continue;
      specialiseTable(body.table, inputTypes);
      body.table.index = planTableIndex(body.table);
    }
  }
}
