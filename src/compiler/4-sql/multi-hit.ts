// Decision tables whose value several matching rules make (runtime/hit-policies.ts), lowered from
// each rule's condition: PRIORITY and OUTPUT ORDER rank the rules once, at compile time, by the
// runtime's own ranking of their literal outputs; ANY's outputs are compared once, likewise;
// COLLECT and RULE ORDER make the list of the matching rules' outputs in rule order (OUTPUT ORDER
// in the ranked order), COLLECT's aggregations the built-in of that list.
import type { Expr } from "../../ir/feel-ast.js";
import type { Aggregation, TableIR } from "../../ir/ir.js";
import { eq } from "../../runtime/equality.js";
import { hit } from "../../runtime/tables.js";
import { FeelContext, type FeelValue } from "../../runtime/values.js";
import { literalValue } from "../2-analyse/expressions/literal-value.js";
import { unsupported, type SqlContext } from "./context.js";
import { branches, type SqlScope } from "./expressions.js";
import { freshVariable, listAggregate, listSyntax, listValue, lowerListLiteral, type ListAggregate } from "./lists.js";
import { deeper, type SqlValue } from "./values.js";

/** The built-in each aggregation of a COLLECT table is (runtime/tables.ts AGGREGATORS). */
const AGGREGATE: Record<Aggregation, ListAggregate> = { SUM: "sum", MIN: "min", MAX: "max", COUNT: "count" };

/** Each rule's outputs as the runtime holds them (a context of a table of several outputs), `read` giving each output's value or refusing. */
function ruleValues(table: TableIR, read: (e: Expr, j: number) => FeelValue): FeelValue[] {
  return table.rules.map((r) => {
    const values = r.outputs.map(read);
    return table.singleOutput
      ? values[0]!
      : FeelContext.fromArrays(
          table.outputs.map((o) => o.name),
          values,
        );
  });
}

/** A literal output's value, or the refusal naming why the policy needs one. */
function literalOf(e: Expr, why: string, cx: SqlContext): FeelValue {
  const v = literalValue(e);
  if (v === undefined)
    throw unsupported(cx, `a ${why} whose outputs are not all literals (its rules are ranked or compared once, on their values)`, e.span);
  return v;
}

/**
 * The rules' positions in the order OUTPUT ORDER lists their outputs, the first of them that
 * matches PRIORITY's: the runtime's ranking by each output's allowed values (ties in rule order),
 * worked out once on the literal outputs; rule order where no output has allowed values.
 */
export function priorityOrder(table: TableIR, cx: SqlContext): number[] {
  const positions = table.rules.map((_, k) => k);
  if (table.outputs.every((o) => !o.allowed)) return positions;
  const what = `table of the hit policy ${table.hit}`;
  const values = ruleValues(table, (e, j) => (table.outputs[j]!.allowed ? literalOf(e, what, cx) : null));
  const ranked = hit(
    "OUTPUT ORDER",
    null,
    positions.map((k) => k + 1),
    values,
    table.outputs.map((o) => o.allowed ?? null),
    table.singleOutput ? null : table.outputs.map((o) => o.name),
  );
  return ranked.rules.map((n) => n - 1);
}

/**
 * ANY's classes of rules: rules whose outputs FEEL's `=` finds equal share a class (the runtime
 * compares each matching rule's output with the first's); the table's answer is an error (null)
 * where rules of two classes match.
 */
export function outputClasses(table: TableIR, cx: SqlContext): number[] {
  const values = ruleValues(table, (e) => literalOf(e, "table of the hit policy ANY", cx));
  return values.map((v, k) => values.findIndex((w, i) => i === k || eq(v, w) === true));
}

/** `1` where the condition holds, else `0` (a null condition is no match). */
export const oneIf = (condition: SqlValue): string => `CASE WHEN ${condition.sql} THEN 1 ELSE 0 END`;

/**
 * A COLLECT, RULE ORDER or OUTPUT ORDER table's value over its rules' bound `conditions`: the list
 * of the matching rules' outputs (in `order`, positions of rules), each a context where the table
 * has several outputs, or the aggregation's built-in of it; where no rule matches, the default (a
 * table without one: the empty list, COUNT's 0, the other aggregations' null, as the list's).
 */
export function collected(
  table: TableIR,
  conditions: SqlValue[],
  count: SqlValue,
  fallback: SqlValue | undefined,
  scope: SqlScope,
  cx: SqlContext,
): SqlValue {
  const lists = listSyntax(cx);
  const order = table.hit === "OUTPUT ORDER" ? priorityOrder(table, cx) : table.rules.map((_, k) => k);
  const span = table.rules[0]!.outputs[0]!.span;
  const items: Expr[] = order.map((k) => {
    const outputs = table.rules[k]!.outputs;
    if (table.singleOutput) return outputs[0]!;
    return { kind: "context", entries: table.outputs.map((o, j) => ({ key: o.name, value: outputs[j]!, span })), span };
  });
  const outputs = cx.layers.bind(lowerListLiteral({ kind: "list", items, span }, scope, cx));
  const matched = lists.of(order.map((k) => `COALESCE(${conditions[k]!.sql}, FALSE)`));
  const [v, w] = [freshVariable(), freshVariable()];
  const positions = lists.positions(matched, v, v, "BIGINT");
  const list = listValue(lists.map(positions, w, lists.at(outputs.sql, w)), outputs.element!, order.length, deeper(outputs, ...conditions));
  const value = table.aggregation ? listAggregate(AGGREGATE[table.aggregation], cx.layers.bind(list), cx, span) : list;
  if (!fallback) return value;
  const [some, none] = branches([value, fallback], cx);
  const typed = some!.kind === "null" ? none! : some!;
  return {
    ...typed,
    sql: `CASE WHEN ${count.sql} > 0 THEN ${some!.sql} ELSE ${none!.sql} END`,
    depth: deeper(count, some!, none!),
    atomic: false,
    constant: undefined,
  };
}
