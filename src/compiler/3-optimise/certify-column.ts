// Marks the table columns whose heading is worked out by FEEL code (`sqrt(abs(income)) / 3`,
// `modulo(a, 7) * b`) and tested as a number's nearest double against the column's literals
// (optimise/specialise.ts, runtime/column-double.ts), when the certified double-doubles hold the
// heading and it is worth them as a number decision's value is (certify-output.ts
// `worthDoubleDoubles`): codegen then takes the double from their bound (`ddColumn`) and works out
// the heading's decimal only where the bound cannot decide it (a heading's `sum`, `min` and `max`
// of a loop or a list too, certify-output.ts `summed`). A heading that is a bare name is
// left as it is (an input's raw value, or a marked decision's double-double, is read already).
import type { BodyIR, ModelIR } from "../../ir/ir.js";
import { expand, inlinedCalls } from "./certify.js";
import { worthDoubleDoubles } from "./certify-output.js";

function markColumns(body: BodyIR, marked: ReadonlySet<string>): void {
  if (body.kind !== "table") return;
  for (const column of body.table.inputs) {
    if (column.specialised !== "number" || column.expr.kind === "name") continue;
    // loops too (`sum(for o in l return sqrt(o.amount))`): each pass is a budget step, given back
    // where the bound gives no double and the decimals walk the loop (runtime `ddColumnAnswer`)
    const form = expand(column.expr, true);
    if (form && worthDoubleDoubles(form, marked)) column.certified = { form, calls: inlinedCalls(column.expr) };
  }
}

/** Run after certifyOutputs: a heading reading a marked decision takes its double-double. */
export function certifyColumns(ir: ModelIR): void {
  const marked = new Set(ir.decisions.filter((d) => d.certifiedOutput && !d.certifiedOutput.condition).map((d) => d.name));
  for (const d of ir.decisions) {
    markColumns(d.body, marked);
    for (const l of d.lets) markColumns(l.body, marked);
  }
}
