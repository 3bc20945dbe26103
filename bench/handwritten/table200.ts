// Hand-written baseline for the generated 200-rule table: the rules as data and a first-match
// scan, which is how a careful person keeps 200 rules maintainable in plain JS.
import { ELSE_FEE, TABLE200_RULES, type Segment } from "../models/table200.js";

interface Rule {
  amountMin: number;
  amountMax: number;
  monthsMin: number;
  monthsMax: number;
  segments: ReadonlySet<string>;
  fee: number;
}

const RULES: Rule[] = TABLE200_RULES.map((r) => ({ ...r, segments: new Set<string>(r.segments) }));

export function table200Handwritten(s: { amount: number; months: number; segment: Segment | string }): { fee: number } {
  for (const r of RULES) {
    if (
      s.amount >= r.amountMin &&
      s.amount < r.amountMax &&
      s.months >= r.monthsMin &&
      s.months < r.monthsMax &&
      r.segments.has(s.segment)
    ) {
      return { fee: r.fee };
    }
  }
  return { fee: ELSE_FEE };
}
