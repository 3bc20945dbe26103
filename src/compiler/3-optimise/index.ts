// The optimiser: constant folding, small functions inlined at their call sites, dead-decision
// elimination for the requested outputs, table specialisation, certified doubles, running totals
// and conditions tested on raw JSON list items. Decisions are already in dependency order from the
// analyser.
import type { DecisionIR, ModelIR } from "../../ir/ir.js";
import { certifyRoundings } from "./certify.js";
import { certifyOutputs } from "./certify-output.js";
import { certifyColumns } from "./certify-column.js";
import { certifyScaled } from "./certify-scaled.js";
import { certifyConditions } from "./certify-condition.js";
import { foldConstants } from "./fold.js";
import { inlineCalls } from "./inline.js";
import { markRawItems } from "./raw-items.js";
import { markRunningTotals } from "./running-totals.js";
import { specialiseTables } from "./specialise.js";

/** The decisions needed for `outputs` (all when absent), kept in dependency order. */
export function neededDecisions(ir: ModelIR, outputs?: string[]): DecisionIR[] {
  if (!outputs) return ir.decisions;
  const byName = new Map(ir.decisions.map((d) => [d.name, d]));
  const needed = new Set<string>();
  const visit = (name: string) => {
    const d = byName.get(name);
    if (!d || needed.has(name)) return;
    needed.add(name);
    d.deps.forEach(visit);
  };
  outputs.forEach(visit);
  return ir.decisions.filter((d) => needed.has(d.name));
}

export function optimise(ir: ModelIR, outputs?: string[]): DecisionIR[] {
  const decisions = optimiseForSql(ir, outputs);
  forCodegen(ir);
  return decisions;
}

/**
 * Every pass but those only codegen reads (`forCodegen`: column tests on raw JSON values, table
 * indexes, certified values, which no other pass reads or changes): what the SQL lowering needs.
 * `forCodegen` then makes the IR codegen's (the rating model's 3,700-rule table: about 0.1 s).
 */
export function optimiseForSql(ir: ModelIR, outputs?: string[]): DecisionIR[] {
  foldConstants(ir);
  inlineCalls(ir);
  certifyRoundings(ir);
  markRunningTotals(ir);
  markRawItems(ir);
  return neededDecisions(ir, outputs);
}

/**
 * The passes only codegen reads, run on a model `optimiseForSql` made (the SQL lowering reads
 * none of what they mark): its table columns specialised and indexed, and the values worked out
 * on certified double-doubles or scaled integers.
 */
export function forCodegen(ir: ModelIR): void {
  specialiseTables(ir);
  certifyOutputs(ir);
  certifyColumns(ir);
  certifyConditions(ir);
  certifyScaled(ir);
}
