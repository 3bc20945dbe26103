// Decision tables → SQL: the rule that fires (a CASE over the rules' conditions, a rule matching
// only where every cell is true), then each output chosen by that rule's number. FIRST takes the
// first rule that matches; UNIQUE the only one (null when several match, as the runtime's
// hit policy gives). Other hit policies collect lists, which are not lowered yet.
import type { BodyIR, TableIR } from "../../ir/ir.js";
import { unsupported, type SqlContext } from "./context.js";
import { branches, levelsOf, lowerExpr, type SqlScope } from "./expressions.js";
import { allOf, unaryTests } from "./unary-tests.js";
import { deeper, literal, NULL_VALUE, type SqlValue } from "./values.js";

export interface LoweredBody {
  value: SqlValue;
  /** a table's rule that fired (its 1-based number), null when none did */
  rule?: SqlValue;
}

export function lowerBody(body: BodyIR, scope: SqlScope, cx: SqlContext): LoweredBody {
  if (body.kind === "expr") return { value: lowerExpr(body.expr, scope, cx) };
  return lowerTable(body.table, scope, cx);
}

/** The number of the rule that fires, from each rule's bound condition. */
const FIRING: Partial<Record<TableIR["hit"], (conditions: SqlValue[], numbers: number[], cx: SqlContext) => string>> = {
  FIRST: (conditions, numbers) => `CASE ${conditions.map((c, k) => `WHEN ${c.sql} THEN ${numbers[k]}`).join(" ")} END`,
  UNIQUE: (conditions, numbers, cx) => {
    const bound = conditions.map((c) => cx.layers.bind(c));
    const count = bound.map((c) => `CASE WHEN ${c.sql} THEN 1 ELSE 0 END`).join(" + ");
    return `CASE WHEN ${count} = 1 THEN CASE ${bound.map((c, k) => `WHEN ${c.sql} THEN ${numbers[k]}`).join(" ")} END END`;
  },
};

function lowerTable(table: TableIR, scope: SqlScope, cx: SqlContext): LoweredBody {
  const firing = FIRING[table.hit];
  if (!firing || table.aggregation)
    throw unsupported(cx, `a table with the hit policy ${table.hit}${table.aggregation ? ` ${table.aggregation}` : ""}`);
  const columns = table.inputs.map((input) => ({
    value: cx.layers.bind(lowerExpr(input.expr, scope, cx)),
    levels: levelsOf(input.type) ?? levelsOf(input.expr.type),
  }));
  const at = (address: string): SqlContext => ({ ...cx, place: { address } });
  const conditions = table.rules.map((rule) =>
    allOf(
      rule.conditions.flatMap((cell, i) =>
        cell.kind === "any" ? [] : [unaryTests(cell, columns[i]!.value, scope, at(rule.address), columns[i]!.levels)],
      ),
    ),
  );
  // FIRST: the rules that UNIQUE counts are bound, so their depth counts too
  const depth = deeper(...conditions, ...columns.map((c) => c.value)) + (table.hit === "UNIQUE" ? 1 : 0);
  const numbers = table.rules.map((r) => r.index);
  const rule = cx.layers.bind({ sql: firing(conditions, numbers, cx), kind: "number", depth });

  const outputs = table.outputs.map((output, j) => {
    const values = table.rules.map((r) => lowerExpr(r.outputs[j]!, scope, at(r.address)));
    const fallback = output.defaultValue ? lowerExpr(output.defaultValue, scope, cx) : NULL_VALUE;
    const all = branches([...values, fallback], cx);
    const chosen = all.slice(0, -1).map((v, k) => `WHEN ${numbers[k]} THEN ${v.sql}`);
    const typed = all.find((v) => v.kind !== "null") ?? NULL_VALUE;
    const levels = levelsOf(output.type);
    return {
      ...typed,
      sql: `CASE ${rule.sql} ${chosen.join(" ")} ELSE ${all.at(-1)!.sql} END`,
      depth: deeper(rule, ...all),
      atomic: false,
      constant: undefined,
      ...(levels && typed.kind === "string" ? { levels } : {}),
    } satisfies SqlValue;
  });
  if (table.singleOutput) return { value: outputs[0]!, rule };
  // a context of the outputs, null when no rule fired and there is no default
  const present = table.outputs.some((o) => o.defaultValue)
    ? literal("TRUE", "boolean")
    : { sql: `(${rule.sql} IS NOT NULL)`, kind: "boolean" as const, depth: rule.depth };
  const fields = new Map(table.outputs.map((o, j) => [o.name, outputs[j]!]));
  return { value: { ...present, kind: "record", fields, depth: deeper(present, ...outputs), atomic: false }, rule };
}
