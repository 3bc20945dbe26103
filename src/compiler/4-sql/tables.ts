// Decision tables → SQL: the rule that fires (a CASE over the rules' conditions, a rule matching
// only where every cell is true), then each output chosen by that rule's number. FIRST takes the
// first rule that matches; PRIORITY the first in its ranked order (multi-hit.ts); UNIQUE the only
// one and ANY the first of one class of equal outputs (null when rules of two match, as the
// runtime's error is). COLLECT, RULE ORDER and OUTPUT ORDER make lists (multi-hit.ts).
import type { Expr } from "../../ir/feel-ast.js";
import type { BodyIR, TableIR } from "../../ir/ir.js";
import { gridRule } from "./grid.js";
import { holdCast } from "./numbers.js";
import { collected, oneIf, outputClasses, priorityOrder } from "./multi-hit.js";
import { cellBounds, firstRule, literalsOf, type Rule } from "./rule-split.js";
import { unsupported, type SqlContext } from "./context.js";
import { branches, levelsOf, lowerExpr, type SqlScope } from "./expressions.js";
import { allOf, unaryTests } from "./unary-tests.js";
import { deeper, literal, NULL_VALUE, widthOf, type SqlValue } from "./values.js";

export interface LoweredBody {
  value: SqlValue;
  /** a table's rule that fired (its 1-based number), null when none did or several make the value */
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

/** The number of the first of `conditions` that holds (`numbers` in the same order), null for none. */
const firstOf = (conditions: SqlValue[], numbers: number[]): string =>
  `CASE ${conditions.map((c, k) => `WHEN ${c.sql} THEN ${numbers[k]}`).join(" ")} END`;

/** How many of `conditions` hold. */
const countOf = (conditions: SqlValue[]): SqlValue => ({
  sql: `(${conditions.map(oneIf).join(" + ")})`,
  kind: "number",
  depth: deeper(...conditions),
});

/** A single-hit table's rule: `pick` chooses the outputs, `rule` is the result column where it differs, `violated` where the policy's error is the answer. */
interface Picked {
  pick: string;
  rule?: string;
  violated?: string;
}

/**
 * The rule of UNIQUE and ANY from each rule's bound condition: the first that matches, where the
 * matching rules are of one class (UNIQUE: each rule its own; ANY: rules of equal outputs); the
 * result column the rule where only one matches.
 */
function oneClass(conditions: SqlValue[], classes: number[], numbers: number[], cx: SqlContext): Picked {
  const first = firstOf(conditions, numbers);
  const count = cx.layers.bind(countOf(conditions));
  const members = [...new Set(classes)].map((c) => conditions.filter((_, k) => classes[k] === c));
  const matched = members.every((m) => m.length === 1)
    ? count
    : cx.layers.bind(countOf(members.map((m) => ({ sql: `(${m.map((c) => c.sql).join(" OR ")})`, kind: "boolean", depth: deeper(...m) }))));
  const pick = `CASE WHEN ${matched.sql} = 1 THEN ${first} END`;
  return { pick, rule: matched === count ? undefined : `CASE WHEN ${count.sql} = 1 THEN ${first} END`, violated: `${matched.sql} > 1` };
}

/** The hit policies whose value is the list of the matching rules' outputs, or its aggregate (multi-hit.ts). */
const LISTS = new Set<TableIR["hit"]>(["COLLECT", "RULE ORDER", "OUTPUT ORDER"]);

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
  // (a FIRST table of no rules is its default; the counting policies are not written for none)
  if (table.rules.length === 0 && table.hit !== "FIRST")
    throw unsupported(cx, `a table of the hit policy ${[table.hit, table.aggregation].filter(Boolean).join(" ")} without rules`);
  const columns = table.inputs.map((input) => ({
    value: cx.layers.bind(lowerExpr(input.expr, scope, cx)),
    levels: levelsOf(input.type) ?? levelsOf(input.expr.type),
  }));
  const at = (address: string): SqlContext => ({ ...cx, place: { address } });
  const numbers = table.rules.map((r) => r.index);
  const values = columns.map((c) => c.value);
  const defaults = table.outputs.some((o) => o.defaultValue);
  /** Each rule's cells lowered (a grid's table needs none of them). */
  const ruleCells = (): Rule[] =>
    table.rules.map((rule) => ({
      number: rule.index,
      cells: rule.conditions.map((cell, i) =>
        cell.kind === "any" ? null : unaryTests(cell, columns[i]!.value, scope, at(rule.address), columns[i]!.levels),
      ),
      literals: rule.conditions.map((cell, i) => literalsOf(cell, columns[i]!.value)),
      bounds: rule.conditions.map((cell, i) => cellBounds(cell, columns[i]!.value)),
    }));
  const conditionsOf = (rules: Rule[]): SqlValue[] => rules.map((r) => allOf(r.cells.filter((c): c is SqlValue => c !== null)));
  const bound = (): SqlValue[] => conditionsOf(ruleCells()).map((c) => cx.layers.bind(c));

