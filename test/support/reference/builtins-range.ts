// Range relations (DMN 1.5, 10.3.4.11), each written as the spec's formula over points and
// bounded ranges. A comparison the values do not allow makes the whole relation null, and so does
// a range whose endpoint is the null value.
import type { RefBuiltin } from "./builtin-def.js";
import { compare } from "./compare.js";
import { has, type RRange, type RValue } from "./values.js";

class Incomparable extends Error {}

const c = (a: RValue, b: RValue): number => {
  const r = compare(a, b);
  if (r === null) throw new Incomparable();
  return r;
};
const lt = (a: RValue, b: RValue) => c(a, b) < 0;
const gt = (a: RValue, b: RValue) => c(a, b) > 0;
const eq = (a: RValue, b: RValue) => c(a, b) === 0;

type P = RValue;
type R = RRange;
interface Forms {
  pp?: (a: P, b: P) => boolean;
  pr?: (a: P, b: R) => boolean;
  rp?: (a: R, b: P) => boolean;
  rr?: (a: R, b: R) => boolean;
}

const includesRange = (a: R, b: R) =>
  (lt(a.start, b.start) || (eq(a.start, b.start) && (a.startIncluded || !b.startIncluded))) &&
  (gt(a.end, b.end) || (eq(a.end, b.end) && (a.endIncluded || !b.endIncluded)));
const includesPoint = (r: R, p: P) =>
  (lt(r.start, p) || (eq(r.start, p) && r.startIncluded)) && (gt(r.end, p) || (eq(r.end, p) && r.endIncluded));
const overlapsBefore = (a: R, b: R) =>
  (lt(a.start, b.start) || (eq(a.start, b.start) && a.startIncluded && !b.startIncluded)) &&
  (gt(a.end, b.start) || (eq(a.end, b.start) && a.endIncluded && b.startIncluded)) &&
  (lt(a.end, b.end) || (eq(a.end, b.end) && (!a.endIncluded || b.endIncluded)));
const finishes = (a: R, b: R) =>
  a.endIncluded === b.endIncluded &&
  eq(a.end, b.end) &&
  (gt(a.start, b.start) || (eq(a.start, b.start) && (!a.startIncluded || b.startIncluded)));
const starts = (a: R, b: R) =>
  a.startIncluded === b.startIncluded &&
  eq(a.start, b.start) &&
  (lt(a.end, b.end) || (eq(a.end, b.end) && (!a.endIncluded || b.endIncluded)));

const RELATIONS: Record<string, Forms> = {
  before: {
    pp: (a, b) => lt(a, b),
    pr: (p, r) => lt(p, r.start) || (eq(p, r.start) && !r.startIncluded),
    rp: (r, p) => lt(r.end, p) || (eq(r.end, p) && !r.endIncluded),
    rr: (a, b) => lt(a.end, b.start) || (eq(a.end, b.start) && (!a.endIncluded || !b.startIncluded)),
  },
  after: {
    pp: (a, b) => gt(a, b),
    pr: (p, r) => gt(p, r.end) || (eq(p, r.end) && !r.endIncluded),
    rp: (r, p) => gt(r.start, p) || (eq(r.start, p) && !r.startIncluded),
    rr: (a, b) => gt(a.start, b.end) || (eq(a.start, b.end) && (!a.startIncluded || !b.endIncluded)),
  },
  meets: { rr: (a, b) => a.endIncluded && b.startIncluded && eq(a.end, b.start) },
  "met by": { rr: (a, b) => a.startIncluded && b.endIncluded && eq(a.start, b.end) },
  overlaps: {
    rr: (a, b) =>
      (gt(a.end, b.start) || (eq(a.end, b.start) && a.endIncluded && b.startIncluded)) &&
      (lt(a.start, b.end) || (eq(a.start, b.end) && a.startIncluded && b.endIncluded)),
  },
  "overlaps before": { rr: overlapsBefore },
  "overlaps after": { rr: (a, b) => overlapsBefore(b, a) },
  finishes: { pr: (p, r) => r.endIncluded && eq(r.end, p), rr: finishes },
  "finished by": { rp: (r, p) => r.endIncluded && eq(r.end, p), rr: (a, b) => finishes(b, a) },
  includes: { rp: includesPoint, rr: includesRange },
  during: { pr: (p, r) => includesPoint(r, p), rr: (a, b) => includesRange(b, a) },
  starts: { pr: (p, r) => r.startIncluded && eq(r.start, p), rr: starts },
  "started by": { rp: (r, p) => r.startIncluded && eq(r.start, p), rr: (a, b) => starts(b, a) },
  coincides: {
    pp: (a, b) => eq(a, b),
    rr: (a, b) => a.startIncluded === b.startIncluded && a.endIncluded === b.endIncluded && eq(a.start, b.start) && eq(a.end, b.end),
  },
};

const PARAMS: Record<keyof Forms, string[]> = {
  pp: ["point1", "point2"],
  pr: ["point", "range"],
  rp: ["range", "point"],
  rr: ["range1", "range2"],
};

/** `[null..10)`: an endpoint that is the null value, not an open end (the generators write no open ends) */
const nullEndpoint = (v: RValue) => v !== null && has(v, "range") && (v.start === null || v.end === null);

function relation(forms: Forms): RefBuiltin {
  const kinds = (Object.keys(PARAMS) as (keyof Forms)[]).filter((k) => forms[k]);
  return {
    signatures: kinds.map((k) => PARAMS[k]),
    impl: ([a, b]) => {
      if (a === null || b === null || a === undefined || b === undefined || nullEndpoint(a) || nullEndpoint(b)) return null;
      const kind = `${has(a, "range") ? "r" : "p"}${has(b, "range") ? "r" : "p"}` as keyof Forms;
      const f = forms[kind] as ((x: RValue, y: RValue) => boolean) | undefined;
      try {
        return f ? f(a, b) : null;
      } catch (e) {
        if (e instanceof Incomparable) return null;
        throw e;
      }
    },
  };
}

export const rangeBuiltins: Record<string, RefBuiltin> = Object.fromEntries(
  Object.entries(RELATIONS).map(([name, forms]) => [name, relation(forms)]),
);
