// Range built-ins (DMN 1.5 10.3.4.11): relations between points and ranges, after Allen's
// interval algebra. An absent range endpoint is unbounded (below or above every point).
import { compareValues } from "../compare.js";
import { describe } from "../kinds.js";
import { problem } from "../problems.js";
import { FeelRange, type FeelValue } from "../values.js";
import { scalars } from "./args.js";
import type { BuiltinDef, Signature } from "./def.js";
import { parseRange } from "./range-parse.js";

/** A bound: a value, or -1/+1 for an unbounded start/end. */
type Bound = { v: FeelValue; inf: -1 | 0 | 1 };

class Incomparable extends Error {}

/** An endpoint; a null one is unbounded unless the range says null endpoints are values. */
function bound(r: FeelRange, v: FeelValue, inf: -1 | 1): Bound {
  if (v !== null) return { v, inf: 0 };
  if (r.nullEndpoints === "value") throw new Incomparable("a range endpoint is null");
  return { v, inf };
}
const S = (r: FeelRange): Bound => bound(r, r.start, -1);
const E = (r: FeelRange): Bound => bound(r, r.end, 1);
const P = (p: FeelValue): Bound => ({ v: p, inf: 0 });

function cmp(a: Bound, b: Bound): number {
  if (a.inf || b.inf) return Math.sign(a.inf - b.inf);
  const c = compareValues(a.v, b.v);
  if (c === null) throw new Incomparable(`cannot compare ${describe(a.v)} and ${describe(b.v)}`);
  return c;
}
const lt = (a: Bound, b: Bound) => cmp(a, b) < 0;
const gt = (a: Bound, b: Bound) => cmp(a, b) > 0;
const eq = (a: Bound, b: Bound) => cmp(a, b) === 0;

type Rel<A, B> = (a: A, b: B) => boolean;

/** The four forms a relation may have; a missing form makes that combination an error. */
interface Relation {
  pp?: Rel<Bound, Bound>;
  pr?: Rel<Bound, FeelRange>;
  rp?: Rel<FeelRange, Bound>;
  rr?: Rel<FeelRange, FeelRange>;
}

const includesPoint = (r: FeelRange, p: Bound) =>
  (lt(S(r), p) || (eq(S(r), p) && r.startIncluded)) && (gt(E(r), p) || (eq(E(r), p) && r.endIncluded));
const includesRange = (a: FeelRange, b: FeelRange) =>
  (lt(S(a), S(b)) || (eq(S(a), S(b)) && (a.startIncluded || !b.startIncluded))) &&
  (gt(E(a), E(b)) || (eq(E(a), E(b)) && (a.endIncluded || !b.endIncluded)));
const overlapsBefore = (a: FeelRange, b: FeelRange) =>
  (lt(S(a), S(b)) || (eq(S(a), S(b)) && a.startIncluded && !b.startIncluded)) &&
  (gt(E(a), S(b)) || (eq(E(a), S(b)) && a.endIncluded && b.startIncluded)) &&
  (lt(E(a), E(b)) || (eq(E(a), E(b)) && (!a.endIncluded || b.endIncluded)));
const finishes = (a: FeelRange, b: FeelRange) =>
  a.endIncluded === b.endIncluded &&
  eq(E(a), E(b)) &&
  (gt(S(a), S(b)) || (eq(S(a), S(b)) && (!a.startIncluded || b.startIncluded)));
const starts = (a: FeelRange, b: FeelRange) =>
  a.startIncluded === b.startIncluded &&
  eq(S(a), S(b)) &&
  (lt(E(a), E(b)) || (eq(E(a), E(b)) && (!a.endIncluded || b.endIncluded)));

