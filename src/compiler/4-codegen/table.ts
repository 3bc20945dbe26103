// Decision table → JS statements that assign the table's value to `target`.
// FIRST tables become a chain of tests that stops at the first match; other hit policies collect
// the matching rules and combine them in code written per policy (codegen/hit-combine.ts), or
// through `rt.hit` where that is not written out. When the optimiser indexed a table, a
// lookup finds the rules, the rules whose cells it cannot represent (`index.residual`) are tested
// one by one in rule order, and the chain is kept for values the index cannot judge: in a large
// table, as data one runtime loop reads (codegen/rule-cells.ts). Columns the
// optimiser specialised (see optimise/specialise.ts) test raw JS numbers, strings, booleans and
// dates' day numbers directly (codegen/fast-tests.ts).
import type { Expr } from "../../ir/feel-ast.js";
import type { RuleIR, TableIR } from "../../ir/ir.js";
import { fastCellTest, type ColumnPlan } from "./fast-tests.js";
import { compactRules, MIN_COMPACT_RULES, ruleNumbers } from "./rule-cells.js";
import { numberList } from "./int-list.js";
import { emitLookup, type IndexedLookup } from "./table-lookup.js";
import type { UnaryTest } from "../../ir/feel-ast.js";
import { contextOf, emitExpr, isLiteralTree, type ExprContext } from "./expr.js";
import { numberLiteralJson } from "./literal-json.js";
import { emitUnaryTestTri, emitUnaryTestsTri, equalled, levelsOf } from "./unary-tests.js";
import type { Scope } from "./scope.js";
import { joined } from "./joined.js";
import { combineAt, combineHits } from "./hit-combine.js";
import { summedHits, type CertifiedSum } from "./certified-sum.js";

