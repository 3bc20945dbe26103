// Decision tables → SQL: the rule that fires (a CASE over the rules' conditions, a rule matching
// only where every cell is true), then each output chosen by that rule's number. FIRST takes the
// first rule that matches; UNIQUE the only one (null when several match, as the runtime's
// hit policy gives). Other hit policies collect lists, which are not lowered yet.
import type { Expr } from "../../ir/feel-ast.js";
import type { BodyIR, TableIR } from "../../ir/ir.js";
import { gridRule } from "./grid.js";
import { holdCast } from "./numbers.js";
import { cellBounds, firstRule, literalsOf, type Rule } from "./rule-split.js";
import { unsupported, type SqlContext } from "./context.js";
import { branches, levelsOf, lowerExpr, type SqlScope } from "./expressions.js";
import { allOf, unaryTests } from "./unary-tests.js";
import { deeper, literal, NULL_VALUE, widthOf, type SqlValue } from "./values.js";

export interface LoweredBody {
  value: SqlValue;
  /** a table's rule that fired (its 1-based number), null when none did */
  rule?: SqlValue;
  /** a table whose rule is looked up in its grid (grid.ts), not found by a tree of CASEs */
  grid?: boolean;
  /** a single output's value per rule number (index 0 is rule 1), where it is a constant list's element */
  listed?: readonly string[];
}

export function lowerBody(body: BodyIR, scope: SqlScope, cx: SqlContext): LoweredBody {
  if (body.kind === "expr") return { value: lowerExpr(body.expr, scope, cx) };
  return lowerTable(body.table, scope, cx);
}

/** The number of the rule that fires, from each rule's bound condition (FIRST: firstRule below). */
const FIRING: Partial<Record<TableIR["hit"], (conditions: SqlValue[], numbers: number[], cx: SqlContext) => string>> = {
  FIRST: (conditions, numbers) => `CASE ${conditions.map((c, k) => `WHEN ${c.sql} THEN ${numbers[k]}`).join(" ")} END`,
  UNIQUE: (conditions, numbers, cx) => {
    const bound = conditions.map((c) => cx.layers.bind(c));
    const count = bound.map((c) => `CASE WHEN ${c.sql} THEN 1 ELSE 0 END`).join(" + ");
    return `CASE WHEN ${count} = 1 THEN CASE ${bound.map((c, k) => `WHEN ${c.sql} THEN ${numbers[k]}`).join(" ")} END END`;
  },
};

/** At most this many rules' outputs are one CASE over the rule's number. */
const ARMS = 16;

/**
 * An output chosen by the rule's number (`arms`: number → value, ascending), `fallback` when none
 * fired: halves of the rules by number, so that a row makes about log2(rules) comparisons
 * instead of walking every rule before its own. A null number takes every ELSE, to the fallback.
 */
function byRule(rule: string, arms: readonly (readonly [number, string])[], fallback: string): string {
  if (arms.length <= ARMS) return `CASE ${rule} ${arms.map(([n, v]) => `WHEN ${n} THEN ${v}`).join(" ")} ELSE ${fallback} END`;
  const half = arms.length >> 1;
  const pivot = arms[half - 1]![0];
  return `CASE WHEN ${rule} <= ${pivot} THEN ${byRule(rule, arms.slice(0, half), fallback)} ELSE ${byRule(rule, arms.slice(half), fallback)} END`;
}

/** A literal: a number (maybe negated), a string, a boolean or null. */
const isLiteral = (e: Expr): boolean =>
  ["number", "string", "boolean", "null"].includes(e.kind) || (e.kind === "negate" && e.operand.kind === "number");

/**
 * A number output's element by rule, where every rule's output is an unsigned number literal or
 * null: the list as one constant of the output's decimal type (dialect.numberList), each literal's
 * digits cast to it exactly (the type holds every literal's places and digits).
 */
function numberList(values: SqlValue[], numbers: number[], typed: SqlValue, rule: string, cx: SqlContext): string | undefined {
  if (!cx.dialect.numberList || typed.kind !== "number") return undefined;
  if (!values.every((v) => v.kind === "null" || v.constant !== undefined)) return undefined;
  const digits = Array.from({ length: Math.max(...numbers) }, () => "NULL");
  values.forEach((v, k) => (digits[numbers[k]! - 1] = v.constant ?? "NULL"));
  return cx.dialect.numberList(digits, cx.dialect.decimal(widthOf(typed.shape!), typed.shape!.scale), rule);
}

