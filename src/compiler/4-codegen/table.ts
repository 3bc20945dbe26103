// Decision table → JS statements that assign the table's value to `target`.
// FIRST tables become a chain of tests that stops at the first match (or, when the optimiser
// indexed them, a lookup with the chain kept for values the index cannot judge); other hit
// policies collect the matching rules and combine them through `rt.hit`. Columns the optimiser specialised
// (see optimise/specialise.ts) test raw JS numbers and strings directly (codegen/fast-tests.ts).
import type { Expr } from "../../ir/feel-ast.js";
import type { RuleIR, TableIR } from "../../ir/ir.js";
import { fastCellTest, type ColumnPlan } from "./fast-tests.js";
import { emitLookup, type IndexedLookup } from "./table-lookup.js";
import type { UnaryTest } from "../../ir/feel-ast.js";
import { emitExpr, isLiteralTree, type ExprContext } from "./expr.js";
import { emitUnaryTestTri, emitUnaryTestsTri, levelsOf } from "./unary-tests.js";
import type { Scope } from "./scope.js";

export interface TableTarget {
  /** JS variable receiving the value */
  target: string;
  /** JS id of the trace entry object (or "null") */
  trace: string;
  /** JS variable that may receive the value's JSON form, when it is a known constant */
  json?: string;
  /** told about the lookup of an indexed table (see codegen/direct-path.ts) */
  indexed?: (lookup: IndexedLookup) => void;
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

  if (table.hit === "FIRST" && table.index && columns.every((c) => c.plan)) {
    return indexedTable(table, columns, to, cx, { condition, output, fallback });
  }
  if (table.hit === "FIRST") {
    const label = cx.em.fresh("T");
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
  const priorities = cx.em.data(
    "P",
    table.outputs.map((o) => o.allowed ?? null),
  );
  const names = table.singleOutput
    ? "null"
    : cx.em.data(
        "N",
        table.outputs.map((o) => o.name),
      );
  const h = cx.em.fresh("h");
  lines.push(
    `const ${h} = rt.hit(${cx.em.lit(table.hit)}, ${table.aggregation ? cx.em.lit(table.aggregation) : "null"}, ${rules}, ${values}, ${priorities}, ${names});`,
  );
  lines.push(`${to.target} = ${fallback === "null" ? `${h}.value` : `${h}.matched ? ${h}.value : ${fallback}`};`);
  if (to.trace !== "null") lines.push(`if (${to.trace} !== null) ${to.trace}.rule = ${h}.rules;`);
  return `{ ${lines.join(" ")} }`;
}

/**
 * An indexed FIRST table with literal outputs: the lookup function (codegen/table-lookup.ts) finds
 * the rule; only values it cannot judge (not of their column's raw kind) take the chain of tests,
 * which is a module-level function too, so that `run` stays small.
 */
function indexedTable(
  table: TableIR,
  columns: Column[],
  to: TableTarget,
  cx: ExprContext,
  { condition, output, fallback }: { condition: (r: RuleIR) => string; output: (r: RuleIR) => string; fallback: string },
): string {
  const em = cx.em;
  const plans = [...new Set(columns.map((c) => c.plan!))];
  const rules = table.rules.map((rule) => {
    const traced = to.trace === "null" ? "" : `if (${to.trace} !== null) ${to.trace}.rule = ${rule.index}; `;
    return `if (${condition(rule)}) { ${traced}return ${output(rule)}; }`;
  });
  const chainCode = rules.join(" ");
  const mentions = (id: string) => (chainCode.match(new RegExp(`\\b${id}\\b`, "g")) ?? []).length;
  // Pass the chain only what it reads; the FEEL value counts as read once, by the call, on the slow path.
  const params = plans.flatMap((p) => [p.feel, p.raw, p.guard]).filter((id) => mentions(id) > 0);
  for (const plan of plans) plan.fallbackUses += (params.includes(plan.feel) ? 1 : 0) - mentions(plan.feel);
  if (to.trace !== "null") params.push(to.trace);
  // undefined: no rule matched (an output is never undefined)
  const chain = em.hoist("CH", `(${params.join(", ")}) => { ${chainCode} return undefined; }`);

  const k = em.fresh("k");
  const v = em.fresh("v");
  const { call: lookup, params: raws } = emitLookup(
    table.index!,
    columns.map((c) => c.plan!.raw),
    em,
  );
  const outputs = em.hoist("O", `[${table.rules.map(output).join(", ")}]`);
  const jsonOutputs = em.hoist("OJ", `rt.jsonOutputs(${outputs})`);
  to.indexed?.({ call: lookup, raws, json: jsonOutputs });
  const json = to.json ? ` ${to.json} = ${jsonOutputs}[${k}];` : "";
  const numbers = em.hoist("RN", JSON.stringify(table.rules.map((r) => r.index)));
  const traced = to.trace === "null" ? "" : ` if (${to.trace} !== null) ${to.trace}.rule = ${numbers}[${k}];`;
  return [
    `{ const ${k} = ${lookup};`,
    `if (${k} >= 0) { ${to.target} = ${outputs}[${k}];${json}${traced} }`,
    `else if (${k} === -1) ${to.target} = ${fallback};`,
    `else { const ${v} = ${chain}(${params.join(", ")}); ${to.target} = ${v} === undefined ? ${fallback} : ${v}; } }`,
  ].join(" ");
}

/** A cell as a JS boolean expression: the rule matches only where the test is `true`. */
function cellCondition(cell: RuleIR["conditions"][number], column: Column, scope: Scope, cx: ExprContext): string {
  if (cell.kind === "any") return "true";
  const fast = column.plan && fastCellTest(column.plan, cell, cx);
  if (fast) return fast;
  if (cell.kind === "tests") {
    // A positive cell matches when any test is true, so each test can be judged on its own.
    const parts = cell.tests.map(
      (t) => literalEquality(t, column.feel) ?? `${emitUnaryTestTri(t, column.feel, scope, cx, column.levels)} === true`,
    );
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
