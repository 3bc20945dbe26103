// Rules as written (spec 2.5, tables rules 1 and 8): an array of cells aligned with the header,
// or an object `{when, then, why}`. Both become one aligned row of raw cells.
import type { Diagnostic } from "../../../ir/diagnostics.js";
import { didYouMean } from "../expressions/suggest.js";
import { err } from "../stages.js";
import type { Column } from "./header.js";

export interface RawRule {
  /** one per input column; undefined means `-` */
  inputs: unknown[];
  /** one per output column; undefined means missing (reported) */
  outputs: unknown[];
  why?: string;
}

export function readRule(
  raw: unknown,
  columns: Column[],
  outputNames: string[],
  address: string,
  sink: Diagnostic[],
): RawRule | null {
  const inputCols = columns.filter((c) => c.kind === "input");
  const outputCols = columns.filter((c) => c.kind === "output");
  if (Array.isArray(raw)) {
    if (raw.length !== columns.length)
      err(sink, "tables.cell-count", `this rule has ${raw.length} cell${raw.length === 1 ? "" : "s"}; the header has ${columns.length} columns`, address);
    const annotation = columns.find((c) => c.kind === "annotation");
    const why = annotation ? raw[annotation.index] : undefined;
    return {
      inputs: inputCols.map((c) => raw[c.index]),
      outputs: outputCols.map((c) => (c.index < raw.length ? raw[c.index] : null)),
      ...(typeof why === "string" && why.trim() !== "" ? { why } : {}),
    };
  }
  if (raw === null || typeof raw !== "object") {
    err(sink, "tables.rule-shape", "a rule is an array of cells or an object `{when, then, why}`", address);
    return null;
  }
  return readRuleObject(raw as Record<string, unknown>, inputCols.map((c) => c.text.trim()), outputNames, address, sink);
}

function readRuleObject(obj: Record<string, unknown>, inputHeads: string[], outputNames: string[], address: string, sink: Diagnostic[]): RawRule {
  for (const key of Object.keys(obj))
    if (!["when", "then", "why"].includes(key)) err(sink, "tables.rule-shape", `unexpected key \`${key}\` in a rule object (use when, then, why)`, address);
  const inputs: unknown[] = inputHeads.map(() => undefined);
  const when = obj.when ?? {};
  if (when === null || typeof when !== "object" || Array.isArray(when)) err(sink, "tables.rule-shape", "`when` maps input column headings to cell conditions", address);
  else
    for (const [head, cell] of Object.entries(when)) {
      const i = inputHeads.indexOf(head.trim());
      if (i < 0) err(sink, "tables.unknown-column", `no input column \`${head}\`${didYouMean(head, inputHeads)}`, address);
      else inputs[i] = cell;
    }
  const outputs = readThen(obj.then, outputNames, address, sink);
  const why = typeof obj.why === "string" ? { why: obj.why } : {};
  return { inputs, outputs, ...why };
}

function readThen(then: unknown, names: string[], address: string, sink: Diagnostic[]): unknown[] {
  const isObject = then !== null && typeof then === "object" && !Array.isArray(then);
  if (names.length === 1) {
    if (isObject && Object.keys(then).length === 1 && names[0]! in then) return [(then as Record<string, unknown>)[names[0]!]];
    if (then === undefined) err(sink, "tables.missing-output", "the rule needs `then`: its output", address);
    return [then ?? null];
  }
  if (!isObject) {
    err(sink, "tables.rule-shape", `\`then\` must name every output: ${names.join(", ")}`, address);
    return names.map(() => null);
  }
  const obj = then as Record<string, unknown>;
  for (const key of Object.keys(obj))
    if (!names.includes(key)) err(sink, "tables.unknown-column", `no output column \`${key}\`${didYouMean(key, names)}`, address);
  return names.map((n) => {
    if (!(n in obj)) err(sink, "tables.missing-output", `\`then\` lacks the output \`${n}\``, address);
    return obj[n] ?? null;
  });
}
