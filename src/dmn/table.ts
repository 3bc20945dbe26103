// decisionTable → `{table, hit, default}` (lenient format): a header row of input expressions
// and `=> name: type` output columns, then one row per rule with the cells as FEEL text.
import { cellText } from "./cells.js";
import { diagnostic } from "../ir/diagnostics.js";
import { locate, unfilled, type ImportContext } from "./context.js";
import { feelText } from "./language.js";
import { choiceType, stringEnumeration, typeOf } from "./types.js";
import { put } from "./records.js";
import { attr, child, childrenNamed, textChild, type XmlElement } from "./xml.js";
import { splitTopLevel } from "../compiler/2-analyse/tables/items.js";

export interface TableBody {
  table: string[][];
  hit: string;
  default?: string | Record<string, string>;
  /** PRIORITY / OUTPUT ORDER: each output's values, highest priority first, as FEEL literals (one list, or by output name) */
  priorities?: string[] | Record<string, string[]>;
}

const HIT_POLICIES = new Set(["UNIQUE", "FIRST", "PRIORITY", "ANY", "COLLECT", "RULE ORDER", "OUTPUT ORDER"]);
const AGGREGATIONS = new Set(["SUM", "MIN", "MAX", "COUNT"]);
const PRIORITISED = new Set(["PRIORITY", "OUTPUT ORDER"]);

function hitPolicy(el: XmlElement, ctx: ImportContext): string {
  const hit = (attr(el, "hitPolicy") ?? "UNIQUE").trim().toUpperCase();
  if (!HIT_POLICIES.has(hit)) {
    unfilled(ctx, diagnostic("dmn.table.hit", { hit, at: locate(ctx, el) }));
    return "UNIQUE";
  }
  const agg = attr(el, "aggregation")?.trim().toUpperCase();
  if (agg === undefined || agg === "") return hit;
  if (hit !== "COLLECT" || !AGGREGATIONS.has(agg)) {
    unfilled(ctx, diagnostic("dmn.table.aggregation", { aggregation: agg, hit, at: locate(ctx, el) }));
    return hit;
  }
  return `COLLECT ${agg}`;
}

/** The `: type` suffix of an output header, when the type has a one-line spelling. */
function typeSuffix(t: unknown): string {
  return typeof t === "string" && t !== "any" ? `: ${t}` : "";
}

/** A number, boolean or string literal: an output value whose FEEL value is certain. */
const PRIORITY_LITERAL = /^(?:-?\d+(?:\.\d+)?|true|false|"(?:[^"\\]|\\.)*")$/;

/** Output values that are all number, boolean or string literals, in their order; undefined otherwise. */
function literalValues(text: string): string[] | undefined {
  const items = splitTopLevel(text).map((i) => i.text.trim());
  return items.length > 0 && items.every((i) => PRIORITY_LITERAL.test(i)) ? items : undefined;
}

/**
 * An output column's header, and its priority list for PRIORITY and OUTPUT ORDER when the values
 * are not distinct strings (`10,20,30`, `true,false`): the list order is the priority, first highest.
 */
function outputHeader(
  out: XmlElement,
  name: string,
  fallbackType: string | undefined,
  hit: string,
  ctx: ImportContext,
): { header: string; priorities?: string[] } {
  const valuesText = child(out, "outputValues") ? textChild(child(out, "outputValues")!) : undefined;
  const enumeration = valuesText ? stringEnumeration(valuesText) : undefined;
  if (enumeration) {
    const choice = choiceType(enumeration);
    if (typeof choice === "string" && enumeration.length > 1) return { header: `=> ${name}: ${choice}` };
  }
  let priorities: string[] | undefined;
  if (valuesText && valuesText.trim() !== "" && PRIORITISED.has(hit)) {
    priorities = literalValues(valuesText);
    const distinct = priorities !== undefined && new Set(priorities).size === priorities.length;
    if (!distinct) {
      priorities = undefined;
      unfilled(ctx, diagnostic("dmn.table.priorities", { variant: "values", values: valuesText, at: locate(ctx, out) }));
    }
  }
  const t = typeOf(attr(out, "typeRef"), ctx, out) ?? fallbackType;
  return { header: `=> ${name}${typeSuffix(t)}`, priorities };
}

/** An output column's name as the file gives it; undefined when it has none (or only spaces). */
function outputName(out: XmlElement): string | undefined {
  const name = out.attrs.name?.trim();
  return name ? name : undefined;
}

/**
 * @param resultName the name of a single output column (the decision's, or the context entry's)
 * @param resultType the decision's portable type, used for a single untyped output
 */
