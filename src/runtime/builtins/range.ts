// Range built-ins (DMN 1.5 10.3.4.11): relations between points and ranges, after Allen's
// interval algebra. An absent range endpoint is unbounded (below or above every point).
import { compareValues } from "../compare.js";
import { describe } from "../kinds.js";
import { problem } from "../problems.js";
import { FeelRange, type FeelValue } from "../values.js";
import { scalars } from "./args.js";
import { madeGroup, ofKind, T, type BuiltinDef, type Signature } from "./def.js";
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
interface Forms {
  pp?: Rel<Bound, Bound>;
  pr?: Rel<Bound, FeelRange>;
  rp?: Rel<FeelRange, Bound>;
  rr?: Rel<FeelRange, FeelRange>;
}

interface Relation extends Forms {
  description: string;
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
  a.endIncluded === b.endIncluded && eq(E(a), E(b)) && (gt(S(a), S(b)) || (eq(S(a), S(b)) && (!a.startIncluded || b.startIncluded)));
const starts = (a: FeelRange, b: FeelRange) =>
  a.startIncluded === b.startIncluded && eq(S(a), S(b)) && (lt(E(a), E(b)) || (eq(E(a), E(b)) && (!a.endIncluded || b.endIncluded)));

const RELATIONS: Record<string, Relation> = {
  before: {
    description: "Whether a point or range lies wholly before another.",
    pp: (a, b) => lt(a, b),
    pr: (p, r) => lt(p, S(r)) || (eq(p, S(r)) && !r.startIncluded),
    rp: (r, p) => lt(E(r), p) || (eq(E(r), p) && !r.endIncluded),
    rr: (a, b) => lt(E(a), S(b)) || (eq(E(a), S(b)) && (!a.endIncluded || !b.startIncluded)),
  },
  after: {
    description: "Whether a point or range lies wholly after another.",
    pp: (a, b) => gt(a, b),
    pr: (p, r) => gt(p, E(r)) || (eq(p, E(r)) && !r.endIncluded),
    rp: (r, p) => gt(S(r), p) || (eq(S(r), p) && !r.startIncluded),
    rr: (a, b) => gt(S(a), E(b)) || (eq(S(a), E(b)) && (!a.startIncluded || !b.endIncluded)),
  },
  meets: {
    description: "Whether range1 ends, included, where range2 starts, included.",
    rr: (a, b) => a.endIncluded && b.startIncluded && eq(E(a), S(b)),
  },
  "met by": {
    description: "Whether range1 starts, included, where range2 ends, included.",
    rr: (a, b) => a.startIncluded && b.endIncluded && eq(S(a), E(b)),
  },
  overlaps: {
    description: "Whether two ranges share a point.",
    rr: (a, b) =>
      (gt(E(a), S(b)) || (eq(E(a), S(b)) && a.endIncluded && b.startIncluded)) &&
      (lt(S(a), E(b)) || (eq(S(a), E(b)) && a.startIncluded && b.endIncluded)),
  },
  "overlaps before": { description: "Whether range1 starts before range2 and ends within it.", rr: overlapsBefore },
  "overlaps after": { description: "Whether range1 starts within range2 and ends after it.", rr: (a, b) => overlapsBefore(b, a) },
  finishes: {
    description: "Whether a point is a range's included end, or range1 ends with range2 and lies within it.",
    pr: (p, r) => r.endIncluded && eq(p, E(r)),
    rr: finishes,
  },
  "finished by": {
    description: "Whether a range's included end is the point, or range1 ends with range2 and contains it.",
    rp: (r, p) => r.endIncluded && eq(E(r), p),
    rr: (a, b) => finishes(b, a),
  },
  includes: { description: "Whether a range contains a point or another range.", rp: includesPoint, rr: includesRange },
  during: {
    description: "Whether a point or range lies within a range.",
    pr: (p, r) => includesPoint(r, p),
    rr: (a, b) => includesRange(b, a),
  },
  starts: {
    description: "Whether a point is a range's included start, or range1 starts with range2 and lies within it.",
    pr: (p, r) => r.startIncluded && eq(p, S(r)),
    rr: starts,
  },
  "started by": {
    description: "Whether a range's included start is the point, or range1 starts with range2 and contains it.",
    rp: (r, p) => r.startIncluded && eq(S(r), p),
    rr: (a, b) => starts(b, a),
  },
  coincides: {
    description: "Whether two points are equal, or two ranges have the same endpoints and inclusions.",
    pp: (a, b) => eq(a, b),
    rr: (a, b) => a.startIncluded === b.startIncluded && a.endIncluded === b.endIncluded && eq(S(a), S(b)) && eq(E(a), E(b)),
  },
};

/** `[null..10)`: an endpoint that is the null value, not an open end. */
const hasNullEndpoint = (v: FeelValue): boolean =>
  v instanceof FeelRange && v.nullEndpoints === "value" && (v.start === null || v.end === null);

function relate(name: string, rel: Forms, a: FeelValue, b: FeelValue): FeelValue {
  if (a === null || b === null || a === undefined || b === undefined) return null;
  // null whichever endpoint the relation would read first, not only when it reads the null one
  if (hasNullEndpoint(a) || hasNullEndpoint(b)) return problem(`${name}(): a range endpoint is null`);
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
const FORM_PARAMS: Record<keyof Forms, [string, string]> = {
  pp: ["point1", "point2"],
  pr: ["point", "range"],
  rp: ["range", "point"],
  rr: ["range1", "range2"],
};

/** The relation built-in of that name (RELATIONS). */
function relationBuiltin(name: string): BuiltinDef {
  const rel = RELATIONS[name]!;
  const impl = scalars((a: FeelValue, b: FeelValue) => relate(name, rel, a, b));
  const signatures: Signature[] = (Object.keys(FORM_PARAMS) as (keyof Forms)[])
    .filter((form) => rel[form])
    .map((form) => ({ params: FORM_PARAMS[form], impl }));
  return ofKind("range")({ name, result: T.boolean, description: rel.description, signatures });
}

// one maker a built-in (def.ts), so that a bundle keeps those its model names
export const builtinBefore = (): BuiltinDef => relationBuiltin("before");
export const builtinAfter = (): BuiltinDef => relationBuiltin("after");
export const builtinMeets = (): BuiltinDef => relationBuiltin("meets");
export const builtinMetBy = (): BuiltinDef => relationBuiltin("met by");
export const builtinOverlaps = (): BuiltinDef => relationBuiltin("overlaps");
export const builtinOverlapsBefore = (): BuiltinDef => relationBuiltin("overlaps before");
export const builtinOverlapsAfter = (): BuiltinDef => relationBuiltin("overlaps after");
export const builtinFinishes = (): BuiltinDef => relationBuiltin("finishes");
export const builtinFinishedBy = (): BuiltinDef => relationBuiltin("finished by");
export const builtinIncludes = (): BuiltinDef => relationBuiltin("includes");
export const builtinDuring = (): BuiltinDef => relationBuiltin("during");
export const builtinStarts = (): BuiltinDef => relationBuiltin("starts");
export const builtinStartedBy = (): BuiltinDef => relationBuiltin("started by");
export const builtinCoincides = (): BuiltinDef => relationBuiltin("coincides");
export const builtinRange = (): BuiltinDef =>
  ofKind("conversion")({
    name: "range",
    result: { kind: "range", element: T.any },
    description: 'The range a string spells in FEEL\'s range syntax, such as "[1..10)".',
    signatures: [{ params: ["from"], impl: parseRange }],
  });

export const rangeBuiltins: BuiltinDef[] = /* @__PURE__ */ madeGroup([
  builtinBefore,
  builtinAfter,
  builtinMeets,
  builtinMetBy,
  builtinOverlaps,
  builtinOverlapsBefore,
  builtinOverlapsAfter,
  builtinFinishes,
  builtinFinishedBy,
  builtinIncludes,
  builtinDuring,
  builtinStarts,
  builtinStartedBy,
  builtinCoincides,
  builtinRange,
]);
