// Hand-written baseline: the 200-rule table as the chain of `if`s a naive compiler emits, one test
// per rule in table order. The chain is built once from the rule data with `new Function`, so the
// JIT sees exactly the straight-line source a person would otherwise type out 200 times.
import { ELSE_FEE, SEGMENTS, TABLE200_RULES, type Segment } from "../models/table200.js";

function segmentTest(segments: readonly string[]): string {
  if (segments.length === SEGMENTS.length) return "";
  return ` && (${segments.map((s) => `g === ${JSON.stringify(s)}`).join(" || ")})`;
}

const body = [
  "const a = s.amount, m = s.months, g = s.segment;",
  ...TABLE200_RULES.map(
    (r) =>
      `if (a >= ${r.amountMin} && a < ${r.amountMax} && m >= ${r.monthsMin} && m < ${r.monthsMax}${segmentTest(r.segments)}) return { fee: ${r.fee} };`,
  ),
  `return { fee: ${ELSE_FEE} };`,
].join("\n");

export const table200IfChain = new Function("s", body) as (s: { amount: number; months: number; segment: Segment | string }) => {
  fee: number;
};
