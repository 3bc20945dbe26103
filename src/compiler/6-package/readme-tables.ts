// The decision tables of a model as Markdown, for the package README: every rule with its
// cells as written and its `# why` (array rows and rule objects `{when, then, why}` alike).
import { cellText } from "../2-analyse/tables/cells.js";
import { readHeader } from "../2-analyse/tables/header.js";
import { readRule } from "../2-analyse/tables/rules.js";
import type { BodyIR, ModelIR, TableIR } from "../../ir/ir.js";
import { code, table, text } from "./markdown.js";

export interface TableSite {
  title: string;
  table: TableIR;
  rows: unknown[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The rows as written: a table array, or the `table` of a table object. */
const rowsOf = (raw: unknown): unknown[] | undefined =>
  Array.isArray(raw) ? raw : isObj(raw) && Array.isArray(raw.table) ? raw.table : undefined;

const site = (title: string, body: BodyIR, raw: unknown): TableSite[] => {
  const rows = body.kind === "table" ? rowsOf(raw) : undefined;
  return body.kind === "table" && rows ? [{ title, table: body.table, rows }] : [];
};

/** Every table of the model, found through the IR and read from the content. */
export function tableSites(ir: ModelIR, content: Obj): TableSite[] {
  const decisions = isObj(content.decisions) ? content.decisions : {};
  const functions = isObj(content.functions) ? content.functions : {};
  const fromDecisions = ir.decisions.flatMap((d) => {
    const raw = decisions[d.name];
    const lets = isObj(raw) && isObj(raw.let) ? raw.let : {};
    return [
      ...d.lets.flatMap((l) => site(`${code(l.name)} (let of decision ${code(d.name)})`, l.body, lets[l.name])),
      ...site(`decision ${code(d.name)}`, d.body, raw),
    ];
  });
  const fromFunctions = ir.functions.flatMap((f) => {
    const raw = functions[f.name];
    return site(`function ${code(f.name)}`, f.body, isObj(raw) ? raw.body : undefined);
  });
  return [...fromDecisions, ...fromFunctions];
}

/** A cell as written in the model ("-" for an empty or `-` cell). */
const writtenCell = (raw: unknown): string => {
  const t = raw === undefined || raw === null ? "-" : (cellText(raw) ?? JSON.stringify(raw));
  return t.trim() === "-" ? "-" : t;
};

const cell = (raw: unknown): string => {
  const t = writtenCell(raw);
  return t === "-" ? t : code(t);
};

/** Each rule's input cells as written, in column order (rule n at n - 1). */
export function inputCells(s: TableSite): string[][] {
  const columns = readHeader(s.rows[0], "", []) ?? [];
  const outputNames = s.table.outputs.map((o) => o.name);
  return s.rows.slice(1).map((raw) => (readRule(raw, columns, outputNames, "", [])?.inputs ?? []).map(writtenCell));
}

const HIT_NOTES: Record<string, string> = {
  FIRST: "rules are tried top to bottom; the first that matches gives the result",
  UNIQUE: "at most one rule matches",
  ANY: "matching rules must agree",
  PRIORITY: "the matching rule with the highest-priority output wins",
  COLLECT: "every matching rule contributes",
  "RULE ORDER": "every matching rule contributes, in rule order",
  "OUTPUT ORDER": "every matching rule contributes, by output priority",
};

export function tableMarkdown(s: TableSite): string {
  const columns = readHeader(s.rows[0], "", []) ?? [];
  const outputNames = s.table.outputs.map((o) => o.name);
  const rules = s.rows.slice(1).map((raw) => ({ raw, rule: readRule(raw, columns, outputNames, "", []) }));
  const annotations = columns.filter((c) => c.kind === "annotation");
  const whyColumn = annotations[0]?.index;
  const addWhy = whyColumn === undefined && rules.some((r) => r.rule?.why);
  const head = [...columns.map((c) => code(c.text)), ...(addWhy ? [code("# why")] : [])];
  const body = rules.map(({ raw, rule }, i) => {
    let input = 0;
    let output = 0;
    const cells = columns.map((c) => {
      if (c.kind === "input") return cell(rule?.inputs[input++]);
      if (c.kind === "output") return cell(rule?.outputs[output++]);
      if (c.index === whyColumn) return text(rule?.why ?? "");
      return Array.isArray(raw) && typeof raw[c.index] === "string" ? text(raw[c.index] as string) : "";
    });
    return [String(i + 1), ...cells, ...(addWhy ? [text(rule?.why ?? "")] : [])];
  });
  const hit = s.table.hit + (s.table.aggregation ? ` ${s.table.aggregation}` : "");
  return [`### ${s.title}`, "", `Hit policy ${hit}: ${HIT_NOTES[s.table.hit] ?? ""}.`, "", table(["rule", ...head], body)].join("\n");
}
