// Rules as written (spec 2.5, tables rules 1 and 8): an array of cells aligned with the header,
// or an object `{when, then, why}`. Both become one aligned row of raw cells.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import { didYouMean } from "../../1-parse/suggest.js";
import type { Column } from "./header.js";

export interface RawRule {
  /** one per input column; undefined means `-` */
  inputs: unknown[];
  /** one per output column; undefined means missing (reported) */
  outputs: unknown[];
  why?: string;
  /** an array rule with more or fewer cells than columns (reported) */
  misaligned?: true;
}

export function readRule(raw: unknown, columns: Column[], outputNames: string[], address: string, sink: Diagnostic[]): RawRule | null {
  const inputCols = columns.filter((c) => c.kind === "input");
  const outputCols = columns.filter((c) => c.kind === "output");
  if (Array.isArray(raw)) {
    if (raw.length !== columns.length) {
      sink.push(diagnostic("tables.cell-count", { cells: raw.length, columns: columns.length }, { address }));
      return { inputs: [], outputs: [], misaligned: true };
    }
    const annotation = columns.find((c) => c.kind === "annotation");
    const why = annotation ? raw[annotation.index] : undefined;
    return {
      inputs: inputCols.map((c) => raw[c.index]),
      outputs: outputCols.map((c) => (c.index < raw.length ? raw[c.index] : null)),
      ...(typeof why === "string" && why.trim() !== "" ? { why } : {}),
    };
  }
  if (raw === null || typeof raw !== "object") {
    sink.push(diagnostic("tables.rule-shape", { variant: "shape" }, { address }));
    return null;
  }
  return readRuleObject(
    raw as Record<string, unknown>,
    inputCols.map((c) => c.text.trim()),
    outputNames,
    address,
    sink,
  );
}

function readRuleObject(
  obj: Record<string, unknown>,
  inputHeads: string[],
  outputNames: string[],
  address: string,
  sink: Diagnostic[],
): RawRule {
  for (const key of Object.keys(obj))
    if (!["when", "then", "why"].includes(key)) sink.push(diagnostic("tables.rule-shape", { variant: "key", key }, { address }));
  const inputs: unknown[] = inputHeads.map(() => undefined);
  const when = obj.when ?? {};
  if (when === null || typeof when !== "object" || Array.isArray(when))
    sink.push(diagnostic("tables.rule-shape", { variant: "when" }, { address }));
  else
    for (const [head, cell] of Object.entries(when)) {
      const i = inputHeads.indexOf(head.trim());
      if (i < 0)
        sink.push(
          diagnostic("tables.unknown-column", { variant: "input", column: head, didYouMean: didYouMean(head, inputHeads) }, { address }),
        );
      else inputs[i] = cell;
    }
  const outputs = readThen(obj.then, outputNames, address, sink);
  const why = typeof obj.why === "string" ? { why: obj.why } : {};
  return { inputs, outputs, ...why };
}

function readThen(then: unknown, names: string[], address: string, sink: Diagnostic[]): unknown[] {
  const isObject = then !== null && typeof then === "object" && !Array.isArray(then);
  if (names.length === 1) {
    if (isObject && Object.keys(then).length === 1 && Object.hasOwn(then, names[0]!)) return [(then as Record<string, unknown>)[names[0]!]];
    if (then === undefined) sink.push(diagnostic("tables.missing-output", { variant: "then" }, { address }));
    return [then ?? null];
  }
  if (!isObject) {
    sink.push(diagnostic("tables.rule-shape", { variant: "then", outputs: names }, { address }));
    return names.map(() => null);
  }
  const obj = then as Record<string, unknown>;
  for (const key of Object.keys(obj))
    if (!names.includes(key))
      sink.push(diagnostic("tables.unknown-column", { variant: "output", column: key, didYouMean: didYouMean(key, names) }, { address }));
  return names.map((n) => {
    if (!Object.hasOwn(obj, n)) sink.push(diagnostic("tables.missing-output", { variant: "output", output: n }, { address }));
    return obj[n] ?? null;
  });
}
