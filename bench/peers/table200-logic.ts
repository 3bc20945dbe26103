// The generated 200-rule table in the peers' shared table shape.
import { ELSE_FEE, SEGMENTS, TABLE200_RULES } from "../models/table200.js";
import type { Cell, Table } from "./lending-logic.js";

function segmentCell(segments: readonly string[]): Cell {
  if (segments.length === SEGMENTS.length) return { kind: "any" };
  const missing = SEGMENTS.filter((s) => !segments.includes(s));
  return missing.length < segments.length ? { kind: "noneOf", values: missing } : { kind: "oneOf", values: [...segments] };
}

export const TABLE200_TABLE: Table = {
  output: "fee",
  inputs: ["amount", "months", "segment"],
  rows: [
    ...TABLE200_RULES.map((r) => ({
      cells: [
        { kind: "range", low: r.amountMin, high: r.amountMax, lowIn: true, highIn: false } as Cell,
        { kind: "range", low: r.monthsMin, high: r.monthsMax, lowIn: true, highIn: false } as Cell,
        segmentCell(r.segments),
      ],
      value: r.fee,
    })),
    { cells: [{ kind: "any" }, { kind: "any" }, { kind: "any" }], value: ELSE_FEE },
  ],
};