export interface TableTarget {
  /** JS variable receiving the value */
  target: string;
  /** JS id of the trace entry object (or "null") */
  trace: string;
  /** JS variable that may receive the value's JSON form, when it is a known constant */
  json?: string;
  /** told about the lookup of an indexed table (see codegen/direct-path.ts) */
  indexed?: (lookup: IndexedLookup) => void;
  /** a COLLECT SUM table summed on certified double-doubles where they decide it (codegen/certified-sum.ts) */
  certifiedSum?: CertifiedSum;
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
    if (plan) {
      if (plan.setup) lines.push(plan.setup);
      return { feel: plan.feel, plan, levels };
    }
    const id = cx.em.fresh("x");
    lines.push(`const ${id} = ${emitExpr(input.expr, scope, cx)};`);
    return { feel: id, levels };
  });
  const cellsIn = (at: ExprContext) => (rule: RuleIR) =>
    rule.conditions.map((cell, i) => cellCondition(cell, columns[i]!, scope, at)).filter((c) => c !== "true");
  const cells = cellsIn(cx);
  const condition = (rule: RuleIR) => {
    const parts = cells(rule);
    return parts.length === 0 ? "true" : joined(parts, "&&");
  };
  const index = columns.every((c) => c.plan) ? table.index : undefined;
  // An indexed table's outputs, when all literals, are one array, which the chain reads too.
  const outputs = index && literalOutputs(table, scope, cx);
  const chosen = index && chosenOutput(table, outputs, scope, cx);
  const position = new Map(table.rules.map((r, k) => [r, k]));
  const output = (rule: RuleIR) => (chosen ? chosen.of(String(position.get(rule))) : outputValue(table, rule.outputs, scope, cx, true));
  const fallback = defaultValue(table, scope, cx);

  if (table.hit === "FIRST" && outputs && index.residual.length === 0)
    // (its chain of tests is a module-level function: no locals of `run` there)
    return `{ ${[...lines, indexedTable(table, columns, to, cx, { cells: cellsIn({ ...cx, locals: undefined }), fallback, outputs })].join(" ")} }`;
  if (table.hit === "FIRST") {
    const label = cx.em.fresh("T");
    const chain = (k: string) => table.rules.map((rule, i) => `if (${condition(rule)}) { ${k} = ${i}; break ${label}; }`).join(" ");
    if (chosen) {
      // the index's first candidate, unless a rule it cannot judge matches before it
      const k = cx.em.fresh("k");
      const { call } = emitLookup(
        index,
        columns.map((c) => c.plan!.raw),
        "first",
        cx.em,
      );
      const residual = index.residual.map(
        (r) => `if ((${k} < 0 || ${k} > ${r}) && ${condition(table.rules[r]!)}) { ${k} = ${r}; break ${label}; }`,
      );
      const numbers = ruleNumbers(table, cx.em);
      const traced = to.trace === "null" ? "" : ` if (${to.trace} !== null) ${to.trace}.rule = ${numbers}[${k}];`;
      const compact = compactChain(table, columns, cx, "firstRule");
      lines.push(
        chosen.code,
        `let ${k} = ${call};`,
        compact
          ? `if (${k} === -2) ${k} = ${compact}; else ${label}: { ${residual.join(" ")} }`
          : `${label}: { if (${k} === -2) { ${k} = -1; ${chain(k)} } else { ${residual.join(" ")} } }`,
        `if (${k} >= 0) { ${to.target} = ${chosen.of(k)};${traced} } else ${to.target} = ${fallback};`,
      );
      return `{ ${lines.join(" ")} }`;
    }
    for (const rule of table.rules) {
      const traced = to.trace === "null" ? "" : ` if (${to.trace} !== null) ${to.trace}.rule = ${rule.index};`;
      lines.push(`if (${condition(rule)}) { ${to.target} = ${output(rule)};${constantJson(table, rule, to)}${traced} break ${label}; }`);
    }
    lines.push(`${to.target} = ${fallback};`);
    return `${label}: { ${lines.join(" ")} }`;
  }

  const rules = cx.em.fresh("m");
  const values = cx.em.fresh("o");
  // a sum the double-doubles may make gathers the matched rules' positions, their outputs worked out after
  const sum = to.certifiedSum;
  const picked = sum && (chosen ?? chosenOutput(table, false, scope, cx));
  if (picked && !chosen) lines.push(picked.code);
  // the matched rules' numbers and outputs gathered in rule order, then combined
  const gathered = (statements: string) =>
    `const ${rules} = [], ${values} = []; ${statements} ${
      picked
        ? summedHits(sum!, { rules, positions: values }, to, fallback, picked.of, cx)
        : combineHits(table, { rules, values }, to, fallback, cx)
    }`;
  const chain = () =>
    table.rules
      .map(
        (rule) =>
          `if (${condition(rule)}) { ${rules}.push(${rule.index}); ${values}.push(${picked ? position.get(rule) : output(rule)}); }`,
      )
      .join(" ");
  if (!chosen) return `{ ${[...lines, gathered(chain())].join(" ")} }`;
  // the index finds the rules it can judge, the rest are tested in order; values it cannot judge take the chain of tests
  const em = cx.em;
  // every rule judged by the index, every output a literal: the matches may be combined from the index's word
  const combinable = outputs && index.residual.length === 0;
  const { call, word } = emitLookup(
    index,
    columns.map((c) => c.plan!.raw),
    combinable ? "word" : "positions",
    em,
  );
  const [found, k, extra] = [em.fresh("f"), em.fresh("k"), em.fresh("r")];
  const numbers = ruleNumbers(table, em);
  const residual = index.residual.map((r) => `if (${condition(table.rules[r]!)}) ${extra}.push(${r});`);
  const positions = word ? `rt.bitPositions(${found})` : found;
  const matched = residual.length === 0 ? positions : `rt.mergeRules(${positions}, ${extra})`;
  // outputs of no effect may be evaluated after every rule is tried
  const compact = outputs && compactChain(table, columns, cx, "everyRule");
  const push = `{ ${rules}.push(${numbers}[${k}]); ${values}.push(${picked ? k : chosen.of(k)}); }`;
  const unindexed = compact ? `for (const ${k} of ${compact}) ${push}` : chain();
  const lookup = [...lines, chosen.code, `const ${found} = ${call};`];
  // combined from the positions (or word) it finds, for the policies that can
  const positional = combinable ? combineAt(table, { at: found, word, outputs, numbers }, to, fallback, cx) : undefined;
  if (positional) return `{ ${[...lookup, `if (${found} !== null) { ${positional} } else { ${gathered(unindexed)} }`].join(" ")} }`;
  const indexed = `${residual.length === 0 ? "" : `const ${extra} = []; ${residual.join(" ")} `}for (const ${k} of ${matched}) ${push}`;
  return `{ ${gathered([...lookup, `if (${found} !== null) { ${indexed} } else { ${unindexed} }`].join(" "))} }`;
}

/**
 * The output of the rule at a position `of(k)` gives: a read of the literal outputs' array, or a
 * call of a function (`code` declares it, in the table's scope) that evaluates that rule's output
 * expressions alone, found through a balanced tree of comparisons of the position.
 */