function lowerTable(table: TableIR, scope: SqlScope, cx: SqlContext): LoweredBody {
  const firing = FIRING[table.hit];
  if (!firing || table.aggregation)
    throw unsupported(cx, `a table with the hit policy ${table.hit}${table.aggregation ? ` ${table.aggregation}` : ""}`);
  const columns = table.inputs.map((input) => ({
    value: cx.layers.bind(lowerExpr(input.expr, scope, cx)),
    levels: levelsOf(input.type) ?? levelsOf(input.expr.type),
  }));
  const at = (address: string): SqlContext => ({ ...cx, place: { address } });
  const numbers = table.rules.map((r) => r.index);
  const grid = gridRule(
    table,
    columns.map((c) => c.value),
    cx,
  );
  const rule = cx.layers.bind(grid ? { sql: grid.sql, kind: "number", depth: grid.depth } : ruleByConditions());
  /** The rule as a tree of CASEs over each rule's cells (every cell lowered: a grid's table needs none of them). */
  function ruleByConditions(): SqlValue {
    const rules: Rule[] = table.rules.map((rule) => ({
      number: rule.index,
      cells: rule.conditions.map((cell, i) =>
        cell.kind === "any" ? null : unaryTests(cell, columns[i]!.value, scope, at(rule.address), columns[i]!.levels),
      ),
      literals: rule.conditions.map((cell, i) => literalsOf(cell, columns[i]!.value)),
      bounds: rule.conditions.map((cell, i) => cellBounds(cell, columns[i]!.value)),
    }));
    const conditions = rules.map((r) => allOf(r.cells.filter((c): c is SqlValue => c !== null)));
    // FIRST: the rules that UNIQUE counts are bound, so their depth counts too
    const depth = deeper(...conditions, ...columns.map((c) => c.value)) + (table.hit === "UNIQUE" ? 1 : 0);
    const values = columns.map((c) => c.value);
    const sql = table.hit === "FIRST" && !cx.naive ? firstRule(rules, values, new Set(), cx) : firing!(conditions, numbers, cx);
    return { sql, kind: "number", depth };
  }

  const outputs = table.outputs.map((output, j) => {
    const values = table.rules.map((r) => lowerExpr(r.outputs[j]!, scope, at(r.address)));
    const fallback = output.defaultValue ? lowerExpr(output.defaultValue, scope, cx) : NULL_VALUE;
    const all = branches([...values, fallback], cx);
    const arms = all.slice(0, -1).map((v, k) => [numbers[k]!, v.sql] as const);
    const typed = all.find((v) => v.kind !== "null") ?? NULL_VALUE;
    const levels = levelsOf(output.type);
    // outputs that are all literals: the rule's element of a constant list, where the dialect has
    // one (DuckDB evaluates a CASE a vector at a time: each WHEN, or each half of a large table's
    // rules, costs the vector's rows again); a null rule reads no element, so the default only
    // needs its own CASE
    const listed = cx.dialect.valueList && typed.kind !== "null" && table.rules.every((r) => isLiteral(r.outputs[j]!));
    const items = listed ? Array.from({ length: Math.max(...numbers) }, () => "NULL") : [];
    for (const [n, v] of arms) items[n - 1] = v;
    const element = listed ? (numberList(values, numbers, typed, rule.sql, cx) ?? cx.dialect.valueList!(items, rule.sql)) : "";
    const value = {
      ...typed,
      sql: listed
        ? output.defaultValue
          ? `CASE WHEN ${rule.sql} IS NULL THEN ${all.at(-1)!.sql} ELSE ${element} END`
          : element
        : byRule(rule.sql, arms, all.at(-1)!.sql),
      depth: deeper(rule, ...all),
      atomic: false,
      constant: undefined,
      ...(levels && typed.kind === "string" ? { levels } : {}),
    } satisfies SqlValue;
    // a number output is held as its integer too, cast once where arithmetic reads it (numbers.ts)
    if (typed.kind === "number") holdCast(value, cx);
    return { listed: listed ? items : undefined, value };
  });
  const looked = grid ? { grid: true } : {};
  if (table.singleOutput) return { ...outputs[0]!, rule, ...looked };
  // a context of the outputs, null when no rule fired and there is no default
  const present = table.outputs.some((o) => o.defaultValue)
    ? literal("TRUE", "boolean")
    : { sql: `(${rule.sql} IS NOT NULL)`, kind: "boolean" as const, depth: rule.depth };
  const fields = new Map(table.outputs.map((o, j) => [o.name, outputs[j]!.value]));
  const values = outputs.map((o) => o.value);
  return { value: { ...present, kind: "record", fields, depth: deeper(present, ...values), atomic: false }, rule, ...looked };
}
