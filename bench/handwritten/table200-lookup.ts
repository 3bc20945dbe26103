// Hand-written baseline, the limit: what a person who saw the table's structure would write. The
// rules tile a 20 × 10 grid of 50-dollar by 100-month cells, so the cell's rule number is arithmetic;
// one bitmask per rule says which segments it accepts. Anything else takes the else row.
import { ELSE_FEE, SEGMENTS, TABLE200_RULES, type Segment } from "../models/table200.js";

const SEGMENT_BIT: Record<string, number> = Object.fromEntries(SEGMENTS.map((s, i) => [s, 1 << i]));
const ACCEPTS = Int32Array.from(TABLE200_RULES, (r) => r.segments.reduce((m, s) => m | SEGMENT_BIT[s]!, 0));
const FEES = Float64Array.from(TABLE200_RULES, (r) => r.fee);
const RULES = TABLE200_RULES.length;

export function table200Lookup(s: { amount: number; months: number; segment: Segment | string }): { fee: number } {
  const a = s.amount;
  const m = s.months;
  if (a >= 0 && a < 1000 && m >= 0 && m < 1000) {
    const rule = 20 * Math.floor(m / 100) + Math.floor(a / 50);
    if (rule < RULES && (ACCEPTS[rule]! & (SEGMENT_BIT[s.segment] ?? 0)) !== 0) return { fee: FEES[rule]! };
  }
  return { fee: ELSE_FEE };
}
