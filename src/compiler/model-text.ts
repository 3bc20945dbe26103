// The model's own text behind the addresses of an explanation (docs/explanations.md), for readers
// that show it: a decision table's column headers and each rule's input cells as written, and the
// FEEL text at each expression's address (an `if` step's condition is a span of it). The
// explanation itself never holds model text; a terminal report resolves it through here.
import type { CompiledModel } from "./5-load/compiled-model.js";
import { inputCells, tableSites } from "./6-package/readme-tables.js";

export interface TableText {
  /** the input columns' headers, in column order */
  columns: string[];
  /** rule n's input cells at n - 1, in column order */
  cells: string[][];
}

export interface ModelText {
  /** each decision table's text, by decision name */
  tables: ReadonlyMap<string, TableText>;
  /** the FEEL text of each decision, `let` entry and function body written as one, by address */
  expressions: ReadonlyMap<string, string>;
}

export const NO_MODEL_TEXT: ModelText = { tables: new Map(), expressions: new Map() };

export function modelText(model: CompiledModel): ModelText {
  return { tables: decisionTablesText(model), expressions: expressionTexts(model.check.content) };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function expressionTexts(content: Obj): Map<string, string> {
  const out = new Map<string, string>();
  const put = (address: string, text: unknown) => {
    if (typeof text === "string") out.set(address, text);
  };
  for (const [name, d] of Object.entries(isObj(content.decisions) ? content.decisions : {})) {
    put(`decisions.${name}`, isObj(d) ? d.expr : d);
    if (isObj(d) && isObj(d.let)) for (const [entry, text] of Object.entries(d.let)) put(`decisions.${name}.let.${entry}`, text);
  }
  for (const [name, f] of Object.entries(isObj(content.functions) ? content.functions : {}))
    put(`functions.${name}`, isObj(f) ? f.body : f);
  return out;
}

/** The text of each decision table of the model, by decision name. */
function decisionTablesText(model: CompiledModel): Map<string, TableText> {
  const sites = tableSites(model.ir, model.check.content);
  const out = new Map<string, TableText>();
  for (const d of model.ir.decisions) {
    if (d.body.kind !== "table") continue;
    const table = d.body.table;
    const site = sites.find((s) => s.table === table);
    if (site) out.set(d.name, { columns: table.inputs.map((c) => c.text), cells: inputCells(site) });
  }
  return out;
}
