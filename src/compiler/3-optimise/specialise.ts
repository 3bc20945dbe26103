// Table specialisation: mark the input columns whose cells can be tested on raw JSON values
// (numbers against short literals, strings by literal equality). Codegen emits those tests as
// plain JS comparisons guarded by a type check, with the FEEL path as fallback.
import type { Expr, UnaryTests } from "../../ir/feel-ast.js";
import type { ModelIR, TableIR } from "../../ir/ir.js";
import { isStringLike } from "../../ir/types.js";
import { exactNumber } from "./exact-number.js";
import { planTableIndex } from "./table-index-plan.js";

const isNumberLiteral = (e: Expr | null): boolean => e === null || exactNumber(e) !== null;

const numberCell = (cell: UnaryTests): boolean =>
  cell.kind === "any" ||
  cell.tests.every((t) =>
    t.kind === "range" ? isNumberLiteral(t.range.start) && isNumberLiteral(t.range.end) : exactNumber(t.value) !== null,
  );

const stringCell = (cell: UnaryTests): boolean =>
  cell.kind === "any" ||
  cell.tests.every((t) => t.kind !== "range" && t.value.kind === "string" && (t.kind === "expr" || t.op === "=" || t.op === "!="));

function specialiseTable(table: TableIR, inputTypes: Map<string, ModelIR["inputs"][number]["type"]>): void {
  table.inputs.forEach((column, i) => {
    const e = column.expr;
    if (e.kind !== "name" || e.ref?.kind !== "input") return;
    const type = inputTypes.get(e.ref.name);
    if (!type) return;
    const cells = table.rules.map((r) => r.conditions[i]!);
    if (type.kind === "number" && cells.every(numberCell)) column.specialised = "number";
    else if (isStringLike(type) && cells.every(stringCell)) column.specialised = "string";
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
