// The DMN 1.5 range built-ins (`before`, `overlaps`, `during`, …) over points and range literals
// (`[a..b]`, `(a..b]`, `< x`, `>= x`, `=x`), as the runtime relates them (runtime/builtins/range.ts):
// null when a point or an endpoint written in `[a..b]` is null; an absent endpoint, or the null end
// of an open form (`< x` with x null), unbounded; null for a form the built-in does not take.
// Points and endpoints are numbers, strings or dates, all of one kind (any other mix is refused:
// the runtime's answer to it depends on which comparison it reaches first).
import type { Expr } from "../../ir/feel-ast.js";
import { equals, NULL_BOOLEAN, ordered } from "./compare.js";
import { unsupported, type SqlContext } from "./context.js";
import { rangeOfText } from "./range-text.js";
import { deeper, type SqlValue } from "./values.js";

/** A bound: a value (whose SQL null is unbounded on the side `inf` says, when not 0), or unbounded outright (no value). */
interface End {
  value?: SqlValue;
  inf: -1 | 0 | 1;
}

interface SqlRange {
  start: End;
  end: End;
  startIncluded: boolean;
  endIncluded: boolean;
}

/** A condition: SQL that is never null past the guard, or a constant. */
type Cond = string | boolean;

const sql = (c: Cond): string => (c === true ? "TRUE" : c === false ? "FALSE" : c);

function and(...cs: Cond[]): Cond {
  if (cs.includes(false)) return false;
  const rest = cs.filter((c) => c !== true);
  return rest.length === 0 ? true : rest.length === 1 ? rest[0]! : `(${rest.map(sql).join(" AND ")})`;
}

function or(...cs: Cond[]): Cond {
  if (cs.includes(true)) return true;
  const rest = cs.filter((c) => c !== false);
  return rest.length === 0 ? false : rest.length === 1 ? rest[0]! : `(${rest.map(sql).join(" OR ")})`;
}

type Order = "<" | "=" | ">";

/** Which side of zero a comparison's sign is on, for each order. */
const HOLDS: Record<Order, (sign: number) => boolean> = { "<": (s) => s < 0, "=": (s) => s === 0, ">": (s) => s > 0 };

/**
 * `a op b` of two bounds (runtime `cmp`: an unbounded end against anything by its side alone), as a
 * case over which of them is unbounded on this row.
 */
function compared(op: Order, a: End, b: End, cx: SqlContext): Cond {
  const states = (e: End): number[] => (e.value ? (e.inf ? [0, e.inf] : [0]) : [e.inf]);
  const when = (e: End, x: number): string[] => (!e.value || !e.inf ? [] : [`${e.value.sql} IS ${x ? "" : "NOT "}NULL`]);
  const cases: [string[], Cond][] = [];
  for (const x of states(a))
    for (const y of states(b)) {
      const finite = () => (op === "=" ? equals(a.value!, b.value!, cx) : ordered(op, a.value!, b.value!, cx)).sql;
      cases.push([[...when(a, x), ...when(b, y)], x || y ? HOLDS[op](Math.sign(x - y)) : finite()]);
    }
  if (cases.length === 1) return cases[0]![1];
  // the case of two values last, as the ELSE
  const [last, ...others] = cases.reverse();
  return `CASE ${others.map(([c, then]) => `WHEN ${c.join(" AND ")} THEN ${sql(then)}`).join(" ")} ELSE ${sql(last![1])} END`;
}

