// A decision table → TableIR: header, hit policy, rules with typed cells, defaults, and the
// table's result type. Used by decisions, `let` entries and function bodies alike.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { Expr, UnaryTests } from "../../../ir/feel-ast.js";
import type { RuleIR, TableInputIR, TableIR, TableOutputIR } from "../../../ir/ir.js";
import { isStringLike, type Type } from "../../../ir/types.js";
import { compatible, typeToString } from "../expressions/compat.js";
import { at, type ExprContext } from "../expressions/context.js";
import { infer } from "../expressions/infer.js";
import { checkCellLiterals, checkResultLiterals } from "../expressions/literals.js";
import { inferTests } from "../expressions/unary.js";
import { type FeelSite, parseExpr } from "../../1-parse/model-feel.js";
import type { BodySource } from "../../1-parse/content/body.js";
import type { TypeEnv } from "../types/parse-type.js";
import { type BareWordHook, cellText, readInputCell, readOutputCell } from "./cells.js";
import { checkCellIntent } from "./cell-intent.js";
import { checkCoverage } from "./coverage.js";
import { type Column, readHeader } from "./header.js";
import { readHitPolicy } from "./hit.js";
import { perRuleType, readOutputs } from "./outputs.js";
import { readRule } from "./rules.js";
import { tableResultType } from "./result-type.js";
import { readPriorities } from "./priorities.js";

export interface TableSite {
  /** the table's address: `decisions.d`, `decisions.d.let.e`, `functions.f` */
  address: string;
  /** the single output's name */
  owner: string;
  declared?: Type;
  strict: boolean;
  names: readonly string[];
  /** names read only in this table (its function's parameters) */
  localNames?: readonly string[];
  typeEnv: TypeEnv;
  sink: Diagnostic[];
  /** an expression context in the table's scope */
  context(address: string, source: string): ExprContext;
  /** inputs, decisions, functions and lets in scope: a bare word naming one earns a warning */
  declaredNames: Pick<ReadonlySet<string>, "has">;
}

type TableSource = Extract<BodySource, { kind: "table" }>;

export function analyseTable(src: TableSource, site: TableSite): { table: TableIR; type: Type } {
  const policy = readHitPolicy(src.hit, site.strict, `${site.address}.hit`, site.sink);
  const table: TableIR = { address: site.address, ...policy, inputs: [], outputs: [], singleOutput: true, rules: [] };
  const headerAddress = `${site.address}.rule[0]`;
  const columns = src.rows.length === 0 ? null : readHeader(src.rows[0], headerAddress, site.sink);
  if (src.rows.length === 0) site.sink.push(diagnostic("tables.empty", { variant: "no-rows" }, { address: site.address }));
  if (!columns) return { table, type: site.declared ?? { kind: "any" } };
  table.inputs = columns.filter((c) => c.kind === "input").map((c) => inputColumn(c.text, headerAddress, site));
  const outputCols = columns.filter((c): c is Extract<Column, { kind: "output" }> => c.kind === "output");
  const declared = perRuleType(site.declared, table.hit, table.aggregation !== undefined);
  table.outputs = readOutputs(outputCols, site.owner, declared, site.declared, headerAddress, site.typeEnv);
  table.singleOutput = table.outputs.length === 1;
  // rules with an error are left out of the coverage checks: what they match is not known
  const broken = new Set<number>();
  const texts = new Map<number, string[]>();
  const memos = table.inputs.map((): CellMemo => new Map());
  src.rows.slice(1).forEach((raw, i) => {
    const before = site.sink.length;
    const rule = analyseRule(raw, i + 1, columns, table, site, texts, memos);
    if (rule) table.rules.push(rule);
    if (!rule || hasErrorFrom(site.sink, before)) broken.add(i + 1);
  });
  if (src.default !== undefined) readDefaults(src.default, table.outputs, `${site.address}.default`, site);
  if (src.priorities !== undefined) readPriorities(src.priorities, table.outputs, `${site.address}.priorities`, site);
  const cellText = (rule: RuleIR, column: number): string => texts.get(rule.index)?.[column] ?? "-";
  checkCoverage(table, { rows: src.rows.length - 1, broken, strict: site.strict, sink: site.sink, cellText });
  return { table, type: tableResultType(table) };
}

