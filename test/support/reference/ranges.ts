// Membership of a point in a range (DMN 1.5, 10.3.2.7): start ≤ p ≤ end with the ends' inclusion;
// an open end (`< 10`) bounds nothing, a null endpoint that is a value compares as null.
import { compare } from "./compare.js";
import type { RRange, RValue } from "./values.js";

/** the point is on the inside of one end, or null when they do not compare */
function within(r: RRange, p: RValue, side: "start" | "end"): boolean | null {
  if (side === "start" ? r.startOpen : r.endOpen) return true;
  const c = compare(p, r[side]);
  if (c === null) return null;
  const included = side === "start" ? r.startIncluded : r.endIncluded;
  return (side === "start" ? c > 0 : c < 0) || (c === 0 && included);
}

export function inRange(r: RRange, p: RValue): boolean | null {
  const [a, b] = [within(r, p, "start"), within(r, p, "end")];
  if (a === false || b === false) return false;
  return a === null || b === null ? null : true;
}
