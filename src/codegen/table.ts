// Decision table → JS statements that assign the table's value to `target`.
// FIRST tables become a chain of tests that stops at the first match; other hit policies collect
// the matching rules and combine them through `rt.hit`. Columns the optimiser specialised
// (see optimise/specialise.ts) test raw JS numbers and strings directly (codegen/fast-tests.ts).
import type { Expr } from "../frontend/feel/ast.js";
import type { RuleIR, TableIR } from "../ir/ir.js";
import { fastCellTest, type ColumnPlan } from "./fast-tests.js";
import type { UnaryTest } from "../frontend/feel/ast.js";
import { emitExpr, isLiteralTree, type ExprContext } from "./expr.js";
import { emitUnaryTestTri, emitUnaryTestsTri, levelsOf } from "./unary-tests.js";
import type { Scope } from "./scope.js";

export interface TableTarget {
  /** JS variable receiving the value */
  target: string;
  /** JS expression of the trace entry object (or "null") */
  trace: string;
}

/** How each column's value is held: a FEEL value, plus an optional raw JS number for fast tests. */
interface Column {
  feel: string;
  plan?: ColumnPlan;
  /** the column's ordered levels, when its values compare by rank */
  levels?: string[];
}

export function emitTable(table: TableIR, to: TableTarget, scope: Scope, cx: ExprContext, plans: (ColumnPlan | undefined)[] = []): string {
  const lines: string[] = [];
  const columns: Column[] = table.inputs.map((input, i) => {
    const plan = plans[i];
    const levels = levelsOf(input.type) ?? levelsOf(input.expr.type);
    if (plan) return { feel: plan.feel, plan, levels };
    const id = cx.em.fresh("x");
    lines.push(`const ${id} = ${emitExpr(input.expr, scope, cx)};`);
    return { feel: id, levels };
  });
  const condition = (rule: RuleIR) => {
    const parts = rule.conditions.map((cell, i) => cellCondition(cell, columns[i]!, scope, cx)).filter((c) => c !== "true");
    return parts.length === 0 ? "true" : parts.join(" && ");
  };
  const output = (rule: RuleIR) => outputValue(table, rule.outputs, scope, cx);
  const fallback = defaultValue(table, scope, cx);

  if (table.hit === "FIRST") {
    const label = cx.em.fresh("T");
    if (table.index && columns.every((c) => c.plan)) lines.push(indexedLookup(table, columns, to, label, cx, scope, fallback));
    for (const rule of table.rules) {
      const traced = to.trace === "null" ? "" : ` if (${to.trace} !== null) ${to.trace}.rule = ${rule.index};`;
      lines.push(`if (${condition(rule)}) { ${to.target} = ${output(rule)};${traced} break ${label}; }`);
    }
    lines.push(`${to.target} = ${fallback};`);
    return `${label}: { ${lines.join(" ")} }`;
  }

  const rules = cx.em.fresh("m");
  const values = cx.em.fresh("o");
  lines.push(`const ${rules} = [], ${values} = [];`);
  for (const rule of table.rules) {
    lines.push(`if (${condition(rule)}) { ${rules}.push(${rule.index}); ${values}.push(${output(rule)}); }`);
  }
  const priorities = cx.em.data("P", table.outputs.map((o) => o.allowed ?? null));
  const names = table.singleOutput ? "null" : cx.em.data("N", table.outputs.map((o) => o.name));
  const h = cx.em.fresh("h");
  lines.push(
    `const ${h} = rt.hit(${cx.em.lit(table.hit)}, ${table.aggregation ? cx.em.lit(table.aggregation) : "null"}, ${rules}, ${values}, ${priorities}, ${names});`,
  );
  lines.push(`${to.target} = ${fallback === "null" ? `${h}.value` : `${h}.matched ? ${h}.value : ${fallback}`};`);
  if (to.trace !== "null") lines.push(`if (${to.trace} !== null) ${to.trace}.rule = ${h}.rules;`);
  return `{ ${lines.join(" ")} }`;
}

/**
 * The indexed path of a FIRST table with literal outputs: per column, the region of the raw value
 * (binary search on numbers, a map on strings), then the first rule all regions allow. A value
 * that is not of its column's raw kind falls through to the chain of tests.
 */