export function mapDecisionTable(el: XmlElement, resultName: string, resultType: unknown, ctx: ImportContext): TableBody {
  const hit = hitPolicy(el, ctx);
  const inputs = childrenNamed(el, "input");
  const outputs = childrenNamed(el, "output");
  if (outputs.length === 0) unfilled(ctx, diagnostic("dmn.table.outputs", { at: locate(ctx, el) }));
  const orientation = attr(el, "preferredOrientation");
  if (orientation && orientation !== "Rule-as-Row" && orientation !== "Rule-as-Column" && orientation !== "CrossTable") {
    unfilled(ctx, diagnostic("dmn.table.orientation", { orientation, at: locate(ctx, el) }));
  }
  if (orientation === "CrossTable") unfilled(ctx, diagnostic("dmn.table.crosstable", { at: locate(ctx, el) }));

  const rules = childrenNamed(el, "rule");
  // said after the rules: when the entries testing an empty column are in another language, that is the first thing to fix
  const afterRules: (() => void)[] = [];
  const header: string[] = inputs.map((input, i) => {
    const ie = child(input, "inputExpression");
    if (!ie) {
      unfilled(ctx, diagnostic("dmn.table.input", { variant: "missing", at: locate(ctx, input) }));
      return "null";
    }
    // Camunda Modeler writes a new column's expression empty: exact as null only when no rule tests the column
    if ((textChild(ie) ?? "").trim() === "") {
      const tested = rules.some((r) => !/^\s*-?\s*$/.test(textChild(childrenNamed(r, "inputEntry")[i] ?? ie) ?? ""));
      if (tested) afterRules.push(() => unfilled(ctx, diagnostic("dmn.table.input", { variant: "empty-tested", at: locate(ctx, ie) })));
      else ctx.diagnostics.push(diagnostic("dmn.table.input-empty", { at: locate(ctx, ie) }));
      return "null";
    }
    return feelText(ie, ctx)?.trim() ?? "null";
  });
  const single = outputs.length === 1;
  const fallback = single && typeof resultType === "string" ? resultType : undefined;
  const priorities: Record<string, string[]> = {};
  outputs.forEach((out, i) => {
    // an unnamed output of a multi-output table: the decision's value has no name for it, and
    // one made up here would run under a name the file does not give, so the decision is not imported
    if (!single && !outputName(out)) {
      const label = attr(out, "label")?.trim();
      unfilled(ctx, diagnostic("dmn.table.output-name", { label: label || undefined, at: locate(ctx, out) }));
    }
    const name = single ? resultName : (outputName(out) ?? `output ${i + 1}`);
    const column = outputHeader(out, name, fallback, hit, ctx);
    header.push(column.header);
    if (column.priorities) put(priorities, name, column.priorities);
  });

  const rows: string[][] = [header];
  for (const rule of rules) {
    const ins = childrenNamed(rule, "inputEntry");
    const outs = childrenNamed(rule, "outputEntry");
    if (ins.length !== inputs.length || outs.length !== outputs.length) {
      const counts = { inputs: ins.length, outputs: outs.length, tableInputs: inputs.length, tableOutputs: outputs.length };
      unfilled(ctx, diagnostic("dmn.table.rule", { ...counts, at: locate(ctx, rule) }));
    }
    rows.push([...ins.map((e) => cellText(feelText(e, ctx), true)), ...outs.map((e) => cellText(feelText(e, ctx)))]);
  }
  afterRules.forEach((say) => say());

  const body: TableBody = { table: rows, hit };
  const ranked = Object.values(priorities);
  if (ranked.length > 0) body.priorities = single ? ranked[0]! : priorities;
  // without output values a PRIORITY or OUTPUT ORDER table has no order to rank its hits by
  const listsValues = (o: XmlElement): boolean => {
    const values = child(o, "outputValues");
    return values !== undefined && (textChild(values) ?? "").trim() !== "";
  };
  if (PRIORITISED.has(hit) && outputs.length > 0 && !outputs.some(listsValues)) {
    unfilled(ctx, diagnostic("dmn.table.priorities", { variant: "missing", hit, at: locate(ctx, el) }));
  }
  const defaults = outputs.map((out) => {
    const d = child(out, "defaultOutputEntry");
    return d ? feelText(d, ctx)?.trim() : undefined;
  });
  if (defaults.some((d) => d !== undefined && d !== "")) {
    if (single) body.default = defaults[0]!;
    else {
      const obj: Record<string, string> = {};
      outputs.forEach((out, i) => {
        if (defaults[i]) put(obj, outputName(out) ?? `output ${i + 1}`, defaults[i]!);
      });
      body.default = obj;
    }
  }
  return body;
}
