// A PRIORITY or OUTPUT ORDER table's order (lenient `priorities`, written by the DMN import for
// output values that are numbers or booleans): each output's values, highest priority first, as
// FEEL literals. The runtime ranks a hit by where its value's FEEL text stands in the list, as it
// does for the values of a choice type.
import { diagnostic } from "../../../ir/diagnostics.js";
import type { TableOutputIR } from "../../../ir/ir.js";
import { toFeelString } from "../../../runtime/format.js";
import { parseExpr } from "../../1-parse/model-feel.js";
import { literalValue } from "../expressions/literal-value.js";
import type { TableSite } from "./analyse.js";

/** One output's list: the FEEL text of each literal, or undefined when the list is not of distinct literals. */
function ranks(raw: unknown, address: string, site: TableSite): string[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0 || !raw.every((v) => typeof v === "string")) {
    site.sink.push(diagnostic("decision.priorities-shape", { variant: "list" }, { address }));
    return undefined;
  }
  const texts: string[] = [];
  for (const [i, text] of (raw as string[]).entries()) {
    const e = parseExpr(text, { address: `${address}[${i}]`, names: site.names, localNames: site.localNames, sink: site.sink });
    if (!e) return undefined;
    const value = literalValue(e);
    if (value === undefined || value === null) {
      site.sink.push(diagnostic("decision.priorities-shape", { variant: "literal", text }, { address: `${address}[${i}]` }));
      return undefined;
    }
    texts.push(toFeelString(value));
  }
  if (new Set(texts).size !== texts.length) {
    site.sink.push(diagnostic("decision.priorities-shape", { variant: "distinct" }, { address }));
    return undefined;
  }
  return texts;
}

/** Sets each listed output's priority order: one list for a single output, else lists by output name. */
export function readPriorities(raw: unknown, outputs: TableOutputIR[], address: string, site: TableSite): void {
  if (outputs.length === 1 && Array.isArray(raw)) {
    const list = ranks(raw, address, site);
    if (list) outputs[0]!.allowed = list;
    return;
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    site.sink.push(diagnostic("decision.priorities-shape", { variant: "outputs" }, { address }));
    return;
  }
  for (const [name, list] of Object.entries(raw)) {
    const out = outputs.find((o) => o.name === name);
    if (!out) {
      site.sink.push(diagnostic("decision.priorities-shape", { variant: "output", name }, { address: `${address}.${name}` }));
      continue;
    }
    const texts = ranks(list, `${address}.${name}`, site);
    if (texts) out.allowed = texts;
  }
}
