// Which rules can fire: strict tables end in an else row (all `-`), and in a FIRST table
// nothing after an all-`-` rule is ever reached.
import type { Diagnostic } from "../../../ir/diagnostics.js";
import type { RuleIR, TableIR } from "../../../ir/ir.js";
import { err, warn } from "../stages.js";

const isCatchAll = (r: RuleIR): boolean => r.conditions.every((c) => c.kind === "any");

export function checkCoverage(table: TableIR, ruleRows: number, strict: boolean, sink: Diagnostic[]): void {
  if (ruleRows === 0) {
    err(sink, "tables.empty", "a table needs at least one rule after the header", table.address);
    return;
  }
  const last = table.rules[table.rules.length - 1];
  if (strict && last && !isCatchAll(last))
    err(sink, "tables.no-else-row",
      "the last rule must be an else row with `-` in every input cell, so that no state falls through to null", last.address);
  if (table.hit !== "FIRST") return;
  const catchAll = table.rules.findIndex(isCatchAll);
  if (catchAll < 0) return;
  for (const r of table.rules.slice(catchAll + 1))
    warn(sink, "tables.unreachable-rule", `rule ${r.index} can never fire: rule ${table.rules[catchAll]!.index} before it matches everything`, r.address);
}