/**
 * Whether the sink gained an error from `from` on: only the rule's own diagnostics are looked at
 * (counting the whole sink for each rule took time in the square of the rules when each had an
 * error: a Check of 8,000 rules, each with a cell that does not parse, took 6-8 s of a worker).
 */
const hasErrorFrom = (sink: readonly Diagnostic[], from: number): boolean => {
  for (let i = from; i < sink.length; i++) if (sink[i]!.severity === "error") return true;
  return false;
};

const feelSite = (address: string, site: TableSite): FeelSite => ({
  address,
  names: site.names,
  localNames: site.localNames,
  sink: site.sink,
});

function inputColumn(text: string, address: string, site: TableSite): TableInputIR {
  const expr = parseExpr(text, feelSite(address, site)) ?? nullExpr();
  return { text, expr, type: infer(expr, site.context(address, text)) };
}

function analyseRule(
  raw: unknown,
  index: number,
  columns: Column[],
  table: TableIR,
  site: TableSite,
  texts: Map<number, string[]>,
  memos: readonly CellMemo[],
): RuleIR | null {
  const address = `${site.address}.rule[${index}]`;
  const rawRule = readRule(
    raw,
    columns,
    table.outputs.map((o) => o.name),
    address,
    site.sink,
  );
  if (!rawRule) return null;
  // a row of the wrong length has its cells under the wrong headings: reading them would only mislead
  if (rawRule.misaligned) return { index, address, conditions: table.inputs.map(anyCell), outputs: table.outputs.map(nullExpr) };
  texts.set(
    index,
    rawRule.inputs.map((c) => (c === undefined ? "-" : (cellText(c) ?? "").trim())),
  );
  const conditions = table.inputs.map((col, i) => inputCell(rawRule.inputs[i], col, address, site, memos[i]!));
  const outputs = table.outputs.map((out, i) => outputCell(rawRule.outputs[i], out, address, site));
  return { index, address, conditions, outputs, ...(rawRule.why !== undefined ? { why: rawRule.why } : {}) };
}

/** a fresh node each time: later phases annotate nodes in place */
const anyCell = (): UnaryTests => ({ kind: "any", span: { start: 0, end: 0 } });
const nullExpr = (): Expr => ({ kind: "null", span: { start: 0, end: 0 } });

/**
 * A column's input cells analysed so far, by text. A large table repeats a few texts (a region, an
 * age band) thousands of times, and a cell that raised no diagnostic and read no name comes out the
 * same whatever its rule: such a cell is analysed once and each later one gets a copy (later phases
 * annotate nodes in place).
 */
type CellMemo = Map<string, UnaryTests>;

/**
 * A copy of an analysed cell: its nodes are plain objects and arrays (anything else is copied by
 * structuredClone, as the whole tree once was; a walk of its own is several times faster).
 */
function copyTree<T>(v: T): T {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) return v.map(copyTree) as T;
  if (Object.getPrototypeOf(v) !== Object.prototype) return structuredClone(v);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(v)) copy[key] = copyTree((v as Record<string, unknown>)[key]);
  return copy as T;
}