export function chosenOutput(
  table: TableIR,
  outputs: string | false | undefined,
  scope: Scope,
  cx: ExprContext,
): { code: string; of: (k: string) => string } {
  if (outputs) return { code: "", of: (k) => `${outputs}[${k}]` };
  const [pick, k] = [cx.em.fresh("p"), cx.em.fresh("k")];
  const values = table.rules.map((r) => outputValue(table, r.outputs, scope, cx, true));
  const tree = (from: number, to: number): string => {
    if (to - from === 1) return values[from]!;
    const mid = (from + to) >>> 1;
    return `(${k} < ${mid} ? ${tree(from, mid)} : ${tree(mid, to)})`;
  };
  return { code: `const ${pick} = (${k}) => ${tree(0, values.length)};`, of: (i) => `${pick}(${i})` };
}

export const hasLiteralOutputs = (table: TableIR): boolean => table.rules.every((r) => r.outputs.every(isLiteralTree));

/** The hoisted array of the table's outputs, rule by rule, when every one is a literal; false otherwise. */
export function literalOutputs(table: TableIR, scope: Scope, cx: ExprContext): string | false {
  if (!hasLiteralOutputs(table)) return false;
  // a large table's number literals (negated when not zero, and nulls) as one text, each read as `rt.num` reads its literal
  const numbers = table.singleOutput && table.rules.map((r) => numberText(r.outputs[0]!));
  if (numbers && table.rules.length >= MIN_COMPACT_RULES && numbers.every((n): n is string => n !== null && /^[0-9.eE+-]*$/.test(n)))
    return cx.em.hoist("O", numberList(numbers));
  return cx.em.hoist("O", `[${table.rules.map((r) => outputValue(table, r.outputs, scope, cx, false)).join(", ")}]`);
}

/** The statement setting the JSON form of a rule's single number literal output, worked out at code generation ("" for other outputs). */
function constantJson(table: TableIR, rule: RuleIR, to: TableTarget): string {
  const json = to.json && table.singleOutput ? numberLiteralJson(rule.outputs[0]!) : undefined;
  return json === undefined ? "" : ` ${to.json} = ${json};`;
}

/** A number literal's text (`rt.num` reads it), "" for null, else null. */
function numberText(e: Expr): string | null {
  if (e.kind === "number") return e.value;
  if (e.kind === "negate" && e.operand.kind === "number" && /[1-9]/.test(e.operand.value)) return `-${e.operand.value}`;
  return e.kind === "null" ? "" : null;
}

/** The call combining the outputs of the rules that matched (JS arrays `rules` and `values`) under a multi-hit policy. */
export function hitOf(table: TableIR, rules: string, values: string, cx: ExprContext): string {
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
  return `rt.hit(${cx.em.lit(table.hit)}, ${table.aggregation ? cx.em.lit(table.aggregation) : "null"}, ${rules}, ${values}, ${priorities}, ${names})`;
}

/**
 * An indexed FIRST table with literal outputs: the lookup function (codegen/table-lookup.ts) finds
 * the rule; only values it cannot judge (not of their column's raw kind) take the chain of tests,
 * which is a module-level function too, so that `run` stays small, or in a large table the rules
 * as data (codegen/rule-cells.ts). Both answer the rule's position.
 */
function indexedTable(
  table: TableIR,
  columns: Column[],
  to: TableTarget,
  cx: ExprContext,
  { cells, fallback, outputs }: { cells: (r: RuleIR) => string[]; fallback: string; outputs: string },
): string {
  const em = cx.em;
  const chain = compactChain(table, columns, cx, "firstRule") ?? chainOfTests(table, columns, cells, em);
  const k = em.fresh("k");
  const { call: lookup, params: raws } = emitLookup(
    table.index!,
    columns.map((c) => c.plan!.raw),
    "first",
    em,
  );
  const jsonOutputs = em.hoist("OJ", `rt.jsonOutputs(${outputs})`);
  to.indexed?.({ call: lookup, raws, json: jsonOutputs });
  const json = to.json ? ` ${to.json} = ${jsonOutputs}[${k}];` : "";
  const numbers = ruleNumbers(table, em);
  const traced = to.trace === "null" ? "" : ` if (${to.trace} !== null) ${to.trace}.rule = ${numbers}[${k}];`;
  return [
    `{ let ${k} = ${lookup};`,
    `if (${k} === -2) ${k} = ${chain};`,
    `if (${k} >= 0) { ${to.target} = ${outputs}[${k}];${json}${traced} }`,
    `else ${to.target} = ${fallback}; }`,
  ].join(" ");
}

