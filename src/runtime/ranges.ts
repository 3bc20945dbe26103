// Ranges as values (DMN 1.5 10.3.2.7): construction, membership and `between`.
import { compareValues, ge, le } from "./compare.js";
import { isDecimal } from "./decimal.js";
import { describe, kindOf, isTemporalKind } from "./kinds.js";
import { ne } from "./equality.js";
import { and } from "./logic.js";
import { problem } from "./problems.js";
import { FeelRange, type FeelValue } from "./values.js";

const orderable = (v: FeelValue) => {
  const k = kindOf(v);
  return k === "number" || k === "string" || isTemporalKind(k);
};

/**
 * A range literal. Endpoints must be ordered values of one kind. A null endpoint is unbounded,
 * except with `literal` (the `[a..b]` form, both endpoints written), where null is a null value.
 */
export function range(
  startIncluded: boolean,
  start: FeelValue,
  end: FeelValue,
  endIncluded: boolean,
  literal = false,
  test?: "=" | "!=",
): FeelRange | null {
  for (const e of [start, end]) {
    if (e !== null && !orderable(e)) return problem(`a range endpoint cannot be ${describe(e)}`);
  }
  if (start !== null && end !== null && compareValues(start, end) === null) {
    return problem(`range endpoints ${describe(start)} and ${describe(end)} are not comparable`);
  }
  const nulls = literal && (start === null || end === null) ? "value" : "unbounded";
  return new FeelRange(startIncluded, start, end, endIncluded, nulls, test);
}

/** Is v inside r? null when v cannot be compared with the endpoints. */
export function inRange(v: FeelValue, r: FeelValue): boolean | null {
  if (v === null || !(r instanceof FeelRange)) return null;
  if (r.test === "!=") return ne(v, r.start); // everything but the one value
  const { start, end } = r;
  if (isDecimal(v) && isDecimal(start) && isDecimal(end)) {
    // a number between two numbers: their order, without a test of each value's kind
    const above = v.cmp(start);
    const below = v.cmp(end);
    return (above > 0 || (above === 0 && r.startIncluded)) && (below < 0 || (below === 0 && r.endIncluded));
  }
  const check = (bound: FeelValue, sign: 1 | -1, included: boolean): boolean | null => {
    if (bound === null) return r.nullEndpoints === "value" ? null : true;
    const c = compareValues(v, bound);
    if (c === null) return null;
    return c * sign > 0 || (c === 0 && included);
  };
  return and(check(r.start, 1, r.startIncluded), check(r.end, -1, r.endIncluded));
}

/** `v between low and high` is `v >= low and v <= high` (DMN 1.5 10.3.2.9): false when either side is false, even with a null. */
export function between(v: FeelValue, low: FeelValue, high: FeelValue): boolean | null {
  return and(ge(v, low), le(v, high));
}