function inputCell(raw: unknown, column: TableInputIR, address: string, site: TableSite, memo: CellMemo): UnaryTests {
  if (raw === undefined) return anyCell();
  const text = cellText(raw);
  if (text === null) {
    site.sink.push(diagnostic("tables.cell-invalid", { variant: "input", column: column.text }, { address }));
    return anyCell();
  }
  const known = memo.get(text);
  if (known) return copyTree(known);
  const ctx = { ...site.context(address, text), inputValue: column.type };
  const [diagnostics, refs] = [site.sink.length, ctx.refs.length];
  const tests = readInputCell(text, isStringLike(column.type), feelSite(address, site), bareWordCheck(column.type, address, text, site));
  if (!tests) return anyCell();
  inferTests(tests, ctx, (p, where) => diagnostic("types.cell-mismatch", p, where));
  checkCellLiterals(tests, column.type, ctx);
  checkCellIntent(tests, column.type, ctx);
  if (site.sink.length === diagnostics && ctx.refs.length === refs) memo.set(text, copyTree(tests));
  return tests;
}

function outputCell(raw: unknown, out: TableOutputIR, address: string, site: TableSite): Expr {
  const text = cellText(raw) ?? "";
  const hook = bareWordCheck(out.type, address, text, site);
  const e = readOutputCell(raw, isStringLike(out.type), feelSite(address, site), hook) ?? nullExpr();
  const ctx = site.context(address, text);
  checkOutput(e, out, ctx);
  return e;
}

/** Bare words that look like another kind of value. */
const LOOKS_LIKE: readonly [string, RegExp][] = [
  ["number", /^-?\d+(\.\d+)?$/],
  ["date", /^\d{4}-\d{2}-\d{2}$/],
];

/**
 * A bare word that is also a declared name, or looks like a number or a date, is read as text; say
 * so. One in single quotes keeps them, which no declared value does.
 */
function bareWordCheck(column: Type, address: string, source: string, site: TableSite): BareWordHook {
  const options = column.kind === "choice" || column.kind === "levels" ? column.values : [];
  return (lit) => {
    if (options.includes(lit.value)) return;
    // the quotes are part of the text read, and of no value the column declares
    if (/^'[^']*'$/.test(lit.value)) {
      const word = lit.value.slice(1, -1);
      site.sink.push(
        diagnostic("tables.bare-word-quoted", { text: lit.value, word }, { address, span: lit.span, source, strict: site.strict }),
      );
      return;
    }
    const looksLike = LOOKS_LIKE.find(([, pattern]) => pattern.test(lit.value))?.[0];
    if (looksLike)
      site.sink.push(diagnostic("tables.bare-word-number", { word: lit.value, kind: looksLike }, { address, span: lit.span, source }));
    else if (site.declaredNames.has(lit.value))
      site.sink.push(diagnostic("tables.bare-word-name", { word: lit.value }, { address, span: lit.span, source }));
  };
}

function checkOutput(e: Expr, out: TableOutputIR, ctx: ExprContext): void {
  const t = infer(e, ctx);
  if (!compatible(t, out.type))
    ctx.sink.push(
      diagnostic("types.output-mismatch", { output: out.name, type: typeToString(out.type), gives: typeToString(t) }, at(ctx, e.span)),
    );
  else checkResultLiterals(e, out.type, ctx, `the values of output \`${out.name}\``);
}

function readDefaults(raw: unknown, outputs: TableOutputIR[], address: string, site: TableSite): void {
  const single = outputs.length === 1;
  const texts: (unknown | undefined)[] =
    single && (typeof raw !== "object" || raw === null || !Object.hasOwn(raw, outputs[0]!.name))
      ? [raw]
      : raw !== null && typeof raw === "object" && !Array.isArray(raw)
        ? outputs.map((o) => (raw as Record<string, unknown>)[o.name])
        : [];
  if (texts.length === 0) {
    site.sink.push(diagnostic("decision.default-shape", { variant: "outputs" }, { address }));
    return;
  }
  outputs.forEach((out, i) => {
    const text = cellText(texts[i]);
    if (texts[i] === undefined) return;
    if (text === null) {
      site.sink.push(diagnostic("decision.default-shape", { variant: "output" }, { address }));
      return;
    }
    const e = parseExpr(text, feelSite(address, site));
    if (!e) return;
    checkOutput(e, out, site.context(address, text));
    out.defaultValue = e;
  });
}