/**
 * The call of a small indexed table's chain of tests, written out as one module-level function
 * that declares each distinct cell's test once, as a function the rules call.
 */
function chainOfTests(table: TableIR, columns: Column[], cells: (r: RuleIR) => string[], em: ExprContext["em"]): string {
  const plans = [...new Set(columns.map((c) => c.plan!))];
  const tests = new Map<string, string>();
  const test = (code: string): string => {
    let id = tests.get(code);
    if (id === undefined) tests.set(code, (id = em.fresh("t")));
    return id;
  };
  const ruleCells = table.rules.map(cells);
  const rules = ruleCells.map(
    (parts, k) =>
      `if (${
        parts.length === 0
          ? "true"
          : joined(
              parts.map((p) => `${test(p)}()`),
              "&&",
            )
      }) return ${k};`,
  );
  const chainCode = [...[...tests].map(([code, id]) => `const ${id} = () => ${code};`), ...rules].join(" ");
  // what the chain reads, counted as if every rule's cells were written out (see fast-tests.ts)
  const written = ruleCells.flat().join(" ");
  // Pass the chain only what it reads; the FEEL value counts as read once, by the call, on the slow path.
  const params = plans.flatMap((p) => [p.feel, p.raw, p.guard]).filter((id) => mentionsOf(id, chainCode) > 0);
  for (const plan of plans) plan.fallbackUses += (params.includes(plan.feel) ? 1 : 0) - mentionsOf(plan.feel, written);
  return `${em.hoist("CH", `(${params.join(", ")}) => { ${chainCode} return -1; }`)}(${params.join(", ")})`;
}

/**
 * The call that tries a table's rules as data (see rule-cells.ts), null when the table is small or
 * a cell has no raw test: `firstRule` answers the first matching rule's position, `everyRule` all of them.
 */
function compactChain(table: TableIR, columns: Column[], cx: ExprContext, loop: "firstRule" | "everyRule"): string | null {
  // each cell a function of its column's FEEL value u, raw value r and guard h
  const param = (c: number): ColumnPlan => ({ kind: columns[c]!.plan!.kind, feel: "u", raw: "r", guard: "h", fallbackUses: 0 });
  const data = compactRules(table, cx.em, "u, r, h", (cell, c) => fastCellTest(param(c), cell, cx));
  if (data === null) return null;
  const list = (key: "feel" | "raw" | "guard") => `[${columns.map((c) => c.plan![key]).join(", ")}]`;
  const call = `rt.${loop}(${data}, ${list("feel")}, ${list("raw")}, ${list("guard")})`;
  // the call reads each FEEL value on the slow path only (see fast-tests.ts)
  for (const plan of new Set(columns.map((c) => c.plan!))) plan.fallbackUses += mentionsOf(plan.feel, call);
  return call;
}

const mentionsOf = (id: string, code: string): number => (code.match(new RegExp(`\\b${id}\\b`, "g")) ?? []).length;

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
    return parts.length === 1 ? parts[0]! : `(${joined(parts, "||")})`;
  }
  return `${emitUnaryTestsTri(cell, column.feel, scope, cx, column.levels)} === true`;
}

/** `x = "gold"` / `x = true` is true exactly when x is that very string or boolean. */
function literalEquality(t: UnaryTest, x: string): string | null {
  const v = equalled(t);
  if (v?.kind === "string") return `${x} === ${JSON.stringify(v.value)}`;
  if (v?.kind === "boolean") return `${x} === ${v.value}`;
  return null;
}

/** `hoist`: a constant context is hoisted to module scope (and shared by every call). */
export function outputValue(table: TableIR, outputs: Expr[], scope: Scope, cx: ExprContext, hoist: boolean): string {
  if (table.singleOutput) return emitExpr(outputs[0]!, scope, cx);
  const code = contextOf(
    table.outputs.map((o) => o.name),
    table.outputs.map((_, i) => emitExpr(outputs[i]!, scope, cx)),
    cx,
  );
  return hoist && outputs.every(isLiteralTree) ? cx.em.hoist("c", `rt.constant(${code})`) : code;
}

export function defaultValue(table: TableIR, scope: Scope, cx: ExprContext): string {
  if (!table.outputs.some((o) => o.defaultValue)) return "null";
  if (table.singleOutput) return emitExpr(table.outputs[0]!.defaultValue!, scope, cx);
  return contextOf(
    table.outputs.map((o) => o.name),
    table.outputs.map((o) => (o.defaultValue ? emitExpr(o.defaultValue, scope, cx) : "null")),
    cx,
  );
}
