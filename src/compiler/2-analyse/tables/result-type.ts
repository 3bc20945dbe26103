// What a table evaluates to: one output's value or a context of the outputs, per rule; a list
// of those for multi-hit policies; a number or an output's value when aggregated.
import type { TableIR } from "../../../ir/ir.js";
import type { Type } from "../../../ir/types.js";

export function tableResultType(table: TableIR): Type {
  const perRule: Type = table.singleOutput
    ? (table.outputs[0]?.type ?? { kind: "any" })
    : { kind: "struct", fields: table.outputs.map((o) => [o.name, o.type]) };
  if (table.hit === "COLLECT") {
    if (table.aggregation === "COUNT" || table.aggregation === "SUM") return { kind: "number" };
    if (table.aggregation) return perRule;
    return { kind: "list", element: perRule };
  }
  if (table.hit === "RULE ORDER" || table.hit === "OUTPUT ORDER") return { kind: "list", element: perRule };
  return perRule;
}