  if (LISTS.has(table.hit)) {
    if (defaults && !table.singleOutput)
      throw unsupported(cx, `a table of the hit policy ${table.hit} of several outputs with default outputs`);
    const conditions = bound();
    const count = cx.layers.bind(countOf(conditions));
    const rule = cx.layers.bind({
      sql: `CASE WHEN ${count.sql} = 1 THEN ${firstOf(conditions, numbers)} END`,
      kind: "number",
      depth: deeper(count, ...conditions),
    });
    const fallback = defaults ? lowerExpr(table.outputs[0]!.defaultValue!, scope, cx) : undefined;
    return { value: collected(table, conditions, count, fallback, scope, cx), rule };
  }

  // UNIQUE's error with a default output needs the count the grid does not give
  const grid = table.hit === "UNIQUE" && defaults ? undefined : gridRule(table, values, cx);
  const picked: Picked & { depth: number } = grid ? { pick: grid.sql, depth: grid.depth } : pickRule();
  /** The rule by a tree of CASEs over each rule's cells. */
  function pickRule(): Picked & { depth: number } {
    if (table.hit === "FIRST" || table.hit === "PRIORITY") {
      const rules = ruleCells();
      const order = table.hit === "PRIORITY" ? priorityOrder(table, cx) : rules.map((_, k) => k);
      const ordered = order.map((k) => rules[k]!);
      const conditions = conditionsOf(ordered);
      const pick = cx.naive
        ? firstOf(
            conditions,
            order.map((k) => numbers[k]!),
          )
        : firstRule(ordered, values, new Set(), cx);
      return { pick, depth: deeper(...conditions, ...values) };
    }
    const conditions = bound();
    const classes = table.hit === "ANY" ? outputClasses(table, cx) : conditions.map((_, k) => k);
    // the counts are bound over the bound conditions: a layer deeper
    return { ...oneClass(conditions, classes, numbers, cx), depth: deeper(...conditions, ...values) + 1 };
  }
  const rule = cx.layers.bind({ sql: picked.pick, kind: "number", depth: picked.depth });
  const ruleColumn = picked.rule === undefined ? rule : cx.layers.bind({ sql: picked.rule, kind: "number", depth: picked.depth });
  const violated = defaults ? picked.violated : undefined;

  const outputs = table.outputs.map((output, j) => {
    const given = table.rules.map((r) => lowerExpr(r.outputs[j]!, scope, at(r.address)));
    const fallback = output.defaultValue ? lowerExpr(output.defaultValue, scope, cx) : NULL_VALUE;
    const all = branches([...given, fallback], cx);
    const arms = all.slice(0, -1).map((v, k) => [numbers[k]!, v.sql] as const);
    const typed = all.find((v) => v.kind !== "null") ?? NULL_VALUE;
    const levels = levelsOf(output.type);
    // outputs that are all literals: the rule's element of a constant list, where the dialect has
    // one (DuckDB evaluates a CASE a vector at a time: each WHEN, or each half of a large table's
    // rules, costs the vector's rows again); a null rule reads no element, so the default only
    // needs its own CASE
    const listed = cx.dialect.valueList && !violated && typed.kind !== "null" && table.rules.every((r) => isLiteral(r.outputs[j]!));
    const items = listed ? Array.from({ length: Math.max(...numbers) }, () => "NULL") : [];
    for (const [n, v] of arms) items[n - 1] = v;
    const element = listed ? (numberList(given, numbers, typed, rule.sql, cx) ?? cx.dialect.valueList!(items, rule.sql)) : "";
    const chosen = listed
      ? output.defaultValue
        ? `CASE WHEN ${rule.sql} IS NULL THEN ${all.at(-1)!.sql} ELSE ${element} END`
        : element
      : byRule(rule.sql, arms, all.at(-1)!.sql);
    const value = {
      ...typed,
      // the policy's error where several rules match, not the default
      sql: violated ? `CASE WHEN ${violated} THEN NULL ELSE ${chosen} END` : chosen,
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
  const listed = ruleColumn === rule ? outputs[0]!.listed : undefined;
  if (table.singleOutput) return { value: outputs[0]!.value, listed, rule: ruleColumn, ...looked };
  // a context of the outputs, null when no rule fired and there is no default, or on the policy's error
  const present = violated
    ? { sql: `NOT (${violated})`, kind: "boolean" as const, depth: rule.depth }
    : defaults
      ? literal("TRUE", "boolean")
      : { sql: `(${rule.sql} IS NOT NULL)`, kind: "boolean" as const, depth: rule.depth };
  const fields = new Map(table.outputs.map((o, j) => [o.name, outputs[j]!.value]));
  const chosen = outputs.map((o) => o.value);
  return { value: { ...present, kind: "record", fields, depth: deeper(present, ...chosen), atomic: false }, rule: ruleColumn, ...looked };
}
