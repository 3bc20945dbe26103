// decisionTable → `{table, hit, default}` (lenient format): a header row of input expressions
// and `=> name: type` output columns, then one row per rule with the cells as FEEL text.
import { cellText } from "./cells.js";
import { reportError, type ImportContext } from "./context.js";
import { choiceType, stringEnumeration, typeOf } from "./types.js";
import { put } from "./records.js";
import { attr, child, childrenNamed, textChild, type XmlElement } from "./xml.js";

export interface TableBody {
  table: string[][];
  hit: string;
  default?: string | Record<string, string>;
}

const HIT_POLICIES = new Set(["UNIQUE", "FIRST", "PRIORITY", "ANY", "COLLECT", "RULE ORDER", "OUTPUT ORDER"]);
const AGGREGATIONS = new Set(["SUM", "MIN", "MAX", "COUNT"]);
const PRIORITISED = new Set(["PRIORITY", "OUTPUT ORDER"]);

function hitPolicy(el: XmlElement, ctx: ImportContext): string {
  const hit = (attr(el, "hitPolicy") ?? "UNIQUE").trim().toUpperCase();
  if (!HIT_POLICIES.has(hit)) {
    reportError(ctx, "dmn.table.hit", `unknown hit policy "${hit}"`, el);
    return "UNIQUE";
  }
  const agg = attr(el, "aggregation")?.trim().toUpperCase();
  if (agg === undefined || agg === "") return hit;
  if (hit !== "COLLECT" || !AGGREGATIONS.has(agg)) {
    reportError(ctx, "dmn.table.aggregation", `aggregation "${agg}" with hit policy ${hit}`, el);
    return hit;
  }
  return `COLLECT ${agg}`;
}

/** The `: type` suffix of an output header, when the type has a one-line spelling. */
function typeSuffix(t: unknown): string {
  return typeof t === "string" && t !== "any" ? `: ${t}` : "";
}

function outputHeader(
  out: XmlElement,
  name: string,
  fallbackType: string | undefined,
  hit: string,
  ctx: ImportContext,
): string {
  const valuesText = child(out, "outputValues") ? textChild(child(out, "outputValues")!) : undefined;
  const enumeration = valuesText ? stringEnumeration(valuesText) : undefined;
  if (enumeration) {
    const choice = choiceType(enumeration);
    if (typeof choice === "string" && enumeration.length > 1) return `=> ${name}: ${choice}`;
    if (PRIORITISED.has(hit)) {
      reportError(ctx, "dmn.table.priorities", `output values ${valuesText} cannot be written as a choice type`, out);
    }
  } else if (valuesText && valuesText.trim() !== "" && PRIORITISED.has(hit)) {
    reportError(ctx, "dmn.table.priorities", `priorities from non-string output values ${valuesText} are not supported`, out);
  }
  const t = typeOf(attr(out, "typeRef"), ctx, out) ?? fallbackType;
  return `=> ${name}${typeSuffix(t)}`;
}

/**
 * @param resultName the name of a single output column (the decision's, or the context entry's)
 * @param resultType the decision's portable type, used for a single untyped output
 */
export function mapDecisionTable(el: XmlElement, resultName: string, resultType: unknown, ctx: ImportContext): TableBody {
  const hit = hitPolicy(el, ctx);
  const inputs = childrenNamed(el, "input");
  const outputs = childrenNamed(el, "output");
  if (outputs.length === 0) reportError(ctx, "dmn.table.outputs", "decision table without output", el);
  const orientation = attr(el, "preferredOrientation");
  if (orientation && orientation !== "Rule-as-Row" && orientation !== "Rule-as-Column" && orientation !== "CrossTable") {
    reportError(ctx, "dmn.table.orientation", `unknown orientation "${orientation}"`, el);
  }
  if (orientation === "CrossTable") reportError(ctx, "dmn.table.crosstable", "cross-tab decision tables are not supported", el);

  const header: string[] = inputs.map((input) => {
    const ie = child(input, "inputExpression");
    const text = ie ? textChild(ie) : undefined;
    if (text === undefined || text.trim() === "") {
      reportError(ctx, "dmn.table.input", "input column without an input expression", input);
      return "null";
    }
    const lang = ie && attr(ie, "expressionLanguage");
    if (lang && !/FEEL/i.test(lang)) reportError(ctx, "dmn.expression.language", `unsupported expression language "${lang}"`, ie);
    return text.trim();
  });
  const single = outputs.length === 1;
  const fallback = single && typeof resultType === "string" ? resultType : undefined;
  outputs.forEach((out, i) => {
    const name = single ? resultName : (out.attrs.name ?? `output ${i + 1}`);
    if (!single && !out.attrs.name) reportError(ctx, "dmn.table.output-name", "output column of a multi-output table without a name", out);
    header.push(outputHeader(out, name, fallback, hit, ctx));
  });

  const rows: string[][] = [header];
  for (const rule of childrenNamed(el, "rule")) {
    const ins = childrenNamed(rule, "inputEntry");
    const outs = childrenNamed(rule, "outputEntry");
    if (ins.length !== inputs.length || outs.length !== outputs.length) {
      reportError(ctx, "dmn.table.rule", `rule has ${ins.length} input and ${outs.length} output entries, table has ${inputs.length} and ${outputs.length}`, rule);
    }
    for (const entry of [...ins, ...outs]) {
      const lang = attr(entry, "expressionLanguage");
      if (lang && !/FEEL/i.test(lang)) reportError(ctx, "dmn.expression.language", `unsupported expression language "${lang}"`, entry);
    }
    rows.push([...ins.map((e) => cellText(textChild(e))), ...outs.map((e) => cellText(textChild(e)))]);
  }

  const body: TableBody = { table: rows, hit };
  const defaults = outputs.map((out) => {
    const d = child(out, "defaultOutputEntry");
    return d ? textChild(d)?.trim() : undefined;
  });
  if (defaults.some((d) => d !== undefined && d !== "")) {
    if (single) body.default = defaults[0]!;
    else {
      const obj: Record<string, string> = {};
      outputs.forEach((out, i) => {
        if (defaults[i]) put(obj, out.attrs.name ?? `output ${i + 1}`, defaults[i]!);
      });
      body.default = obj;
    }
  }
  return body;
}
