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
import { checkCoverage } from "./coverage.js";
import { type Column, readHeader } from "./header.js";
import { readHitPolicy } from "./hit.js";
import { perRuleType, readOutputs } from "./outputs.js";
import { readRule } from "./rules.js";
import { tableResultType } from "./result-type.js";

export interface TableSite {
  /** the table's address: `decisions.d`, `decisions.d.let.e`, `functions.f` */
  address: string;
  /** the single output's name */
  owner: string;
  declared?: Type;
  strict: boolean;
  names: readonly string[];
  typeEnv: TypeEnv;
  sink: Diagnostic[];
  /** an expression context in the table's scope */
  context(address: string, source: string): ExprContext;
  /** inputs, decisions, functions and lets in scope: a bare word naming one earns a warning */
  declaredNames: ReadonlySet<string>;
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
  src.rows.slice(1).forEach((raw, i) => {
    const rule = analyseRule(raw, i + 1, columns, table, site);
    if (rule) table.rules.push(rule);
  });
  if (src.default !== undefined) readDefaults(src.default, table.outputs, `${site.address}.default`, site);
  checkCoverage(table, src.rows.length - 1, site.strict, site.sink);
  return { table, type: tableResultType(table) };
}

const feelSite = (address: string, site: TableSite): FeelSite => ({ address, names: site.names, sink: site.sink });

function inputColumn(text: string, address: string, site: TableSite): TableInputIR {
  const expr = parseExpr(text, feelSite(address, site)) ?? nullExpr();
  return { text, expr, type: infer(expr, site.context(address, text)) };
}

function analyseRule(raw: unknown, index: number, columns: Column[], table: TableIR, site: TableSite): RuleIR | null {
  const address = `${site.address}.rule[${index}]`;
  const rawRule = readRule(
    raw,
    columns,
    table.outputs.map((o) => o.name),
    address,
    site.sink,
  );
  if (!rawRule) return null;
  const conditions = table.inputs.map((col, i) => inputCell(rawRule.inputs[i], col, address, site));
  const outputs = table.outputs.map((out, i) => outputCell(rawRule.outputs[i], out, address, site));
  return { index, address, conditions, outputs, ...(rawRule.why !== undefined ? { why: rawRule.why } : {}) };
}

/** a fresh node each time: later phases annotate nodes in place */
const anyCell = (): UnaryTests => ({ kind: "any", span: { start: 0, end: 0 } });
const nullExpr = (): Expr => ({ kind: "null", span: { start: 0, end: 0 } });

function inputCell(raw: unknown, column: TableInputIR, address: string, site: TableSite): UnaryTests {
  if (raw === undefined) return anyCell();
  const text = cellText(raw);
  if (text === null) {
    site.sink.push(diagnostic("tables.cell-invalid", { variant: "input", column: column.text }, { address }));
    return anyCell();
  }
  const tests = readInputCell(text, isStringLike(column.type), feelSite(address, site), bareWordCheck(column.type, address, text, site));
  if (!tests) return anyCell();
  const ctx = { ...site.context(address, text), inputValue: column.type };
  inferTests(tests, ctx, (p, where) => diagnostic("types.cell-mismatch", p, where));
  checkCellLiterals(tests, column.type, ctx);
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

/** A bare word that is also a declared name is read as text; say so, since `= name` may be meant. */
function bareWordCheck(column: Type, address: string, source: string, site: TableSite): BareWordHook {
  const options = column.kind === "choice" || column.kind === "levels" ? column.values : [];
  return (lit) => {
    if (!site.declaredNames.has(lit.value) || options.includes(lit.value)) return;
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
    single && (typeof raw !== "object" || raw === null || !(outputs[0]!.name in raw))
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