const RELATIONS: Record<string, Relation> = {
  before: {
    pp: (a, b) => lt(a, b),
    pr: (p, r) => lt(p, S(r)) || (eq(p, S(r)) && !r.startIncluded),
    rp: (r, p) => lt(E(r), p) || (eq(E(r), p) && !r.endIncluded),
    rr: (a, b) => lt(E(a), S(b)) || (eq(E(a), S(b)) && (!a.endIncluded || !b.startIncluded)),
  },
  after: {
    pp: (a, b) => gt(a, b),
    pr: (p, r) => gt(p, E(r)) || (eq(p, E(r)) && !r.endIncluded),
    rp: (r, p) => gt(S(r), p) || (eq(S(r), p) && !r.startIncluded),
    rr: (a, b) => gt(S(a), E(b)) || (eq(S(a), E(b)) && (!a.startIncluded || !b.endIncluded)),
  },
  meets: { rr: (a, b) => a.endIncluded && b.startIncluded && eq(E(a), S(b)) },
  "met by": { rr: (a, b) => a.startIncluded && b.endIncluded && eq(S(a), E(b)) },
  overlaps: {
    rr: (a, b) =>
      (gt(E(a), S(b)) || (eq(E(a), S(b)) && a.endIncluded && b.startIncluded)) &&
      (lt(S(a), E(b)) || (eq(S(a), E(b)) && a.startIncluded && b.endIncluded)),
  },
  "overlaps before": { rr: overlapsBefore },
  "overlaps after": { rr: (a, b) => overlapsBefore(b, a) },
  finishes: { pr: (p, r) => r.endIncluded && eq(p, E(r)), rr: finishes },
  "finished by": { rp: (r, p) => r.endIncluded && eq(E(r), p), rr: (a, b) => finishes(b, a) },
  includes: { rp: includesPoint, rr: includesRange },
  during: { pr: (p, r) => includesPoint(r, p), rr: (a, b) => includesRange(b, a) },
  starts: { pr: (p, r) => r.startIncluded && eq(p, S(r)), rr: starts },
  "started by": { rp: (r, p) => r.startIncluded && eq(S(r), p), rr: (a, b) => starts(b, a) },
  coincides: {
    pp: (a, b) => eq(a, b),
    rr: (a, b) => a.startIncluded === b.startIncluded && a.endIncluded === b.endIncluded && eq(S(a), S(b)) && eq(E(a), E(b)),
  },
};

function relate(name: string, rel: Relation, a: FeelValue, b: FeelValue): FeelValue {
  if (a === null || b === null || a === undefined || b === undefined) return null;
  const ra = a instanceof FeelRange;
  const rb = b instanceof FeelRange;
  try {
    if (ra && rb && rel.rr) return rel.rr(a, b);
    if (ra && !rb && rel.rp) return rel.rp(a, P(b));
    if (!ra && rb && rel.pr) return rel.pr(P(a), b);
    if (!ra && !rb && rel.pp) return rel.pp(P(a), P(b));
    return problem(`${name}() does not apply to ${describe(a)} and ${describe(b)}`);
  } catch (e) {
    if (e instanceof Incomparable) return problem(`${name}(): ${e.message}`);
    throw e;
  }
}

// parameter names of each form, for named invocation
const FORM_PARAMS: Record<keyof Relation, [string, string]> = {
  pp: ["point1", "point2"],
  pr: ["point", "range"],
  rp: ["range", "point"],
  rr: ["range1", "range2"],
};

function relationBuiltin(name: string, rel: Relation): BuiltinDef {
  const impl = scalars((a: FeelValue, b: FeelValue) => relate(name, rel, a, b));
  const signatures: Signature[] = (Object.keys(FORM_PARAMS) as (keyof Relation)[])
    .filter((form) => rel[form])
    .map((form) => ({ params: FORM_PARAMS[form], impl }));
  return { name, signatures };
}

export const rangeBuiltins: BuiltinDef[] = [
  ...Object.entries(RELATIONS).map(([name, rel]) => relationBuiltin(name, rel)),
  { name: "range", signatures: [{ params: ["from"], impl: parseRange }] },
];