/** The comparisons the relations are written in, for one query's context. */
function relationOps(cx: SqlContext) {
  const lt = (a: End, b: End) => compared("<", a, b, cx);
  const gt = (a: End, b: End) => compared(">", a, b, cx);
  const eq = (a: End, b: End) => compared("=", a, b, cx);
  const includesPoint = (r: SqlRange, p: End) =>
    and(or(lt(r.start, p), and(eq(r.start, p), r.startIncluded)), or(gt(r.end, p), and(eq(r.end, p), r.endIncluded)));
  const includesRange = (a: SqlRange, b: SqlRange) =>
    and(
      or(lt(a.start, b.start), and(eq(a.start, b.start), a.startIncluded || !b.startIncluded)),
      or(gt(a.end, b.end), and(eq(a.end, b.end), a.endIncluded || !b.endIncluded)),
    );
  const overlapsBefore = (a: SqlRange, b: SqlRange) =>
    and(
      or(lt(a.start, b.start), and(eq(a.start, b.start), a.startIncluded && !b.startIncluded)),
      or(gt(a.end, b.start), and(eq(a.end, b.start), a.endIncluded && b.startIncluded)),
      or(lt(a.end, b.end), and(eq(a.end, b.end), !a.endIncluded || b.endIncluded)),
    );
  const finishes = (a: SqlRange, b: SqlRange) =>
    and(
      a.endIncluded === b.endIncluded,
      eq(a.end, b.end),
      or(gt(a.start, b.start), and(eq(a.start, b.start), !a.startIncluded || b.startIncluded)),
    );
  const starts = (a: SqlRange, b: SqlRange) =>
    and(
      a.startIncluded === b.startIncluded,
      eq(a.start, b.start),
      or(lt(a.end, b.end), and(eq(a.end, b.end), !a.endIncluded || b.endIncluded)),
    );
  return { lt, gt, eq, includesPoint, includesRange, overlapsBefore, finishes, starts };
}

type Ops = ReturnType<typeof relationOps>;

/** The forms of each relation, as in the runtime's table; a form left out is null. */
interface Forms {
  pp?: (o: Ops, a: End, b: End) => Cond;
  pr?: (o: Ops, p: End, r: SqlRange) => Cond;
  rp?: (o: Ops, r: SqlRange, p: End) => Cond;
  rr?: (o: Ops, a: SqlRange, b: SqlRange) => Cond;
}

const RELATIONS: Record<string, Forms> = {
  before: {
    pp: (o, a, b) => o.lt(a, b),
    pr: (o, p, r) => or(o.lt(p, r.start), and(o.eq(p, r.start), !r.startIncluded)),
    rp: (o, r, p) => or(o.lt(r.end, p), and(o.eq(r.end, p), !r.endIncluded)),
    rr: (o, a, b) => or(o.lt(a.end, b.start), and(o.eq(a.end, b.start), !a.endIncluded || !b.startIncluded)),
  },
  after: {
    pp: (o, a, b) => o.gt(a, b),
    pr: (o, p, r) => or(o.gt(p, r.end), and(o.eq(p, r.end), !r.endIncluded)),
    rp: (o, r, p) => or(o.gt(r.start, p), and(o.eq(r.start, p), !r.startIncluded)),
    rr: (o, a, b) => or(o.gt(a.start, b.end), and(o.eq(a.start, b.end), !a.startIncluded || !b.endIncluded)),
  },
  meets: { rr: (o, a, b) => and(a.endIncluded && b.startIncluded, o.eq(a.end, b.start)) },
  "met by": { rr: (o, a, b) => and(a.startIncluded && b.endIncluded, o.eq(a.start, b.end)) },
  overlaps: {
    rr: (o, a, b) =>
      and(
        or(o.gt(a.end, b.start), and(o.eq(a.end, b.start), a.endIncluded && b.startIncluded)),
        or(o.lt(a.start, b.end), and(o.eq(a.start, b.end), a.startIncluded && b.endIncluded)),
      ),
  },
  "overlaps before": { rr: (o, a, b) => o.overlapsBefore(a, b) },
  "overlaps after": { rr: (o, a, b) => o.overlapsBefore(b, a) },
  finishes: { pr: (o, p, r) => and(r.endIncluded, o.eq(p, r.end)), rr: (o, a, b) => o.finishes(a, b) },
  "finished by": { rp: (o, r, p) => and(r.endIncluded, o.eq(r.end, p)), rr: (o, a, b) => o.finishes(b, a) },
  includes: { rp: (o, r, p) => o.includesPoint(r, p), rr: (o, a, b) => o.includesRange(a, b) },
  during: { pr: (o, p, r) => o.includesPoint(r, p), rr: (o, a, b) => o.includesRange(b, a) },
  starts: { pr: (o, p, r) => and(r.startIncluded, o.eq(p, r.start)), rr: (o, a, b) => o.starts(a, b) },
  "started by": { rp: (o, r, p) => and(r.startIncluded, o.eq(r.start, p)), rr: (o, a, b) => o.starts(b, a) },
  coincides: {
    pp: (o, a, b) => o.eq(a, b),
    rr: (o, a, b) =>
      and(a.startIncluded === b.startIncluded && a.endIncluded === b.endIncluded, o.eq(a.start, b.start), o.eq(a.end, b.end)),
  },
};