function indexedLookup(table: TableIR, columns: Column[], to: TableTarget, label: string, cx: ExprContext, scope: Scope, fallback: string): string {
  const { words, columns: plans } = table.index!;
  const em = cx.em;
  const outputs = em.hoist("O", `[${table.rules.map((r) => outputValue(table, r.outputs, scope, cx)).join(", ")}]`);
  const numbers = em.hoist("RN", JSON.stringify(table.rules.map((r) => r.index)));
  const offsets = plans.map((plan, i) => {
    const raw = columns[i]!.plan!.raw;
    const masks = em.hoist("M", `rt.i32(${JSON.stringify(plan.masks)})`);
    const offset = em.fresh("o");
    const found =
      plan.kind === "number"
        ? `typeof ${raw} === "number" ? rt.region(${em.hoist("B", `rt.f64(${JSON.stringify(plan.bounds)})`)}, ${raw}) * ${words} : -1`
        : `typeof ${raw} === "string" ? (${em.hoist("V", `rt.regions(${JSON.stringify(plan.values)})`)}.get(${raw}) ?? ${plan.values.length}) * ${words} : -1`;
    return { masks, offset, code: `const ${offset} = ${found};` };
  });
  const args = offsets.map((o) => `${o.masks}, ${o.offset}`);
  const first =
    offsets.length <= 3
      ? `rt.firstRule${offsets.length}(${words}, ${args.join(", ")})`
      : `rt.firstRuleN(${words}, [${offsets.map((o) => o.masks).join(", ")}], [${offsets.map((o) => o.offset).join(", ")}])`;
  const k = em.fresh("k");
  const traced = to.trace === "null" ? "" : ` if (${to.trace} !== null) ${to.trace}.rule = ${numbers}[${k}];`;
  return [
    ...offsets.map((o) => o.code),
    `const ${k} = ${offsets.map((o) => `${o.offset} < 0`).join(" || ")} ? -2 : ${first};`,
    `if (${k} >= 0) { ${to.target} = ${outputs}[${k}];${traced} break ${label}; }`,
    `if (${k} === -1) { ${to.target} = ${fallback}; break ${label}; }`,
  ].join(" ");
}

/** A cell as a JS boolean expression: the rule matches only where the test is `true`. */
function cellCondition(cell: RuleIR["conditions"][number], column: Column, scope: Scope, cx: ExprContext): string {
  if (cell.kind === "any") return "true";
  const fast = column.plan && fastCellTest(column.plan, cell, cx);
  if (fast) return fast;
  if (cell.kind === "tests") {
    // A positive cell matches when any test is true, so each test can be judged on its own.
    const parts = cell.tests.map((t) => literalEquality(t, column.feel) ?? `${emitUnaryTestTri(t, column.feel, scope, cx, column.levels)} === true`);
    return parts.length === 1 ? parts[0]! : `(${parts.join(" || ")})`;
  }
  return `${emitUnaryTestsTri(cell, column.feel, scope, cx, column.levels)} === true`;
}

/** `x = "gold"` / `x = true` is true exactly when x is that very string or boolean. */
function literalEquality(t: UnaryTest, x: string): string | null {
  if (t.kind === "range" || (t.kind === "compare" && t.op !== "=")) return null;
  if (t.value.kind === "string") return `${x} === ${JSON.stringify(t.value.value)}`;
  if (t.value.kind === "boolean") return `${x} === ${t.value.value}`;
  return null;
}

function outputValue(table: TableIR, outputs: Expr[], scope: Scope, cx: ExprContext): string {
  if (table.singleOutput) return emitExpr(outputs[0]!, scope, cx);
  const pairs = table.outputs.map((o, i) => `[${cx.em.lit(o.name)}, ${emitExpr(outputs[i]!, scope, cx)}]`);
  const code = `rt.context([${pairs.join(", ")}])`;
  return outputs.every(isLiteralTree) ? cx.em.hoist("c", code) : code;
}

function defaultValue(table: TableIR, scope: Scope, cx: ExprContext): string {
  if (!table.outputs.some((o) => o.defaultValue)) return "null";
  if (table.singleOutput) return emitExpr(table.outputs[0]!.defaultValue!, scope, cx);
  const pairs = table.outputs.map((o) => `[${cx.em.lit(o.name)}, ${o.defaultValue ? emitExpr(o.defaultValue, scope, cx) : "null"}]`);
  return `rt.context([${pairs.join(", ")}])`;
}