/** The kinds a point or an endpoint may be, compared as the runtime compares them. */
const ORDERED_KINDS = new Set<SqlValue["kind"]>(["number", "string", "date"]);

type Lower = (e: Expr) => SqlValue;

/**
 * A range built-in's call of two arguments, each a range literal or a point; undefined for another
 * built-in. `lower` lowers an expression in the call's scope.
 */
export function lowerRangeRelation(name: string, args: Expr[], lower: Lower, cx: SqlContext, n: Expr): SqlValue | undefined {
  const forms = Object.hasOwn(RELATIONS, name) ? RELATIONS[name] : undefined;
  if (!forms || args.length !== 2) return undefined;
  const values: SqlValue[] = [];
  /** null on the rows where it is: a point, or an endpoint written in `[a..b]` */
  const guards: SqlValue[] = [];
  const bound = (e: Expr, inf: -1 | 0 | 1): End => {
    // a value of no orderable kind, or of another kind than the rest, is refused (levels compare as strings here)
    const v = { ...cx.layers.bind(lower(e)), levels: undefined };
    if (v.kind === "null") return inf ? { inf } : { value: v, inf };
    if (!ORDERED_KINDS.has(v.kind) || values.some((w) => w.kind !== v.kind))
      throw unsupported(cx, `the built-in ${name}() of points or endpoints of kinds other than one of number, string or date`, n.span);
    values.push(v);
    return { value: v, inf };
  };
  const side = (written: Expr): End | SqlRange => {
    const e = rangeOfText(written) ?? written;
    if (e.kind !== "range") {
      const p = bound(e, 0);
      guards.push(p.value!);
      return p;
    }
    // both endpoints written: a null one is a value, and the relation null; `=x`: x once
    const literal = e.start !== null && e.end !== null;
    const start = e.start ? bound(e.start, literal ? 0 : -1) : ({ inf: -1 } as End);
    const end = e.end === e.start ? start : e.end ? bound(e.end, literal ? 0 : 1) : ({ inf: 1 } as End);
    if (literal) guards.push(start.value!, end.value!);
    return { start, end, startIncluded: e.startIncluded, endIncluded: e.endIncluded };
  };
  const [a, b] = [side(args[0]!), side(args[1]!)];
  const form = `${"start" in a ? "r" : "p"}${"start" in b ? "r" : "p"}` as keyof Forms;
  const relation = forms[form] as ((o: Ops, x: End | SqlRange, y: End | SqlRange) => Cond) | undefined;
  if (!relation || guards.some((g) => g.kind === "null")) return NULL_BOOLEAN;
  const answer = sql(relation(relationOps(cx), a, b));
  const nulls = guards.filter((g, i) => guards.indexOf(g) === i).map((g) => `${g.sql} IS NULL`);
  return {
    sql: nulls.length === 0 ? answer : `CASE WHEN ${nulls.join(" OR ")} THEN CAST(NULL AS BOOLEAN) ELSE ${answer} END`,
    kind: "boolean",
    depth: deeper(...values),
  };
}
